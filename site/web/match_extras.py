"""What the match page shows beside the board: ratings, the result's rating changes, the league or ladder it is
played in, draw offers, chat, notes, the viewer's analysis board and plan, and the player's next game."""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from daymove.competitions.naming import LEAGUE_GAME, league_label, with_league_rounds
from daymove.notify.declines import declined_by
from daymove.plans.summary import plan_status_context, plans_context
from daymove.play.draws import can_offer_draw
from daymove.play.lookups import PLAYERS_RELATED, match_id_of
from daymove.play.match_facts import with_match_facts
from daymove.play.models import Match
from daymove.play.wording import said
from daymove.players.viewer import page_fact
from daymove.prepared_sql import Prepared
from daymove.ratings.models import display
from daymove.ratings.updates import changes_made_by, ratings_for
from daymove.talk.services import talk_context
from daymove.web.turn_order import next_game

# What the match page loads with the match, in its one query: the clock, and the league or ladder it is played in
# (left joins, so a friendly game costs nothing more).
MATCH_PAGE_RELATED = ("clock", f"{LEAGUE_GAME}__division__season__series", "ladder_game__ladder")

# The match page's one query for its match: with its players, MATCH_PAGE_RELATED, a league game's rounds and the
# viewer's match facts (daymove.play.match_facts); its SQL built once per process (daymove.prepared_sql).
_PAGE_MATCH = Prepared(
    lambda match_id, viewer_id: with_match_facts(
        with_league_rounds(Match.objects.select_related(*PLAYERS_RELATED, *MATCH_PAGE_RELATED).filter(pk=match_id)),
        viewer_id,
    )
)


def page_match_or_404(match_id: int, user) -> Match:
    """The match as its page shows it to `user` (read with the facts of theirs the page shows); 404 for no match."""
    number = match_id_of(match_id)
    found = _PAGE_MATCH.first(number, user.pk) if number is not None else None
    if found is None:
        raise Http404(gettext("There is no such match."))
    return found


def competition(match: Match) -> dict | None:
    """The league division or ladder the match is played in, as the page links to it ({"label", "url"}), or None.

    Needs the match loaded with MATCH_PAGE_RELATED; then no query (a league game's rounds are read with the match by
    `page_match_or_404`, else one query for them).
    """
    if hasattr(match, LEAGUE_GAME):
        return {"label": league_label(match), "url": match.league_game.division.get_absolute_url()}
    if hasattr(match, "ladder_game"):
        ladder = match.ladder_game.ladder
        return {"label": ladder.title, "url": ladder.get_absolute_url()}
    return None


def player_rows(match: Match, seat: int | None) -> list[dict]:
    """The players line: each player's seat, rating and, once the match is over, the change it made."""
    now = timezone.now()
    rows = ratings_for([match.player0_id, match.player1_id], match.game)
    # Only a match that is over has rating changes: an active one asks for none.
    changes = {} if match.is_active else changes_made_by(match)
    players = []
    for s, player in enumerate(match.players):
        change = changes.get(player.pk)
        players.append(
            {
                "user": player,
                "seat_name": said(match.rules.seat_names[s]),  # a word with a context: said here
                "is_you": seat == s,
                "rating": display(rows[player.pk].current(now)),
                "change": change.delta_display if change else "",
            }
        )
    return players


def draw_context(match: Match, user, seat: int | None) -> dict:
    """The match's actions: draw offers (made, to answer, declined) and the rematch."""
    offer = match.draw_offer_seat if match.is_active else None
    draw_possible = match.is_active and seat is not None and can_offer_draw(match)
    return {
        "draw_possible": draw_possible,
        "draw_offered_by_me": seat is not None and offer == seat,
        "draw_offered_to_me": seat is not None and offer == 1 - seat,
        # The opponent who declined my offer, while it is news: shown only where a new offer could be made.
        "draw_declined_by": declined_by(match, user) if draw_possible and offer is None else None,
        "can_rematch": seat is not None and match.status == Match.Status.FINISHED,
    }


def match_extras(match: Match, request, part: str | None = None) -> dict:
    """Context for the match page's players line, actions, plan, next game, chat and notes, as the viewer of
    `request` sees them; for one of its live parts (`part`, see daymove.web.views.LIVE_PARTS), only what that part
    shows."""
    user = request.user
    seat = match.seat_of(user)
    context = {}
    if part in (None, "head"):
        context |= {"player_rows": player_rows(match, seat), "competition": competition(match)}
    if part in (None, "play", "actions"):
        context |= draw_context(match, user, seat)
    if part in (None, "play", "next_game"):
        # Once it is not this player's turn here: the match where it is, soonest deadline first (none to look for
        # when the nav counts no turn of theirs).
        elsewhere = seat is not None and match.to_move != seat and page_fact(request, "turns_waiting", lambda: 1)
        context["next_game"] = next_game(user, after=match) if elsewhere else None
    if part == "play":
        context |= plan_status_context(match, user)
    if part is None:
        context |= talk_context(match, request) | plans_context(match, user)
    return context
