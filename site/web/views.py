"""Pages and fragments for the lobby, challenges and matches. Thin: the work is in the services."""

from __future__ import annotations

from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.clocks.display import time_control_summary
from daymove.errors import Refused
from daymove.notify.looks import saw_position
from daymove.play import caps, challenges, draws
from daymove.play.board_cache import page_context
from daymove.play.lookups import match_or_404
from daymove.play.models import Challenge, Match
from daymove.play.rules_pages import rules_page_for
from daymove.play.wording import options_said
from daymove.players.accounts import find_player, has_verified_email
from daymove.prepared_sql import Prepared
from daymove.ratings.updates import challenge_expectation
from daymove.refusals import answers_refusals
from daymove.round import challenges as round_challenges
from daymove.round import draws as round_draws
from daymove.round import endings, moves
from daymove.safety.blocks import without_blocked
from daymove.web import lobby_rows
from daymove.web.forms import ChallengeForm, MoveForm
from daymove.web.lobby_filters import OpenChallengeFilter, rating_label
from daymove.web.match_extras import MATCH_PAGE_RELATED, match_extras, page_match_or_404
from daymove.web.profiles import bot_lobby_rows
from daymove.web.turn_order import next_game
from games.registry import all_games

HELD_EMAIL = _(
    "%(who)s gets no email about it: enough challenge emails have gone out this hour. "
    "The challenge waits in %(who)s's lobby."
)
RECENT_FINISHED = 20
# Challenges to one player, newest first: anyone may send one, so the list is bounded here (a player's own lists
# are bounded by the caps: DAYMOVE_MAX_ACTIVE_MATCHES, DAYMOVE_MAX_OPEN_CHALLENGES).
RECEIVED_SHOWN = 50
OPEN_PER_PAGE = 25  # open challenges per lobby page


def _with_summaries(challenges: list) -> list:
    """Each challenge with `summary`: its options and time control in words."""
    for challenge in challenges:
        challenge.summary = ", ".join(
            part for part in (options_said(challenge.rules, challenge.options), time_control_summary(challenge)) if part
        )
    return challenges


# What the lobby's rows of challenges read: a third of the columns of a challenge, its players, profiles and clock.
LISTED_CHALLENGE_FIELDS = (
    *("game", "options", "creator", "opponent", "rated"),
    *(f"{who}__{field}" for who in ("creator", "opponent") for field in ("username", *lobby_rows.PROFILE_FIELDS)),
    *(
        f"clock__{field}"
        for field in ("kind", "days_per_move", "bank_initial_days", "bank_increment_days", "bank_cap_days")
    ),
)


def _open_challenges():
    return (
        Challenge.objects.filter(status=Challenge.Status.OPEN)
        .select_related("creator__player", "opponent__player", "clock")
        .only(*LISTED_CHALLENGE_FIELDS)
    )


def _listed_matches(user):
    """The player's matches that the lobby lists: the active ones and the latest finished."""
    mine = Match.objects.involving(user)
    recent = mine.exclude(status=Match.Status.ACTIVE).order_by("-finished_at").values("pk")[:RECENT_FINISHED]
    return mine.filter(Q(status=Match.Status.ACTIVE) | Q(pk__in=recent)).values(*lobby_rows.LISTED)


def _own_challenges(user):
    """The player's open challenges and the latest of those sent to them."""
    received = _open_challenges().filter(opponent=user).values("pk")[:RECEIVED_SHOWN]
    # `opponent=user` on the received side too, though the subquery implies it: PostgreSQL then finds both sides by
    # their indexes, where "creator or in a subquery" made it join every user (9 ms at 20,000 players, not 0.2).
    return _open_challenges().filter(Q(creator=user) | Q(opponent=user, pk__in=received))


def _open_to(user_pk, filters):
    """The open challenges to anyone that match `filters`, with their creators' ratings; for a signed-in player
    (`user_pk`, None for a visitor) only those they may accept."""
    open_to_all = filters.apply(_open_challenges().filter(opponent__isnull=True))
    if user_pk is None:
        return open_to_all
    return without_blocked(open_to_all.exclude(creator=user_pk), user_pk, "creator_id")


# The same SQL for every player (only their id differs), built once per process: see daymove.prepared_sql.
LISTED_MATCHES, OWN_CHALLENGES = Prepared(_listed_matches), Prepared(_own_challenges)
# Counted only: its ids alone, unordered (the creators' ratings are not read for a count).
OPEN_TO_ALL = Prepared(lambda user_pk: _open_to(user_pk, _no_filters()).order_by().values("pk"))
OPEN_FIRST_PAGE = Prepared(lambda user_pk: _open_to(user_pk, _no_filters())[: OPEN_PER_PAGE + 1])


def _your_games(user, urls: lobby_rows.Urls, badges: lobby_rows.Badges) -> dict:
    """The signed-in player's own lists: matches (your turn soonest deadline first, waiting, finished) and
    challenges (to you, by you)."""
    # One query for the matches (the active ones and the latest finished) and one for the challenges.
    challenges = _with_summaries(OWN_CHALLENGES.models(user.pk))
    lobby_rows.challenge_links(challenges, urls, badges)
    return lobby_rows.match_lists(LISTED_MATCHES.values(user.pk), user, urls, badges) | {
        "received": [c for c in challenges if c.creator_id != user.pk],
        "sent": [c for c in challenges if c.creator_id == user.pk],
    }


@lru_cache(maxsize=32)
def _empty_filters_html(language: str, games: tuple[str, ...]) -> str:
    """The lobby's filter form left empty: the same for everyone who reads `language`, so drawn once per process."""
    return render_to_string("play/lobby.html#filters", {"filters": OpenChallengeFilter()})


@lru_cache(maxsize=1)
def _no_filters() -> OpenChallengeFilter:
    """An unbound filter form, shared: the lobby only asks it `is_bound` and `apply` (its fields are drawn by
    `_empty_filters_html`), which read nothing of a request or language."""
    return OpenChallengeFilter()


@never_cache
def lobby(request):
    """Open challenges, your challenges and your matches."""
    user = request.user
    urls, badges = lobby_rows.Urls(), lobby_rows.Badges()  # one of each a request: routes and players recur
    asked = {k: v for k, v in request.GET.items() if k != "page"}
    filters = OpenChallengeFilter(asked) if asked else _no_filters()
    bots = bot_lobby_rows()
    lobby_rows.bot_links(bots, urls)
    context = {"games": lobby_rows.game_links(all_games(), urls), "bots": bots, "filters": filters}
    if not filters.is_bound:
        context["filters_html"] = _empty_filters_html(get_language(), tuple(all_games()))
    user_pk, number = (user.pk if user.is_authenticated else None), request.GET.get("page")
    if user_pk is not None:
        context |= _your_games(user, urls, badges)
        context["turn_count"] = len(context["your_turn"])  # the nav's count, known here without its own query
    if user_pk is not None and not filters.is_bound and number in (None, "1"):
        # The usual dashboard: its first page (and, when there are more, their count) by SQL built once per process.
        count = lambda: OPEN_TO_ALL.count(user_pk)  # noqa: E731 - asked only when there is more than a page
        context["open_page"] = lobby_rows.first_page(OPEN_FIRST_PAGE.models(user_pk), count, OPEN_PER_PAGE)
    else:
        context["open_page"] = lobby_rows.page_of(_open_to(user_pk, filters), OPEN_PER_PAGE, number)
    context["open_challenges"] = _with_summaries(list(context["open_page"]))
    lobby_rows.challenge_links(context["open_challenges"], urls, badges)
    for challenge in context["open_challenges"]:
        challenge.rating_label = rating_label(challenge)
    return render(request, "play/lobby.html", context)


# The lobby's parts that follow the player's games live (asked again on each "turns" event).
LOBBY_PARTS = frozenset({"your_games", "your_history"})


@never_cache
@require_GET
@login_required
def lobby_part(request, part):
    """htmx, on a live update: one of the lobby's lists of the player's own games."""
    if part not in LOBBY_PARTS:
        raise Http404(gettext("There is no such part of the lobby."))
    games = _your_games(request.user, lobby_rows.Urls(), lobby_rows.Badges())
    return render(request, f"play/lobby.html#{part}", games)


def _challenge_form(request, game) -> ChallengeForm:
    initial = {"opponent": request.GET.get("opponent", ""), "rated": has_verified_email(request.user)}
    return ChallengeForm(game, request.POST or None, initial=initial)


def _challenge_page(request, game, form: ChallengeForm, status: int = 200):
    opponent_name = request.POST.get("opponent") or request.GET.get("opponent", "")
    # On a POST a cap reached is the form's own error.
    cap_problem = caps.cap_problem(request.user) if request.method == "GET" else None
    context = {"form": form, "game": game, "cap_problem": cap_problem}
    context |= _expectation_context(request.user, game, opponent_name)
    return render(request, "play/challenge_form.html", context, status=status)


def _challenge_refused(request, refusal: Refused, slug):
    """The challenge form again, with the reason the challenge was refused."""
    game = all_games()[slug]
    form = _challenge_form(request, game)
    form.is_valid()  # it was: the challenge was refused after
    form.add_error(None, refusal.message)
    return _challenge_page(request, game, form, refusal.status)


@login_required
@answers_refusals(show=_challenge_refused)
def new_challenge(request, slug):
    """The challenge form for one game."""
    game = all_games().get(slug)
    if game is None:
        raise Http404(gettext("There is no such game."))
    form = _challenge_form(request, game)
    if request.method != "POST":
        return _challenge_page(request, game, form)
    if not form.is_valid():
        return _challenge_page(request, game, form, status=400)
    challenge = round_challenges.create_challenge(
        request.user,
        game.slug,
        form.cleaned_options(),
        form.cleaned_data["opponent"],
        form.cleaned_seat(),
        form.cleaned_data["rated"],
        time_control=form.time_control,
    )
    if challenge.match is not None:
        started = gettext("%(player)s accepted: the match has started.") % {"player": challenge.opponent}
        messages.success(request, started)
        return redirect(challenge.match)
    if challenge.opponent:
        messages.success(request, gettext("Challenge to %(player)s created.") % {"player": challenge.opponent.username})
    else:
        messages.success(request, gettext("Challenge to anyone created."))
    _tell_if_email_held(request, challenge)
    return redirect("lobby")


def _tell_if_email_held(request, challenge) -> None:
    """Say so when the challenge's email was held back (the hourly email allowance was used up)."""
    if getattr(challenge, "email_held", False):
        messages.info(request, HELD_EMAIL % {"who": challenge.opponent.username})


def _expectation_context(user, game, opponent_name: str) -> dict:
    opponent = find_player(opponent_name) if opponent_name.strip() else None
    if opponent is not None and opponent.pk == user.pk:
        opponent = None
    return {"expected": challenge_expectation(user, game.slug, opponent), "expected_opponent": opponent}


@never_cache
@login_required
@require_GET
def expected_change(request, slug):
    """htmx: the challenge form's expected rating changes for the opponent typed so far."""
    game = all_games().get(slug)
    if game is None:
        raise Http404(gettext("There is no such game."))
    context = {"game": game} | _expectation_context(request.user, game, request.GET.get("opponent", "")[:150])
    return render(request, "play/challenge_form.html#expected", context)


def _to_match(request, match_id) -> str:
    return reverse("match", args=[match_id])


def _post_action(action, success_message, back):
    """A POST view that calls `action(object_id, user)`: the result's page on success.

    A refusal goes `back` (a URL name, or a function of the URL's arguments) as a message; someone else's or a
    missing object gets its 403/404 (daymove.refusals). Nothing changes on refusal.
    """

    @require_POST
    @login_required
    @answers_refusals(back=back)
    def view(request, **url_kwargs):
        (object_id,) = url_kwargs.values()  # the one id in the URL, whatever its name
        result = action(object_id, request.user)
        messages.success(request, success_message)
        return redirect(result) if isinstance(result, Match) else redirect("lobby")

    view.__doc__ = f"POST: {success_message}"
    return view


def _challenge_action(action, success_message):
    return _post_action(action, success_message, "lobby")


accept_challenge = _challenge_action(round_challenges.accept_challenge, _("Challenge accepted: the match has started."))
decline_challenge = _challenge_action(challenges.decline_challenge, _("Challenge declined."))
cancel_challenge = _challenge_action(challenges.cancel_challenge, _("Challenge withdrawn."))


def _parse_at(request) -> int | None:
    try:
        return int(request.GET["at"])
    except (KeyError, ValueError):
        return None


def _render_match(request, match: Match, *, clicked=(), at=None, form=None, error=None, status=200, part="play"):
    """The match page, or one of its live parts (`part`, the play area by default) for htmx requests.

    A part computes only what it shows (match_extras): only the page and the play area draw the board."""
    shown = part if request.htmx else None  # None: the whole page
    if shown in (None, "play"):
        context = page_context(match, request.user, list(clicked), at)
    else:
        context = {"match": match, "rules": match.rules, "seat": match.seat_of(request.user)}
    context |= match_extras(match, request, shown)
    context["form"] = form or MoveForm(initial={"ply": match.ply})
    context["error"] = error
    context["live_match"] = match.pk
    if part == "play" and not context["replaying"]:
        saw_position(match, request.user)  # a turn email waiting for the player to see this position is dropped
    template = f"play/match.html#{part}" if request.htmx else "play/match.html"
    response = render(request, template, context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@require_GET
def match_page(request, match_id):
    """The match: board from the viewer's side, clicks towards a move, history and replay."""
    match = page_match_or_404(match_id, request.user)
    return _render_match(request, match, clicked=request.GET.getlist("s")[:8], at=_parse_at(request))


# What each live part of the match page shows depends on: the part asks again only when one of these changed.
# The clock and the next game have no version of this match: the clock is asked for only when a vacation moved it,
# the next game when one of the viewer's games changed, and both always answer.
LIVE_PARTS = {
    "head": ("ply", "status"),
    "play": ("ply", "status"),
    "actions": ("ply", "status", "offer"),
    "clock": (),
    "next_game": (),
}


def _version(match: Match) -> dict[str, str]:
    offer = match.draw_offer_seat if match.is_active else None
    return {"ply": str(match.ply), "status": match.status, "offer": "" if offer is None else str(offer)}


@never_cache
@require_GET
def match_part(request, match_id, part):
    """htmx, on a live update: 204 while what `part` shows is still at the version the page sent, else the part."""
    if part not in LIVE_PARTS:
        raise Http404(gettext("There is no such part of a match page."))
    match = page_match_or_404(match_id, request.user)
    current = _version(match)
    keys = LIVE_PARTS[part]
    if keys and all(request.GET.get(key) == current[key] for key in keys):
        return HttpResponse(status=204)
    return _render_match(request, match, at=_parse_at(request), part=part)


def _move_refused(request, refusal: Refused, match_id):
    """The match page (or its play area) again, with the reason the move was refused."""
    match = match_or_404(match_id, *MATCH_PAGE_RELATED)
    return _render_match(request, match, form=MoveForm(request.POST), error=refusal.message, status=refusal.status)


@require_POST
@login_required
@answers_refusals(show=_move_refused)
def play_move(request, match_id):
    """Submit a move (clicked and confirmed, or typed in notation)."""
    form = MoveForm(request.POST)
    if not form.is_valid():
        raise Refused(gettext("Type a move in the game's notation."))
    result = moves.submit_move(match_id, request.user, form.cleaned_data["move"], form.cleaned_data["ply"])
    # Read again as the page reads it, with the viewer's facts (a planned reply may have moved the match on).
    match = page_match_or_404(result.match.pk, request.user)
    going_on = None
    if request.user.player.next_game_after_move and match.to_move != match.seat_of(request.user):
        going_on = next_game(request.user, after=match)  # the player asked to go on to their next game
    if going_on is not None:
        played = {"move": result.move.notation, "game": match.rules.name, "id": match.pk}
        messages.info(request, gettext("Played %(move)s in %(game)s #%(id)s.") % played)
        if request.htmx:
            return HttpResponse(status=204, headers={"HX-Redirect": going_on.get_absolute_url()})
        return redirect(going_on)
    if request.htmx:
        return _render_match(request, match)
    return redirect(result.match)


@login_required
@answers_refusals(back=_to_match)
def resign(request, match_id):
    """GET: the confirmation page; POST with confirm=yes: resign the match."""
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        match = match_or_404(match_id, *MATCH_PAGE_RELATED)
        if match.seat_of(request.user) is None:
            context = {"match": match, "error": gettext("You are not playing in this match.")}
            return render(request, "play/resign_confirm.html", context, status=403)
        if not match.is_active:
            messages.error(request, gettext("This match is already over."))
            return redirect(match)
        return render(request, "play/resign_confirm.html", {"match": match})
    match = endings.resign(match_id, request.user)
    messages.info(request, gettext("You resigned."))
    return redirect(match)


def rules_page(request, slug):
    """The rules of one game, in our own words."""
    game = all_games().get(slug)
    if game is None:
        raise Http404(gettext("There is no such game."))
    # The game's own template in the reader's language, else English (site/play/rules_pages.py).
    page = rules_page_for(game)
    return render(request, "play/rules.html", {"game": game, "rules_template": page.template, "page": page})


def _match_action(action, success_message):
    """A POST on a match (draw offers): refusals come back as a message on the match page."""
    return _post_action(action, success_message, _to_match)


offer_draw = _match_action(round_draws.offer_draw, _("Draw offered. It lapses when your opponent moves."))
accept_draw = _match_action(round_draws.accept_draw, _("Draw agreed: the match is over."))
decline_draw = _match_action(draws.decline_draw, _("Draw offer declined."))


@require_POST
@login_required
@answers_refusals(back=_to_match)
def rematch(request, match_id):
    """Offer the opponent of a finished match a rematch: same game and options, seats swapped."""
    challenge = round_challenges.rematch(match_id, request.user)
    if challenge.match is not None:
        messages.success(request, gettext("%(player)s accepted the rematch.") % {"player": challenge.opponent})
        return redirect(challenge.match)
    messages.success(request, gettext("Rematch offered to %(player)s.") % {"player": challenge.opponent})
    _tell_if_email_held(request, challenge)
    return redirect("lobby")
