"""How a league game is named wherever a match is told about: "Offboard league, season 3, division 2, round 3 of 7",
in the reader's language ("Liga Offboard, sezon 3, dywizja 2, runda 3 z 7").

The round is the game's round of the division's Berger table (the same for both players and for spectators), out
of the division's rounds; in a division of an even size it is also each player's game number.
"""

from __future__ import annotations

from django.db.models import Max, OuterRef, Subquery
from django.utils.translation import gettext

from daymove.competitions.models import LeagueGame
from daymove.play.models import Match
from daymove.prepared_sql import Prepared

# Add to a Match queryset's select_related: a match that is no league game is then named with no query at all.
LEAGUE_GAME = "league_game"
# The annotation `with_league_rounds` adds to a Match queryset: its division's rounds (None for no league game).
LEAGUE_ROUNDS = "league_rounds"


def _rounds_of_division(division):
    """The most rounds of `division` (an expression naming its id): its number of rounds."""
    return Subquery(
        LeagueGame.objects.filter(division=division)
        .values("division")
        .annotate(rounds=Max("round"))
        .values("rounds")[:1]
    )


def with_league_rounds(matches):
    """`matches` (a Match queryset selecting LEAGUE_GAME's division, season and series) with their division's rounds:
    a league game is then named with no query at all."""
    return matches.annotate(**{LEAGUE_ROUNDS: _rounds_of_division(OuterRef(f"{LEAGUE_GAME}__division"))})


# Read on every league game's match page: its SQL is built once per process (daymove.prepared_sql).
_GAME_WITH_ROUNDS = Prepared(
    lambda match_id: (
        LeagueGame.objects.filter(match_id=match_id)
        .select_related("division__season__series")
        .annotate(rounds=_rounds_of_division(OuterRef("division")))
        .order_by("pk")
    )
)


def league_label(match: Match) -> str:
    """The league game's name (series, season, division, round of rounds), or "" for a match of no league.

    One query for a league game, none for one read `with_league_rounds`; none for another match loaded with
    `select_related(LEAGUE_GAME)`.
    """
    game = _league_game_with_rounds(match)
    if game is None:
        return ""
    words = gettext("%(league)s, season %(season)s, division %(division)s, round %(round)s of %(rounds)s")
    season = game.division.season
    return words % {
        "league": season.series,
        "season": season.number,
        "division": game.division.index + 1,
        "round": game.round,
        "rounds": game.rounds,
    }


def _league_game_with_rounds(match: Match) -> LeagueGame | None:
    """The match's league game with its division's rounds (`rounds`), or None: read with the match when it was."""
    if Match.league_game.is_cached(match):
        if not hasattr(match, LEAGUE_GAME):
            return None
        rounds = getattr(match, LEAGUE_ROUNDS, None)
        if rounds is not None:
            game = match.league_game
            game.rounds = rounds
            return game
    return _GAME_WITH_ROUNDS.first(match.pk)
