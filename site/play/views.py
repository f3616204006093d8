"""Pages and fragments for the lobby, challenges and matches. Thin: the work is in the services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.play import challenges, moves
from daymove.play.boards import match_context
from daymove.play.bots import bot_players
from daymove.play.catalog import options_summary
from daymove.play.errors import Refused
from daymove.play.forms import ChallengeForm, MoveForm
from daymove.play.models import Challenge, Match, Move
from games.registry import all_games

RECENT_FINISHED = 20


def lobby(request):
    """Open challenges, your challenges and your matches."""
    user = request.user
    context = {"games": all_games(), "bots": bot_players()}
    open_challenges = Challenge.objects.filter(status=Challenge.Status.OPEN).select_related("creator", "opponent")
    if user.is_authenticated:
        mine = Match.objects.filter(Q(player0=user) | Q(player1=user)).select_related("player0", "player1")
        active = list(mine.filter(status=Match.Status.ACTIVE).order_by("updated"))
        context |= {
            "your_turn": [m for m in active if m.seat_of(user) == m.to_move],
            "waiting": [m for m in active if m.seat_of(user) != m.to_move],
            "finished": list(mine.exclude(status=Match.Status.ACTIVE).order_by("-finished_at")[:RECENT_FINISHED]),
            "open_challenges": list(open_challenges.filter(opponent__isnull=True).exclude(creator=user)),
            "received": list(open_challenges.filter(opponent=user)),
            "sent": list(open_challenges.filter(creator=user)),
        }
    else:
        context["open_challenges"] = list(open_challenges.filter(opponent__isnull=True))
    for challenge in context["open_challenges"] + context.get("received", []) + context.get("sent", []):
        challenge.summary = options_summary(challenge.rules, challenge.options)
    return render(request, "play/lobby.html", context)


@login_required
def new_challenge(request, slug):
    """The challenge form for one game."""
    game = all_games().get(slug)
    if game is None:
        raise Http404("There is no such game.")
    form = ChallengeForm(game, request.POST or None, initial={"opponent": request.GET.get("opponent", "")})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                challenge = challenges.create_challenge(
                    request.user, game.slug, form.cleaned_options(),
                    form.cleaned_data["opponent"], form.cleaned_seat(),
                )
            except Refused as refusal:
                form.add_error(None, refusal.message)
                status = refusal.status
            else:
                if challenge.match is not None:
                    messages.success(request, f"{challenge.opponent} accepted: the match has started.")
                    return redirect(challenge.match)
                who = challenge.opponent.username if challenge.opponent else "anyone"
                messages.success(request, f"Challenge to {who} created.")
                return redirect("lobby")
        else:
            status = 400
    return render(request, "play/challenge_form.html", {"form": form, "game": game}, status=status)


def _challenge_action(action, success_message):
    @require_POST
    @login_required
    def view(request, challenge_id):
        try:
            result = action(challenge_id, request.user)
        except Refused as refusal:
            messages.error(request, refusal.message)
            return redirect("lobby")
        messages.success(request, success_message)
        return redirect(result) if isinstance(result, Match) else redirect("lobby")

    view.__doc__ = f"POST: {success_message}"
    return view


accept_challenge = _challenge_action(challenges.accept_challenge, "Challenge accepted: the match has started.")
decline_challenge = _challenge_action(challenges.decline_challenge, "Challenge declined.")
cancel_challenge = _challenge_action(challenges.cancel_challenge, "Challenge withdrawn.")


def _parse_at(request) -> int | None:
    try:
        return int(request.GET["at"])
    except (KeyError, ValueError):
        return None


def _render_match(request, match: Match, *, clicked=(), at=None, form=None, error=None, status=200):
    """The match page, or only its play area for htmx requests."""
    notations = list(Move.objects.filter(match=match).order_by("ply").values_list("notation", flat=True))
    context = match_context(match, request.user, notations, list(clicked), at)
    context["form"] = form or MoveForm(initial={"ply": match.ply})
    context["error"] = error
    template = "play/match.html#play" if request.htmx else "play/match.html"
    response = render(request, template, context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@require_GET
def match_page(request, match_id):
    """The match: board from the viewer's side, clicks towards a move, history and replay."""
    try:
        match = moves.get_match(match_id)
    except Refused:
        raise Http404("There is no such match.") from None
    return _render_match(request, match, clicked=request.GET.getlist("s")[:8], at=_parse_at(request))


@never_cache
@require_GET
def match_poll(request, match_id):
    """htmx poll: 204 while the match is still at `ply`, else the fresh play area."""
    try:
        match = moves.get_match(match_id)
    except Refused:
        raise Http404("There is no such match.") from None
    if request.GET.get("ply") == str(match.ply) and request.GET.get("status") == match.status:
        return HttpResponse(status=204)
    return _render_match(request, match)


@require_POST
@login_required
def play_move(request, match_id):
    """Submit a move (clicked and confirmed, or typed in notation)."""
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            raise Refused("Type a move in the game's notation.")
        result = moves.submit_move(match_id, request.user, form.cleaned_data["move"], form.cleaned_data["ply"])
    except Refused as refusal:
        try:
            match = moves.get_match(match_id)
        except Refused:
            raise Http404("There is no such match.") from None
        return _render_match(request, match, form=form, error=refusal.message, status=refusal.status)
    if request.htmx:
        return _render_match(request, result.match)
    return redirect(result.match)


@require_POST
@login_required
def resign(request, match_id):
    """Resign the match."""
    try:
        match = moves.resign(match_id, request.user)
    except Refused as refusal:
        if refusal.status == 404:
            raise Http404(refusal.message) from None
        messages.error(request, refusal.message)
        return redirect("match", match_id=match_id)
    messages.info(request, "You resigned.")
    return redirect(match)


def rules_page(request, slug):
    """The rules of one game, in our own words."""
    game = all_games().get(slug)
    if game is None:
        raise Http404("There is no such game.")
    return render(request, "play/rules.html", {"game": game, "rules_template": f"rules/{slug}.html"})
