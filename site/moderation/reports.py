"""Reporting a player, one of their chat lines or their profile text, to the moderators."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext, ngettext

from daymove.errors import NotFound, Refused
from daymove.moderation.models import REPORT_DETAILS_MAX_LENGTH, Report
from daymove.play.models import Match
from daymove.safety import ratelimits
from daymove.talk.models import ChatMessage


def reportable_player(username: str):
    """The active player called `username`; NotFound if there is none."""
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise NotFound(gettext("There is no such player."))
    return user


def reported_chat_line(reporter, reported, chat_id) -> ChatMessage:
    """The chat line `chat_id` by `reported`, if `reporter` could read it (played in its match); else NotFound."""
    line = ChatMessage.objects.select_related("match").filter(pk=chat_id, author=reported).first()
    if line is None or line.match.seat_of(reporter) is None:
        raise NotFound(gettext("There is no such chat message."))
    return line


def reported_match(reported, match_id) -> Match:
    """The match `match_id`, which `reported` plays in; else NotFound."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.seat_of(reported) is None:
        raise NotFound(gettext("There is no such match of this player."))
    return match


def _with_profile_text(reported, details: str) -> str:
    """The details with the profile text as it stands now (the player may change it before a moderator looks)."""
    text = reported.player.about
    if not text:
        raise Refused(gettext("%(player)s has no profile text to report.") % {"player": reported.username})
    return f"Profile text when reported: {text}\n\n{details}".strip()


def file_report(reporter, username: str, reason: str, details: str = "", match_id=None, chat_id=None) -> Report:
    """Put a report of `username` (with the chat line or match it is about) in the moderators' queue.

    The same open report twice (a double click) is one report.
    """
    reported = reportable_player(username)
    if reported.pk == reporter.pk:
        raise Refused(gettext("You cannot report yourself."))
    if reason not in Report.Reason.values:
        raise Refused(gettext("Choose a reason for the report."))
    details = details.strip()
    if len(details) > REPORT_DETAILS_MAX_LENGTH:
        raise Refused(gettext("Say it in at most %(most)s characters.") % {"most": REPORT_DETAILS_MAX_LENGTH})
    if reason == Report.Reason.PROFILE:
        details = _with_profile_text(reported, details)
    chat_line = reported_chat_line(reporter, reported, chat_id) if chat_id else None
    match = chat_line.match if chat_line else reported_match(reported, match_id) if match_id else None
    same = Report.objects.filter(
        reporter=reporter,
        reported=reported,
        reason=reason,
        chat_message=chat_line,
        match=match,
        status=Report.Status.OPEN,
    ).first()
    if same is not None:
        return same
    amount = settings.DAYMOVE_REPORTS_PER_HOUR
    reached = ngettext(
        "You have sent %(count)s report this hour, the most allowed: %(wait)s.",
        "You have sent %(count)s reports this hour, the most allowed: %(wait)s.",
        amount,
    )
    ratelimits.consume("report", reporter, amount, reached)
    return Report.objects.create(
        reporter=reporter, reported=reported, reason=reason, details=details, match=match, chat_message=chat_line
    )
