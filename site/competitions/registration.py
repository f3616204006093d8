"""Joining a series' next season: who may, and the standing answer (every season, the next only, or skip it).

Registration is always open: a registration belongs to the series, not to a season, and the season that starts
next reads it (`seasons.entrants`). The rules (verified address, at most 2 timeouts in 90 days, bots only where
allowed, the active-match cap with a season's games) are checked when a player registers, and again for all
entrants at once when a season starts (`eligible`): who no longer qualifies is left out and stays registered.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.competitions.divisions import LARGEST
from daymove.competitions.models import Registration, Series
from daymove.errors import Refused
from daymove.play import caps
from daymove.players.accounts import has_verified_email, verified_among
from daymove.players.bots import is_bot
from daymove.ratings.mass_timeouts import timeout_counts, timeouts_of

TIMEOUT_WINDOW = timedelta(days=90)
TIMEOUTS_ALLOWED = 2


def games_per_season(series: Series) -> int:
    """The most games a season can give one player: everyone else in the largest division, once or twice."""
    return (LARGEST - 1) * (2 if series.double_round_robin else 1)


def _refusal(series: Series, player, verified: bool, timeouts: int, running: int) -> str | None:
    """The first rule the player breaks, given their address, recent timeouts and matches in progress."""
    if is_bot(player):
        return None if series.bots_allowed else gettext("Bots do not play in this league.")
    if not verified:
        return gettext("Leagues need a verified email address: confirm yours (see Account), then join.")
    if timeouts > TIMEOUTS_ALLOWED:
        words = ngettext(
            "You lost %(count)s match on time in the last 90 days; leagues take players with at most %(allowed)s. "
            "You may join once fewer of them are that recent.",
            "You lost %(count)s matches on time in the last 90 days; leagues take players with at most "
            "%(allowed)s. You may join once fewer of them are that recent.",
            timeouts,
        )
        return words % {"count": timeouts, "allowed": TIMEOUTS_ALLOWED}
    allowed = caps.caps_of(player, verified)
    season = games_per_season(series)
    if allowed is not None and running + season > allowed.active_matches:
        words = ngettext(
            "A season can add up to %(season)s matches to your %(running)s in progress, and at most %(cap)s may run "
            "at once: finish %(count)s first, then join.",
            "A season can add up to %(season)s matches to your %(running)s in progress, and at most %(cap)s may run "
            "at once: finish %(count)s first, then join.",
            running + season - allowed.active_matches,
        )
        return words % {
            "season": season,
            "running": running,
            "cap": allowed.active_matches,
            "count": running + season - allowed.active_matches,
        }
    return None


def refusal_to_join(series: Series, player) -> str | None:
    """Why `player` may not join the series' next season, in a sentence; None if they may."""
    timeouts = len(timeouts_of(player, timezone.now() - TIMEOUT_WINDOW))
    return _refusal(series, player, has_verified_email(player), timeouts, caps.active_matches(player))


def eligible(series: Series, players: list, now=None) -> list:
    """Those of `players` whom `refusal_to_join` would let in, checked for all at once in a few queries."""
    now = now or timezone.now()
    ids = [u.pk for u in players]
    verified = verified_among(players)
    timeouts = timeout_counts(ids, now - TIMEOUT_WINDOW)
    running = caps.active_match_counts(ids)
    return [
        u for u in players if _refusal(series, u, u.pk in verified, timeouts.get(u.pk, 0), running.get(u.pk, 0)) is None
    ]


def register(series: Series, player, mode: str = Registration.Mode.RECURRING) -> Registration:
    """Join the series' next season (every season, the next only) or skip it; Refused with the reason."""
    if mode not in Registration.Mode.values:
        raise Refused(gettext("Choose every season, the next season only, or skip the next season."))
    # A skip returns to every season after the one skipped, so it needs what joining needs.
    reason = refusal_to_join(series, player)
    if reason:
        raise Refused(reason)
    with transaction.atomic():
        registration, _ = Registration.objects.update_or_create(
            series=series, player=player, defaults={"mode": mode, "updated": timezone.now()}
        )
    return registration


def unregister(series: Series, player) -> None:
    """Leave the series: no further season is entered (a running season's games go on)."""
    Registration.objects.filter(series=series, player=player).delete()


def registration_of(series: Series, player) -> Registration | None:
    """The player's standing answer for the series, if any."""
    if not player.is_authenticated:
        return None
    return Registration.objects.filter(series=series, player=player).first()
