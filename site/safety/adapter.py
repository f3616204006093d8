"""allauth's account adapter with the site's rules: login limits per account, a clear wait, look-alike names.

allauth counts failed logins per client address (behind a proxy: `ALLAUTH_TRUSTED_PROXY_COUNT`) and
per "key", which it takes from the typed name; here the key is the account the typed name or email
address belongs to, so a name and an address share one allowance. When a limit is reached the
message says how long to wait.
"""

from __future__ import annotations

import logging
import time

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.userkit import filter_users_by_email, get_user_by_username
from allauth.core.internal import ratelimit
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from daymove.safety.names import look_alike_taken
from daymove.safety.ratelimits import wait_text

LOGIN_FAILED = "login_failed"

log = logging.getLogger(__name__)


def login_wait_seconds(request, key: str) -> float:
    """How long until allauth's failed-login limits (per address and per account) let this login try again."""
    now = time.time()
    wait = 0.0
    for rate in ratelimit.get_rates(app="allauth.account", action=LOGIN_FAILED):
        cache_key = ratelimit.get_cache_key(request, app="allauth.account", action=LOGIN_FAILED, rate=rate, key=key)
        history = [stamp for stamp in cache.get(cache_key, []) if stamp > now - rate.duration]
        if len(history) >= rate.amount:
            # History is newest first: the try that frees a place is the amount-th newest.
            wait = max(wait, sorted(history, reverse=True)[rate.amount - 1] + rate.duration - now)
    return wait


class AccountAdapter(DefaultAccountAdapter):
    """The site's account rules on top of allauth's."""

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        # allauth's hook for the per-key failed-login limit (also cleared by a password reset).
        return "account:" + _account_of(credentials)

    def get_client_ip(self, request) -> str:
        # allauth raises ImproperlyConfigured (a 500) when X-Forwarded-For has fewer entries than the trusted proxy
        # count. Such a request did not pass through every proxy of ours, so no entry in it can be trusted: it is
        # counted under the address it came from, which a client cannot choose.
        forwarded = request.headers.get("x-forwarded-for")
        count = settings.ALLAUTH_TRUSTED_PROXY_COUNT
        if count and forwarded and len(forwarded.split(",")) < count and not settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER:
            log.warning("X-Forwarded-For has fewer entries than DAYMOVE_TRUSTED_PROXY_COUNT=%s: %r", count, forwarded)
            return request.META.get("REMOTE_ADDR") or "unknown"
        return super().get_client_ip(request)

    def pre_authenticate(self, request, **credentials) -> None:
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError:
            key = self._get_login_attempts_cache_key(request, **credentials)
            wait = login_wait_seconds(request, key)
            raise ValidationError(
                gettext("Too many failed logins. For your safety, %(wait)s.") % {"wait": wait_text(wait)},
                code="too_many_login_attempts",
            ) from None

    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if not shallow and look_alike_taken(username):
            raise ValidationError(
                gettext("This name reads the same as a player's name that is already taken. Please choose another."),
                code="look_alike",
            )
        return username


def _account_of(credentials: dict) -> str:
    """The account a login names (by email address or name), or the typed text if it names none."""
    typed = (credentials.get("email") or credentials.get("username") or "").strip()
    user = None
    if credentials.get("email"):
        users = filter_users_by_email(credentials["email"], prefer_verified=True, for_login=True)
        user = users[0] if len(users) == 1 else None
    if user is None and credentials.get("username"):
        user = get_user_by_username(credentials["username"])
    return f"user:{user.pk}" if user is not None else f"typed:{typed.lower()}"
