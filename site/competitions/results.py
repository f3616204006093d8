"""A league game's ending on its division's table: the result counted, a timeout counted against the player.

`daymove.round` calls `record_league_result` after every ending, before the ending is announced; for a match that
is not a league game it costs one indexed query and changes nothing.
"""

from __future__ import annotations

from daymove.competitions import signals, withdrawals
from daymove.competitions.models import Division, Entry, LeagueGame, Season
from daymove.play.models import Match

TIMEOUT = "timeout"


def league_game_of(match: Match) -> LeagueGame | None:
    """The league game `match` is, with its division and season; None for any other match."""
    return LeagueGame.objects.filter(match_id=match.pk).select_related("division__season").first()


def is_league_game(match: Match) -> bool:
    """Whether `match` is a game of a league division."""
    return LeagueGame.objects.filter(match_id=match.pk).exists()


def timed_out_player(match: Match) -> int | None:
    """The user id of the player who lost `match` on time, if it ended so."""
    if match.status != Match.Status.FINISHED or match.result_reason != TIMEOUT or match.winner is None:
        return None
    return (match.player0_id, match.player1_id)[1 - match.winner]


def count_timeout(division: Division, player_id: int) -> Entry | None:
    """One more timeout this season for the player; their entry if that withdraws them (still running, not yet
    withdrawn: a game that goes on after its season closed counts, but the closed table is final)."""
    entry = Entry.objects.select_for_update().filter(division=division, player_id=player_id).first()
    if entry is None:
        return None
    entry.timeouts += 1
    entry.save(update_fields=["timeouts"])
    running = division.season.status == Season.Status.RUNNING
    if running and entry.withdrawn_at is None and withdrawals.withdrawn_by_timeouts(entry.timeouts):
        return entry
    return None


def record_league_result(match: Match) -> Entry | None:
    """Count `match`'s ending in its league (in the ending's transaction); the entry a second timeout withdraws.

    The withdrawal itself ends the player's other games, so `daymove.round.leagues` carries it out.
    """
    game = league_game_of(match)
    if game is None:
        return None
    loser = timed_out_player(match)
    withdrawing = count_timeout(game.division, loser) if loser is not None else None
    signals.announce_table(game.division)
    return withdrawing
