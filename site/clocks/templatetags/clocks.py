"""Template tags: a match's clocks and who is away, in the viewer's time zone (see LocalTimeMiddleware).

When a player will be away is theirs to tell: their opponent (and staff) see it on a match in progress,
and nobody else anywhere (a stranger could read an empty house in the dates).
"""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.clocks.models import MatchClock, Vacation
from daymove.clocks.vacations import BOOKED
from daymove.play.match_facts import match_fact
from daymove.players.bots import is_bot

register = template.Library()


def _away(user_ids) -> dict[int, Vacation]:
    """Each user's current or next vacation, by user id."""
    found: dict[int, Vacation] = {}
    for vacation in Vacation.objects.filter(user_id__in=user_ids, ends__gt=timezone.now()).order_by("starts"):
        found.setdefault(vacation.user_id, vacation)
    return found


@register.inclusion_tag("clocks/partials/match_clock.html", takes_context=True)
def match_clock(context, match, seat):
    """The time control, the running deadline, time banks, and (for the players and staff) their vacations."""
    clock = getattr(match, "clock", None)  # loaded with the match by the page (web.views), else asked for here
    viewer = context["request"].user
    # Read for the players and staff whatever the match's state (when the match page's query saw any booked);
    # shown only while the match is on.
    may_see = (seat is not None or viewer.is_staff) and match_fact(match, viewer, BOOKED, lambda: True)
    booked = _away([match.player0_id, match.player1_id]) if may_see else {}
    away = booked if match.is_active else {}
    now = timezone.now()
    players = []
    for index, user in enumerate(match.players):
        vacation = away.get(user.pk)
        players.append(
            {
                "seat": index,
                "user": user,
                "you": seat == index,
                "deadline": clock.deadline_of(index) if clock and match.is_active else None,
                "bank": clock.bank_of(index)
                if clock and clock.kind == MatchClock.Kind.BANK and match.is_active
                else None,
                "vacation": vacation,
                "away_now": vacation is not None and vacation.starts <= now,
            }
        )
    bot = next((user for user in match.players if is_bot(user)), None)  # no deadline: it answers within seconds
    return {"clock": clock, "match": match, "players": players, "bot": bot}


@register.inclusion_tag("clocks/partials/away.html")
def away_notice(user):
    """Whether the player a challenge is addressed to is away now (not when: they play no match with the viewer yet)."""
    vacation = _away([user.pk]).get(user.pk)
    return {"opponent": user, "vacation": vacation, "away_now": bool(vacation and vacation.starts <= timezone.now())}


@register.filter
def days_hours(duration) -> str:
    """A duration as "3 days 4 h"."""
    if duration is None:
        return ""
    hours = int(duration.total_seconds() // 3600)
    days, hours = divmod(hours, 24)
    parts = []
    if days:
        parts.append(ngettext("%(days)s day", "%(days)s days", days) % {"days": days})
    if hours or not days:
        parts.append(gettext("%(hours)s h") % {"hours": hours})
    return " ".join(parts)
