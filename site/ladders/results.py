"""The ladder step after an ending: a winning challenger still below the defender takes the defender's place.

`apply_ladder_result` runs in the ending's transaction (`daymove.round.endings.finish`) with the ladder row
locked, so results apply one at a time in the order the games end and the places stay a permutation. A game
that ended before both sides moved changes no place and marks whoever did not move; an annulled game changes
nothing. Two marks or two timeouts within 30 days take a player off the ladder.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from daymove.ladders import arithmetic, signals
from daymove.ladders.membership import take_off
from daymove.ladders.models import Ladder, LadderGame, Mark, PlaceChange, Rung
from daymove.ladders.places import lock, rewrite, standing
from daymove.play.models import Match, Move
from daymove.ratings.mass_timeouts import TIMEOUT


def apply_ladder_result(match: Match) -> None:
    """Apply an ended match's result to its ladder, if it is a ladder game still counting there (one lookup if not)."""
    game = LadderGame.objects.filter(match_id=match.pk, ended_at=None).first()
    if game is None:
        return
    ladder = lock(game.ladder_id)
    now = match.finished_at or timezone.now()
    if LadderGame.objects.filter(pk=game.pk, ended_at=None).update(ended_at=now) != 1:
        return  # released meanwhile (a player left): an ordinary rated game now
    game.ended_at = now
    absent = _not_moved(match)
    if match.status == Match.Status.ABORTED:
        outcome = LadderGame.Outcome.VOID
    elif absent:
        outcome = LadderGame.Outcome.NO_MOVE
    else:
        outcome = _play_result(ladder, game, match, now)
    LadderGame.objects.filter(pk=game.pk).update(outcome=outcome, applied_at=timezone.now())
    active = {game.challenger_id, game.defender_id} - absent
    Rung.objects.filter(ladder=ladder, player_id__in=active).update(last_ended_at=now, idle_drops=0, warned_at=None)
    if outcome != LadderGame.Outcome.VOID:
        _strike(ladder, game, match, absent, now)


def _not_moved(match: Match) -> set[int]:
    """The player ids of whoever did not move though it was their turn (none if both moved)."""
    seats = set(Move.objects.filter(match=match).values_list("seat", flat=True).distinct())
    if seats >= {0, 1}:
        return set()
    if seats:
        missing = 1 - seats.pop()
    else:  # nobody moved: only the player to move first had a turn
        missing = match.rules.current_player(match.rules.initial_state(match.options))
    return {match.players[missing].pk}


def _play_result(ladder: Ladder, game: LadderGame, match: Match, now: datetime) -> str:
    """The places after a played result; the game's outcome."""
    if match.winner is None:
        return LadderGame.Outcome.DRAWN
    won = match.players[match.winner].pk == game.challenger_id
    if not won:
        return LadderGame.Outcome.HELD
    before = standing(ladder)
    after = arithmetic.apply_ending(before, arithmetic.Ending(game.challenger_id, game.defender_id, True))
    reasons = {game.challenger_id: PlaceChange.Reason.WON}
    changes = rewrite(ladder, before, after, reasons, PlaceChange.Reason.PASSED, now, match=match)
    if not changes:
        return LadderGame.Outcome.WON_NO_MOVE
    passed = [change.player_id for change in changes if change.player_id != game.challenger_id]
    for player in get_user_model().objects.filter(pk__in=passed):
        signals.place_passed.send(sender=Rung, player=player, by=game.challenger, ladder=ladder, match=match)
    return LadderGame.Outcome.PASSED


def _strike(ladder: Ladder, game: LadderGame, match: Match, absent: set[int], now: datetime) -> None:
    """Mark who did not move, or who lost on time; take off anyone with two of a kind within 30 days."""
    marks = {player: Mark.Kind.NO_MOVE for player in absent}
    if not absent and match.result_reason == TIMEOUT and match.winner is not None:
        marks[match.players[1 - match.winner].pk] = Mark.Kind.TIMEOUT
    for player_id, kind in marks.items():
        Mark.objects.create(ladder=ladder, player_id=player_id, kind=kind, match=match, at=now)
        rung = Rung.objects.filter(ladder=ladder, player_id=player_id).first()
        no_moves, timeouts = (_mark_days(ladder, player_id, k, now) for k in (Mark.Kind.NO_MOVE, Mark.Kind.TIMEOUT))
        if rung is not None and arithmetic.struck_out(no_moves, timeouts, now.date()):
            take_off(ladder, rung, "strikes", now)


def _mark_days(ladder: Ladder, player_id: int, kind: str, now: datetime) -> list:
    """The days of the player's marks of this kind within the strikes window."""
    recent = Mark.objects.filter(ladder=ladder, player_id=player_id, kind=kind, at__gt=now - arithmetic.STRIKES_WINDOW)
    return [at.date() for at in recent.values_list("at", flat=True)]
