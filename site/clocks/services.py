"""Each player's deadline: set when the turn passes, stopped when the match ends, moved on by vacations.

Called by `daymove.round` inside the transaction that changes the match, so a deadline always belongs to
the position it was computed for; every deadline set or moved is announced (`signals.deadline_set`) in
that transaction, so the reminders move with it. Bots have no deadline.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext

from daymove.clocks import away_caps, signals
from daymove.clocks.models import DAY, ChallengeClock, MatchClock, TimeControl, Vacation
from daymove.clocks.terms import DEFAULT_TERMS, apply_terms
from daymove.clocks.timing import Interval, capped, deadline_after, running_time
from daymove.errors import Refused
from daymove.play.models import Match
from daymove.players.bots import is_bot
from daymove.prepared_sql import Prepared


def away_intervals(user_id: int, since: datetime) -> list[Interval]:
    """The user's booked time away that has not ended by `since`."""
    return list(Vacation.objects.filter(user_id=user_id, ends__gt=since).values_list("starts", "ends"))


def away_for(match_id: int, user_id: int, since: datetime) -> list[Interval]:
    """The user's time away that stops this match's clock from `since`: all of it, unless the match caps it."""
    away = away_intervals(user_id, since)
    cap = away_caps.caps_of([match_id]).get(match_id) if away else None
    if cap is None:
        return away
    return capped(away_intervals(user_id, cap.counted_from), *cap)


def set_challenge_terms(challenge, terms: dict) -> ChallengeClock:
    """Store the time control a challenge offers (terms checked by `terms.check_terms` before it was created)."""
    clock = ChallengeClock(challenge=challenge)
    apply_terms(clock, terms)
    clock.save()
    return clock


def match_terms(match: Match) -> dict | None:
    """The time control a match is played under (None for one made without a challenge's terms)."""
    clock = MatchClock.objects.filter(match=match).first()
    return clock.terms() if clock is not None else None


def _new_clock(match: Match, terms: dict) -> MatchClock:
    clock = MatchClock(match=match)
    apply_terms(clock, terms)
    if clock.kind == TimeControl.Kind.BANK:
        clock.bank0 = clock.bank1 = clock.bank_initial_days * DAY
    return clock


def _start_turn(clock: MatchClock, match: Match, now: datetime, away: list[Interval] | None = None) -> None:
    """The clock of the seat to move starts now; the other's is stopped (`away`: the mover's vacations if known)."""
    seat = match.to_move
    clock.running_seat, clock.turn_started = seat, now
    clock.deadline0 = clock.deadline1 = None
    if seat is None:
        return
    user = match.players[seat]
    if not is_bot(user):
        deadline = deadline_after(now, clock.budget(seat), away_for(match.pk, user.pk, now) if away is None else away)
        setattr(clock, f"deadline{seat}", deadline)


def new_clock(match: Match, terms: dict, turn_started: datetime) -> MatchClock:
    """A match's clock under `terms` (not saved), the turn of the seat to move started at `turn_started`."""
    clock = _new_clock(match, terms)
    _start_turn(clock, match, turn_started)
    return clock


def start_clock(match: Match) -> MatchClock:
    """Create the clock of a new match with its challenge's terms and start the first turn."""
    offered = ChallengeClock.objects.filter(challenge__match=match).first()
    clock = new_clock(match, offered.terms() if offered else DEFAULT_TERMS, timezone.now())
    clock.save()
    signals.deadline_set.send(sender=MatchClock, match=match, clock=clock, new_turn=True)
    return clock


def start_clocks(matches: list[Match], terms: dict, now: datetime) -> list[MatchClock]:
    """Create and start many new matches' clocks under one set of terms in a few queries (`deadlines_set`)."""
    # For a league season's start: the matches' users come with `player` loaded, so telling bots apart is free.
    movers = {m.players[m.to_move].pk for m in matches if m.to_move is not None}
    away: dict[int, list[Interval]] = defaultdict(list)
    for user_id, starts, ends in Vacation.objects.filter(user_id__in=movers, ends__gt=now).values_list(
        "user_id", "starts", "ends"
    ):
        away[user_id].append((starts, ends))
    caps = away_caps.caps_of([m.pk for m in matches]) if away else {}
    clocks = []
    for match in matches:
        clock = _new_clock(match, terms)
        mover = match.players[match.to_move].pk if match.to_move is not None else None
        cap = caps.get(match.pk)
        _start_turn(clock, match, now, capped(away[mover], *cap) if cap else away[mover])
        clocks.append(clock)
    MatchClock.objects.bulk_create(clocks, batch_size=500)
    signals.deadlines_set.send(sender=MatchClock, clocks=clocks)
    return clocks


# Read in every move's transaction: only the clock row is locked (the move already holds the match row, and
# vacations lock clocks alone). The next mover's vacations are read only when this query sees one not over when the
# match last changed, which is the move's time (nearly never). Its SQL is built once per process
# (daymove.prepared_sql).
_LOCKED_CLOCK = Prepared(
    lambda match_id, next_mover_id: (
        MatchClock.objects.select_for_update(of=("self",))
        .filter(match_id=match_id)
        .annotate(
            next_mover_away=Exists(Vacation.objects.filter(user_id=next_mover_id, ends__gt=OuterRef("match__updated")))
        )
    )
)


_TURN_FIELDS = ("running_seat", "turn_started", "deadline0", "deadline1", "bank0", "bank1")


def after_move(match: Match) -> MatchClock:
    """Charge the mover's time bank and start the next turn (called in the move's transaction)."""
    now = match.updated  # when the move counts as made (a planned reply: when the move it answers was)
    next_mover = match.players[match.to_move].pk if match.to_move is not None else None
    clock = _LOCKED_CLOCK.first(match.pk, next_mover)
    if clock is None:  # a match made without a challenge (seeds, admin): the default terms
        clock = _new_clock(match, DEFAULT_TERMS)
    mover = clock.running_seat
    if clock.kind == TimeControl.Kind.BANK and mover is not None and not is_bot(match.players[mover]):
        spent = running_time(clock.turn_started, now, away_for(match.pk, match.players[mover].pk, clock.turn_started))
        left = max(clock.budget(mover) - spent, timedelta(0)) + clock.bank_increment_days * DAY
        setattr(clock, f"bank{mover}", min(left, clock.bank_cap_days * DAY))
    _start_turn(clock, match, now, None if getattr(clock, "next_mover_away", True) else [])
    # A move changes only the turn and the banks (a clock made just now is inserted whole).
    clock.save(update_fields=None if clock._state.adding else _TURN_FIELDS)
    signals.deadline_set.send(sender=MatchClock, match=match, clock=clock, new_turn=True)
    return clock


def stop_clock(match: Match) -> None:
    """A finished match has no running clock."""
    MatchClock.objects.filter(match=match).update(running_seat=None, deadline0=None, deadline1=None)


def recompute_deadlines(user) -> list[Match]:
    """Move the running deadlines of `user`'s active matches to their booked vacations; the changed matches."""
    clocks = list(
        MatchClock.objects.select_for_update(of=("self",))
        .filter(match__status=Match.Status.ACTIVE)
        .filter(Q(match__player0=user, running_seat=0) | Q(match__player1=user, running_seat=1))
        .select_related("match", "match__player0", "match__player1")
    )
    if not clocks:
        return []
    since = min(clock.turn_started for clock in clocks)
    away = away_intervals(user.pk, since)
    caps = away_caps.caps_of([clock.match_id for clock in clocks]) if away else {}
    if caps:  # a capped match counts the time away from its own start
        away = away_intervals(user.pk, min([since, *(cap.counted_from for cap in caps.values())]))
    changed = []
    for clock in clocks:
        seat = clock.running_seat
        old = clock.deadline_of(seat)
        if old is None:
            continue
        cap = caps.get(clock.match_id)
        new = deadline_after(clock.turn_started, clock.budget(seat), capped(away, *cap) if cap else away)
        if new != old:
            setattr(clock, f"deadline{seat}", new)
            clock.save(update_fields=[f"deadline{seat}"])
            signals.deadline_set.send(sender=MatchClock, match=clock.match, clock=clock)
            changed.append(clock.match)
    return changed


def extend_deadline(match: Match, days: int) -> MatchClock:
    """Give the player to move `days` more for this turn (the turn counts as started that much later).

    Moving the turn's start, rather than the deadline alone, keeps the extension when a vacation
    makes the clocks recompute the deadline, and charges a time bank nothing for those days.
    """
    with transaction.atomic():
        clock = (
            MatchClock.objects.select_for_update(of=("self",))
            .filter(match=match, match__status=Match.Status.ACTIVE)
            .first()
        )
        if clock is None or clock.running_seat is None or clock.deadline_of(clock.running_seat) is None:
            raise Refused(gettext("This match has no running deadline to extend."))
        seat = clock.running_seat
        clock.turn_started += days * DAY
        deadline = deadline_after(
            clock.turn_started, clock.budget(seat), away_for(match.pk, match.players[seat].pk, clock.turn_started)
        )
        setattr(clock, f"deadline{seat}", deadline)
        clock.save(update_fields=["turn_started", f"deadline{seat}"])
        signals.deadline_set.send(sender=MatchClock, match=match, clock=clock)
    return clock
