"""The email transport: emails recorded as outbox jobs, in the transaction of the change that causes them.

Who hears what is decided in `decisions`; here each tiding becomes an email job if the recipient wants that
kind. Every email job has a unique key (match, ply, kind, recipient), so a redelivered or swept job never
sends twice. What the email says is built when it is sent (see `mailer`), from the recipient's own view of
the match. Reminders, an email of its own, follow the running deadline.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.notify.decisions import Tiding
from daymove.notify.looks import expect_a_look
from daymove.notify.models import EmailPreferences, preferences_of
from daymove.outbox.jobs import record, record_later, record_many, reschedule
from daymove.play.models import Match
from daymove.play.signals import is_replaying_history

KIND = "email"

# Emails that follow another kind's preference (and its unsubscribe link).
PREFERENCE_OF = {"draw_offer": "your_turn", "planned_reply": "your_turn", "plan_dropped": "your_turn"}


def email_key(match_id, ply: int, kind: str, user_id: int) -> str:
    """The outbox key of one email: one per (match, ply, kind, recipient)."""
    return f"mail:{match_id}:{ply}:{kind}:{user_id}"


def _record_email(kind: str, key: str, user, run_after=None, **payload) -> None:
    if is_replaying_history():
        return
    payload = {"kind": kind, "user": user.pk, **payload}
    if run_after is not None and run_after > timezone.now():
        # Nothing to hand over at commit (the sweep does it when due): one insert, once per key, as record_later.
        record_later(KIND, [(key, payload, run_after)])
    else:
        record(KIND, key, payload, run_after=run_after)


def send(tidings: list[Tiding]) -> None:
    """Record the email of each tiding its recipient wants (a turn email that waits for a look, after the grace)."""
    for tiding in tidings:
        if not preferences_of(tiding.user).wants(PREFERENCE_OF.get(tiding.kind, tiding.kind)):
            continue
        run_after = None
        if tiding.waits_for_a_look:
            expect_a_look(tiding.details["match"], tiding.user, tiding.ply)
            run_after = timezone.now() + timedelta(seconds=settings.DAYMOVE_TURN_EMAIL_GRACE_SECONDS)
        key = email_key(tiding.subject, tiding.ply, tiding.kind, tiding.user.pk)
        _record_email(tiding.kind, key, tiding.user, run_after=run_after, ply=tiding.ply, **tiding.details)


def send_many(tidings: list[Tiding]) -> None:
    """Record the emails of many tidings due now (a league season's players) with one query for their choices and
    one insert; each as `send` would, once per key."""
    if is_replaying_history() or not tidings:
        return
    chosen = {p.user_id: p for p in EmailPreferences.objects.filter(user__in=[t.user.pk for t in tidings])}
    due = [
        (email_key(t.subject, t.ply, t.kind, t.user.pk), {"kind": t.kind, "user": t.user.pk, "ply": t.ply, **t.details})
        for t in tidings
        if (chosen.get(t.user.pk) or EmailPreferences(user=t.user)).wants(PREFERENCE_OF.get(t.kind, t.kind))
    ]
    record_many(KIND, due)


def reminder_kind(hours: int) -> str:
    return f"reminder-{hours}h"


def schedule_first_reminders(clocks: list[MatchClock]) -> None:
    """Record the reminders of many new matches' first turns at once (a league season's start), in a few queries."""
    if is_replaying_history():
        return
    movers = {clock.match.players[clock.running_seat] for clock in clocks if clock.running_seat is not None}
    saved = {p.user_id: p for p in EmailPreferences.objects.filter(user__in=[u.pk for u in movers])}
    due = []
    for clock in clocks:
        seat, match = clock.running_seat, clock.match
        deadline = clock.deadline_of(seat) if seat is not None else None
        if deadline is None:
            continue
        user = match.players[seat]
        preferences = saved.get(user.pk) or EmailPreferences(user=user)
        if not preferences.reminders:
            continue
        for hours in sorted(set(preferences.reminder_hours)):
            run_after = deadline - timedelta(hours=hours)
            if run_after > clock.turn_started:  # as in schedule_reminders: a threshold past the whole turn says nothing
                payload = {"kind": "reminder", "user": user.pk, "match": match.pk, "ply": match.ply, "hours": hours}
                due.append((email_key(match.pk, match.ply, reminder_kind(hours), user.pk), payload, run_after))
    record_later(KIND, due)


def schedule_reminders(match: Match, clock: MatchClock | None = None, *, new_turn: bool = False) -> None:
    """Record (or move) the reminders of the player to move at the thresholds they chose (`clock`: the match's
    clock as just saved, if the caller has it; `new_turn`: the turn has just started, so it has no reminder to move)."""
    if clock is None:
        clock = MatchClock.objects.filter(match=match).first()
    seat = match.to_move
    if clock is None or seat is None or not match.is_active:
        return
    deadline = clock.deadline_of(seat)
    user = match.players[seat]
    preferences = preferences_of(user)
    if deadline is None or not preferences.reminders:
        return
    for hours in sorted(set(preferences.reminder_hours)):
        key = email_key(match.pk, match.ply, reminder_kind(hours), user.pk)
        run_after = deadline - timedelta(hours=hours)
        if not new_turn and reschedule(key, run_after):
            continue  # a deadline moved (vacation): the pending reminder moves with it
        if run_after > clock.turn_started:  # a threshold longer than the whole turn says nothing new
            _record_email("reminder", key, user, run_after=run_after, match=match.pk, ply=match.ply, hours=hours)
