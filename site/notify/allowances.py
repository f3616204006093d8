"""How many challenge emails one player's challenges may send, and one player may receive, an hour.

Past either allowance the challenge is still made (it waits in the recipient's lobby); only its email
is held back, and the challenger is told so.
"""

from __future__ import annotations

from django.conf import settings

from daymove.safety import ratelimits


def challenge_email_allowed(sender, recipient) -> bool:
    """Count one challenge email from `sender` to `recipient`; False once either is past the hourly allowance."""
    if ratelimits.use("challenge-email-sent", sender, settings.DAYMOVE_CHALLENGE_EMAILS_SENT_PER_HOUR):
        return False
    return not ratelimits.use(
        "challenge-email-received", recipient, settings.DAYMOVE_CHALLENGE_EMAILS_RECEIVED_PER_HOUR
    )
