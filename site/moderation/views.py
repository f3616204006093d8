"""Reporting a player or one of their chat lines, and acknowledging a moderator's warning. Thin views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from daymove.errors import Refused
from daymove.moderation import reports, warnings
from daymove.moderation.forms import ReportForm
from daymove.safety.views import back


def _positive_id(value) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


@never_cache
@login_required
def report_player(request, username):
    """GET: the report form (about one chat line or match, if named); POST: send the report to the moderators."""
    about = request.POST if request.method == "POST" else request.GET
    chat_id, match_id = _positive_id(about.get("chat")), _positive_id(about.get("match"))
    try:
        reported = reports.reportable_player(username)
        chat_line = reports.reported_chat_line(request.user, reported, chat_id) if chat_id else None
    except Refused as refusal:
        raise Http404(refusal.message) from None
    form = ReportForm(request.POST or None, initial={"chat": chat_id, "match": match_id})
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                report = reports.file_report(request.user, username, data["reason"], data["details"], match_id, chat_id)
            except Refused as refusal:
                if refusal.status == 404:
                    raise Http404(refusal.message) from None
                form.add_error(None, refusal.message)
                status = refusal.status
            else:
                messages.success(request, f"Thank you: your report about {username} is with the moderators.")
                return redirect(report.match or reverse("profile", args=[username]))
    context = {"form": form, "reported": reported, "chat_line": chat_line}
    return render(request, "moderation/report.html", context, status=status)


@require_POST
@login_required
def acknowledge_warning(request, action_id):
    """The warned player has read a moderator's warning."""
    try:
        warnings.acknowledge(request.user, action_id)
    except Refused as refusal:
        raise Http404(refusal.message) from None
    return back(request, reverse("lobby"))
