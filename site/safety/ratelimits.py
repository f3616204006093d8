"""The site's own rate limits (challenges, chat lines, challenge emails, reports), counted in the shared cache.

Each limit counts uses per account in clock hours: a counter per (limit, account, hour) that the
cache increments atomically (Redis in production, so every web process and worker shares it; the
embedded default is the process's memory, enough for `make run`'s single web process). allauth's
own limits (logins, sign-ups, password resets) are counted per client address and per account by
allauth, behind a proxy through `ALLAUTH_TRUSTED_PROXY_COUNT`.

Why not django-ratelimit: these limits are checked in the services (a rematch, a challenge form and
a bot's acceptance all pass there, with no request at hand), they must say when the player may try
again, and django-ratelimit's checks reject the per-process memory cache the embedded default uses.
"""

from __future__ import annotations

import math
import time

from django.core.cache import cache
from django.utils.translation import ngettext

from daymove.errors import Refused

HOUR = 3600


class RateLimited(Refused):
    """Too many of one action this hour; the message says when to try again."""

    status = 429


def wait_text(seconds: float) -> str:
    """How long to wait, in words: "try again in 12 minutes" (never "in 0 minutes")."""
    minutes = max(1, math.ceil(seconds / 60))
    if minutes >= 120:
        hours = math.ceil(minutes / 60)
        return ngettext("try again in %(count)s hour", "try again in %(count)s hours", hours) % {"count": hours}
    return ngettext("try again in %(count)s minute", "try again in %(count)s minutes", minutes) % {"count": minutes}


def use(name: str, subject, amount: int, period: int = HOUR) -> float:
    """Count one use of `name` by `subject`; 0 while within `amount` per period, else the seconds left."""
    now = time.time()
    window = int(now // period)
    key = f"daymove:limit:{name}:{getattr(subject, 'pk', subject)}:{window}"
    for _ in range(2):
        cache.add(key, 0, timeout=period + 60)
        try:
            count = cache.incr(key)
            break
        except ValueError:  # the counter expired between add and incr: start it again
            continue
    else:
        return 0.0
    return 0.0 if count <= amount else (window + 1) * period - now


def consume(name: str, subject, amount: int, reached: str) -> None:
    """Count one use; past `amount` an hour, RateLimited with `reached`, a translated text whose %(count)s is
    `amount` and %(wait)s says when to try again ("You have sent 5 reports this hour, …: try again in 3 minutes.")."""
    wait = use(name, subject, amount)
    if wait:
        raise RateLimited(reached % {"count": amount, "wait": wait_text(wait)})
