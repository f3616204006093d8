"""What moderators do to an account (warn, mute the chat, close the account, annul ratings, adjust a ladder place)
or a match (declare its result); each one logged.

Every action is a `ModerationAction` row (who, to whom, from which report, what exactly), written in
the transaction that does it; acting on a report closes it.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.errors import Refused
from daymove.ladders import membership as ladders
from daymove.moderation.models import ModerationAction, Report
from daymove.play.models import Match
from daymove.ratings.models import RatingChange
from daymove.ratings.refunds import refund
from daymove.round import endings
from daymove.round.departures import leave_play
from daymove.safety import mutes

Kind = ModerationAction.Kind


@transaction.atomic
def _log(kind, target, moderator, report=None, **fields) -> ModerationAction:
    """Record the action; acting on an open report closes it."""
    action = ModerationAction.objects.create(kind=kind, target=target, moderator=moderator, report=report, **fields)
    if report is not None and report.status == Report.Status.OPEN:
        status = Report.Status.DISMISSED if kind == Kind.DISMISS else Report.Status.ACTED
        Report.objects.filter(pk=report.pk).update(status=status, closed_at=action.created, closed_by=moderator)
        report.status = status
    return action


def warn(target, moderator, message: str, report=None) -> ModerationAction:
    """Warn the player: they see `message` on every page until they acknowledge it."""
    message = message.strip()
    if not message:
        raise Refused(gettext("Write the warning the player will read."))
    return _log(Kind.WARN, target, moderator, report, message=message)


def mute(target, moderator, days: int, report=None) -> ModerationAction:
    """Keep the player out of every chat for `days` days."""
    if not 1 <= days <= 365:
        raise Refused(gettext("Mute for 1 to 365 days."))
    until = timezone.now() + timedelta(days=days)
    with transaction.atomic():
        mutes.mute(target, until)
        return _log(Kind.MUTE, target, moderator, report, until=until, details={"days": days})


def lift_mute(target, moderator) -> ModerationAction | None:
    """End the player's running mutes now; None if there was none."""
    with transaction.atomic():
        return _log(Kind.UNMUTE, target, moderator) if mutes.lift_mutes(target) else None


def close_account(target, moderator, report=None) -> ModerationAction:
    """Close the account: no more logins; its matches in progress are resigned and its open challenges withdrawn."""
    if target.is_staff or target.is_superuser:
        raise Refused(gettext("Staff accounts are not closed from the report queue."))
    with transaction.atomic():
        resigned, withdrawn = leave_play(target)
        target.is_active = False
        target.save(update_fields=["is_active"])
        details = {"resigned_matches": resigned, "withdrawn_challenges": withdrawn}
        return _log(Kind.CLOSE, target, moderator, report, details=details)


def annul_ratings(target, moderator, matches, report=None) -> ModerationAction:
    """Take back what the chosen finished rated matches of the player did to both sides' ratings."""
    matches = list(matches)
    if not matches:
        raise Refused(gettext("Choose the games whose ratings are annulled."))
    foreign = [m.pk for m in matches if m.seat_of(target) is None]
    if foreign:
        raise Refused(
            ngettext(
                "%(player)s did not play in match %(matches)s.",
                "%(player)s did not play in matches %(matches)s.",
                len(foreign),
            )
            % {"player": target.username, "matches": ", ".join(map(str, foreign))}
        )
    with transaction.atomic():
        refunds = []
        for match in matches:
            for change in RatingChange.objects.filter(match=match).order_by("pk"):
                points = refund(change)
                refunds.append({"match": match.pk, "user": change.user_id, "points": round(points, 1)})
            Match.objects.filter(pk=match.pk).update(rated=False)
        details = {"matches": [m.pk for m in matches], "refunds": refunds}
        return _log(Kind.ANNUL, target, moderator, report, details=details)


def declare_result(match: Match, winner: int | None, moderator, reason: str) -> ModerationAction:
    """End an active match with this result (None: a draw) for `reason`, rated, as the moderators decided."""
    with transaction.atomic():
        match = endings.declare_result(match, winner, reason)
        details = {"match": match.pk, "result": match.result_text()}
        return _log(Kind.DECLARE, None, moderator, match=match, message=match.result_note, details=details)


def dismiss(report, moderator) -> ModerationAction:
    """Close a report with no action."""
    return _log(Kind.DISMISS, report.reported, moderator, report)


def adjust_ladder_place(ladder, target, place: int, moderator, reason: str) -> ModerationAction:
    """Move a player to `place` on a ladder for `reason` (shown in their place history), and log it."""
    with transaction.atomic():
        changes = ladders.adjust(ladder, target, place, reason)
        moved = next((c for c in changes if c.player_id == target.pk), None)
        details = {
            "ladder": ladder.slug,
            "from": moved.from_place if moved else place,
            "to": moved.to_place if moved else place,
        }
        return _log(Kind.LADDER_PLACE, target, moderator, message=" ".join(reason.split()), details=details)
