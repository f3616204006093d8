"""The push transport: pushes recorded as outbox jobs in the transaction of the change that causes them.

Who hears what is decided in `daymove.notify.decisions` (with push's own flags, `PUSH`); here each tiding
becomes one job per device of a recipient who wants that kind. A job per (match or challenge, ply, kind,
device) key, so a redelivered job never pushes twice and a device that fails is retried alone. What a push
says is built when it is sent (see `sender`).
"""

from __future__ import annotations

from daymove.notify.decisions import Tiding
from daymove.outbox.jobs import record
from daymove.push.models import PushSubscription, wants_push

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
