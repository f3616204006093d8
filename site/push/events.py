"""The push transport: pushes recorded as outbox jobs in the transaction of the change that causes them.

Who hears what is decided in `daymove.notify.decisions` (with push's own flags, `PUSH`); here each tiding
becomes one job per device of a recipient who wants that kind. A job per (match or challenge, ply, kind,
device) key, so a redelivered job never pushes twice and a device that fails is retried alone. What a push
says is built when it is sent (see `sender`).
"""

from __future__ import annotations

from collections import defaultdict

from daymove.notify.decisions import Tiding
from daymove.outbox.jobs import record, record_many
from daymove.push.models import PushPreferences, PushSubscription, wants_push

KIND = "push"


def send(tidings: list[Tiding]) -> None:
    """Record a push job per device for each tiding whose recipient wants its kind."""
    for tiding in tidings:
        if not wants_push(tiding.user, tiding.kind):
            continue
        user = tiding.user
        for device in PushSubscription.objects.filter(user=user).values_list("pk", flat=True):
            key = f"push:{tiding.subject}:{tiding.ply}:{tiding.kind}:{user.pk}:{device}"
            payload = {"kind": tiding.kind, "user": user.pk, "device": device, "ply": tiding.ply, **tiding.details}
            record(KIND, key, payload)


def send_many(tidings: list[Tiding]) -> None:
    """Record the pushes of many tidings (a league season's players) with one query for their devices, one for their
    choices and one insert; each as `send` would."""
    users = [t.user.pk for t in tidings]
    devices = defaultdict(list)
    for user_id, device in PushSubscription.objects.filter(user__in=users).values_list("user_id", "pk"):
        devices[user_id].append(device)
    chosen = {p.user_id: p for p in PushPreferences.objects.filter(user__in=[u for u in users if u in devices])}
    due = [
        (
            f"push:{t.subject}:{t.ply}:{t.kind}:{t.user.pk}:{device}",
            {"kind": t.kind, "user": t.user.pk, "device": device, "ply": t.ply, **t.details},
        )
        for t in tidings
        if t.user.pk not in chosen or getattr(chosen[t.user.pk], t.kind)
        for device in devices[t.user.pk]
    ]
    if due:
        record_many(KIND, due)
