"""The move service: the only code that changes a match's position.

A move is applied only if the match is still at the ply the player saw: a compare-and-set UPDATE
on the match row, backed by the unique (match, ply) constraint on moves. On SQLite the
transaction takes the write lock when it starts (IMMEDIATE); on PostgreSQL the UPDATE's row lock
makes the second writer re-check the condition and find the ply moved on. An identical retry of
an applied move (double click, resubmitted form) is answered with the original move. What a move
causes (clock, bot, planned reply, rating, the signals) `daymove.round.moves` calls around it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import Conflict, Refused
from daymove.play.draws import offer_after_move
from daymove.play.endings import finished_fields
from daymove.play.lookups import get_match, player_seat
from daymove.play.models import Match, Move
from daymove.play.rules_refusals import rules_refusal
from games.base import RulesError


@dataclass(frozen=True)
class MoveResult:
    """What happened to a submitted move: the move row, whether it was a repeat, and the match as the move left it
    (a planned reply may have moved it on since)."""

    match: Match
    move: Move
    repeated: bool = False


def _canonical(match: Match, text: str) -> str:
    """The move in canonical notation; Refused if it is not a move at all."""
    rules = match.rules
    try:
        return rules.format_move(rules.parse_move(text.strip()))
    except RulesError as error:  # the rules say what is wrong and how moves are written: said once, as a sentence
        raise Refused(rules_refusal(error)) from None


def _repeat_of(match: Match, seat: int, ply: int, notation: str) -> Move | None:
    """The already applied move at `ply` if it is exactly this submission."""
    return Move.objects.filter(match=match, ply=ply, seat=seat, notation=notation).first()


def submit_move(match_id, user, text: str, seen_ply, *, at=None) -> MoveResult:
    """Apply `text` for `user` if the match is still at `seen_ply`; Refused with a reason if not.

    `at` is when the move counts as made (now unless given): a planned reply counts as made at the
    moment of the move it answers, so the replier's clock is charged nothing for it.
    """
    match = get_match(match_id)
    seat = player_seat(match, user)
    try:
        seen_ply = int(seen_ply)
    except (TypeError, ValueError):
        raise Refused(gettext("The form did not say which position you saw; reload the page.")) from None
    notation = _canonical(match, text)
    if match.ply != seen_ply:
        repeat = _repeat_of(match, seat, seen_ply, notation)
        if repeat is not None:
            return MoveResult(match, repeat, repeated=True)
        raise Conflict(gettext("The position has changed since you loaded the page; nothing was played. Look again."))
    if not match.is_active:
        raise Conflict(gettext("This match is over."))
    if match.to_move != seat:
        raise Conflict(gettext("It is not your turn."))

    rules = match.rules
    try:
        new_state = rules.play(match.position(), notation)
    except RulesError:
        raise Refused(
            gettext("%(move)s is not a legal move in this position: the match page shows the moves you can make.")
            % {"move": notation}
        ) from None
    stored = _store(match, seat, seen_ply, notation, new_state, at or timezone.now())
    if stored is None:  # another move was played first: this one, if it was the same, is a repeat
        repeat = _repeat_of(match, seat, seen_ply, notation)
        if repeat is not None:
            return MoveResult(match, repeat, repeated=True)
        raise Conflict(gettext("Another move was played first; nothing was played. Look again."))
    return stored


def _store(match: Match, seat: int, seen_ply: int, notation: str, new_state, now) -> MoveResult | None:
    """Compare-and-set the match row and record the move, in one transaction; None if the match moved on first."""
    rules = match.rules
    outcome = rules.outcome(new_state)
    fields = {
        "ply": seen_ply + 1,
        "state": rules.to_json(new_state),
        "to_move": rules.current_player(new_state),
        "updated": now,
    }
    if outcome is not None:
        fields |= finished_fields(outcome.winner, outcome.scores, outcome.reason, now)
    offer = {} if outcome is not None else {"draw_offer_seat": offer_after_move(seat)}  # the other seat's lapses
    try:
        # No savepoint of its own (two queries a move): the move service's transaction is the unit. A lost
        # compare-and-set changes nothing and leaves that transaction usable (the repeat is looked up in it); a
        # unique (match, ply) violation undoes the whole transaction, as it should undo a move that got past it.
        with transaction.atomic(savepoint=False):
            changed = Match.objects.filter(pk=match.pk, ply=seen_ply, status=Match.Status.ACTIVE).update(
                **fields, **offer
            )
            if changed != 1:
                return None
            move = Move.objects.create(match=match, ply=seen_ply, seat=seat, notation=notation, created=now)
    except IntegrityError:
        raise Conflict(gettext("Another move was played first; nothing was played. Look again.")) from None
    for name, value in fields.items():
        setattr(match, name, value)
    if offer and match.draw_offer_seat != seat:
        match.draw_offer_seat = None
    return MoveResult(match, move)
