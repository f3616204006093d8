"""Reporting a player or one of their chat lines, and acknowledging a moderator's warning. Thin views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from daymove.errors import Refused
from daymove.moderation import reports, warnings
from daymove.moderation.forms import ReportForm
from daymove.moderation.models import Report
from daymove.refusals import answers_refusals
from daymove.safety.views import back


def _positive_id(value) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def _about(request) -> tuple[int | None, int | None]:
    """The chat line and the match the report is about (ids, from the form or the address), if named."""
    data = request.POST if request.method == "POST" else request.GET
    return _positive_id(data.get("chat")), _positive_id(data.get("match"))


def _report_form(request) -> ReportForm:
    chat_id, match_id = _about(request)
    initial = {"chat": chat_id, "match": match_id, "reason": request.GET.get("reason")}  # "Report this text"
    return ReportForm(request.POST or None, initial=initial)


def _report_page(request, username, form: ReportForm, status: int = 200):
    """The report form about `username`, quoting the chat line it is about; NotFound for what they cannot report."""
    reported = reports.reportable_player(username)
    chat_id = _about(request)[0]
    chat_line = reports.reported_chat_line(request.user, reported, chat_id) if chat_id else None
    about_profile = (request.POST or request.GET).get("reason") == Report.Reason.PROFILE
    context = {"form": form, "reported": reported, "chat_line": chat_line}
    context["profile_text"] = reported.player.about if about_profile else ""
    return render(request, "moderation/report.html", context, status=status)


def _report_refused(request, refusal: Refused, username):
    """The report form again, with the reason the report was refused."""
    form = _report_form(request)
    form.is_valid()  # it was: the report was refused after
    form.add_error(None, refusal.message)
    return _report_page(request, username, form, refusal.status)


@never_cache
@login_required
@answers_refusals(show=_report_refused)
def report_player(request, username):
    """GET: the report form (about one chat line or match, if named); POST: send the report to the moderators."""
    form = _report_form(request)
    if request.method != "POST":
        return _report_page(request, username, form)
    if not form.is_valid():
        return _report_page(request, username, form, status=400)
    chat_id, match_id = _about(request)
    data = form.cleaned_data
    report = reports.file_report(request.user, username, data["reason"], data["details"], match_id, chat_id)
    messages.success(
        request, gettext("Thank you: your report about %(player)s is with the moderators.") % {"player": username}
    )
    return redirect(report.match or reverse("profile", args=[username]))


@require_POST
@login_required
def acknowledge_warning(request, action_id):
    """The warned player has read a moderator's warning."""
    warnings.acknowledge(request.user, action_id)
    return back(request, reverse("lobby"))
