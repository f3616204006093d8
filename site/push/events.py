"""The push transport: pushes recorded as outbox jobs in the transaction of the change that causes them.

Who hears what is decided in `daymove.notify.decisions` (with push's own flags, `PUSH`); here each tiding
becomes one job per device of a recipient who wants that kind. A job per (match or challenge, ply, kind,
device) key, so a redelivered job never pushes twice and a device that fails is retried alone. What a push
says is built when it is sent (see `sender`).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from daymove.notify.decisions import Tiding
from daymove.outbox.jobs import record_many
from daymove.prepared_sql import Prepared
from daymove.push.models import PushSubscription

KIND = "push"


def send(tidings: list[Tiding]) -> None:
    """Record a push job per device for each tiding whose recipient wants its kind: one query for the recipients'
    devices and choices, then one insert of all the jobs (however many devices), as a move or a season start needs."""
    users = {tiding.user.pk for tiding in tidings}
    if not users:
        return
    kinds = tuple(sorted({tiding.kind for tiding in tidings}))
    devices = defaultdict(list)
    for user_id, device, *wanted in _devices_and_choices(users, kinds):
        devices[user_id].append((device, dict(zip(kinds, wanted, strict=True))))
    due = [
        (
            f"push:{t.subject}:{t.ply}:{t.kind}:{t.user.pk}:{device}",
            {"kind": t.kind, "user": t.user.pk, "device": device, "ply": t.ply, **t.details},
        )
        for t in tidings
        for device, wanted in devices[t.user.pk]
        if wanted[t.kind] is not False
    ]
    if due:
        record_many(KIND, due)


def _devices_and_choices(users: set[int], kinds: tuple[str, ...]) -> list[tuple]:
    """(user id, device id, wants kind... in `kinds`' order) for each device of `users`."""
    if len(users) == 1:  # a move's one recipient: SQL built once per process for these kinds
        rows = _one_users_devices(kinds).values(*users)
    else:
        rows = _devices(PushSubscription.objects.filter(user__in=users), kinds)
    return [tuple(row.values()) for row in rows]


def _devices(subscriptions, kinds: tuple[str, ...]):
    # A player without a choices row wants every kind: the left join gives None.
    return subscriptions.values("user_id", "pk", *(f"user__push_preferences__{kind}" for kind in kinds))


@cache
def _one_users_devices(kinds: tuple[str, ...]) -> Prepared:
    return Prepared(lambda user_id: _devices(PushSubscription.objects.filter(user_id=user_id), kinds))
