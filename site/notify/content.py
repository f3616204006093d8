"""What emails say about matches, always from the recipient's own view."""

from __future__ import annotations

from django.conf import settings

from daymove.clocks.models import MatchClock
from daymove.competitions.naming import LEAGUE_GAME, league_label
from daymove.play.models import Match
from daymove.play.pictures import picture_of
from daymove.play.wording import said_lazily

# A digest shows the board of this many matches (the rest are listed): an inbox is no place for sixty pictures.
DIGEST_PICTURES = 10


def last_move_seen(match: Match, seat: int) -> str | None:
    """The last move of the match as `seat` may read it (hidden parts stay hidden)."""
    notations = match.notations()
    if not notations:
        return None
    return match.history_for(seat, notations)[-1]


def match_link(match: Match) -> str:
    """The absolute URL of the match page."""
    return settings.SITE_URL + match.get_absolute_url()


def match_title(match: Match) -> str:
    """The match as emails name it: its game and number, and its league if it is a league game ("Abande #12 (...)")."""
    league = league_label(match)
    return f"{match.rules.name} #{match.pk}" + (f" ({league})" if league else "")


def turn_prompt(match: Match, seat: int) -> str:
    """What `seat` does now, in the game's words for the phase (from `seat`'s own view)."""
    rules = match.rules
    # Said when the email is rendered, in the recipient's language (emails.send), not the worker's.
    return said_lazily(rules.prompt_message(rules.player_view(match.position(), seat)))


def turn_summary(match: Match, seat: int, clock: MatchClock | None, with_picture: bool = True) -> dict:
    """A match waiting for `seat`: opponent, last move as `seat` sees it, what to do now, deadline, link, board."""
    return {
        "prompt": turn_prompt(match, seat),
        "match": match,
        "game_name": match.rules.name,
        "league": league_label(match),
        "match_title": match_title(match),
        "opponent": match.players[1 - seat],
        "last_move": last_move_seen(match, seat),
        "deadline": clock.deadline_of(seat) if clock else None,
        "match_url": match_link(match),
        "draw_offered": match.draw_offer_seat == 1 - seat,
        "picture": picture_of(match, seat) if with_picture else None,
    }


def waiting_matches(user) -> list[dict]:
    """The user's active matches where it is their turn, soonest deadline first (those without one last), with the
    deadline and the last move as they see it."""
    matches = list(
        Match.objects.waiting_for(user).select_related("player0", "player1", LEAGUE_GAME).order_by("updated")
    )
    clocks = {c.match_id: c for c in MatchClock.objects.filter(match__in=matches)}
    deadlines = {m.pk: clocks[m.pk].deadline_of(m.seat_of(user)) if m.pk in clocks else None for m in matches}
    matches.sort(key=lambda m: (deadlines[m.pk] is None, deadlines[m.pk] or m.updated))  # undated ones as they came
    return [
        turn_summary(match, match.seat_of(user), clocks.get(match.pk), with_picture=index < DIGEST_PICTURES)
        for index, match in enumerate(matches)
    ]
