"""Out-of-office replies to a turn email: the player is away, so their clocks stop rather than run out.

An auto-reply (RFC 3834 `Auto-Submitted: auto-replied`, or the older markers and subjects) to a player's own reply
address, from their verified address, starts a vacation today from their yearly allowance (a setting, on by
default), unless they are already away; opponents see "away (auto-reply)".
"""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage

from django.conf import settings

from daymove.clocks.vacations import book_vacation, days_left, local_today
from daymove.errors import Refused

_AWAY_SUBJECT = re.compile(
    r"out of (the )?office|automatic reply|auto.?reply|autoreply|abwesenheit|absence|absent|vacation|holiday",
    re.IGNORECASE,
)


def is_out_of_office(message: EmailMessage) -> bool:
    """Whether an automatic message says its sender is away (not, say, a ticket system's receipt)."""
    auto = str(message.get("Auto-Submitted", "")).strip().lower()
    return (
        auto.startswith("auto-replied")
        or any(name in message for name in ("X-Autoreply", "X-Autorespond"))
        or bool(_AWAY_SUBJECT.search(str(message.get("Subject", ""))))
    )


def start_away(user) -> bool:
    """Start the player's vacation today (DAYMOVE_AUTO_REPLY_VACATION_DAYS, within what is left); False if not."""
    if not settings.DAYMOVE_AUTO_REPLY_VACATION:
        return False
    today = local_today(user)
    days = min(settings.DAYMOVE_AUTO_REPLY_VACATION_DAYS, days_left(user, today.year))
    if days < 1:
        return False
    try:
        book_vacation(user, today, today + timedelta(days=days - 1), auto_reply=True)
    except Refused:  # already away on some of those days: the clocks are stopped anyway
        return False
    return True
