"""Vacation booking and the calendar feed. The settings page that shows them is `notify.views.settings_page`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.clocks import calendar, vacations
from daymove.clocks.forms import VacationForm
from daymove.refusals import answers_refusals

SETTINGS = "player_settings"


@require_POST
@login_required
@answers_refusals(back=SETTINGS)
def book_vacation(request):
    """Book days away."""
    form = VacationForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give the first and the last day of your vacation as dates."))
        return redirect(SETTINGS)
    vacation = vacations.book_vacation(request.user, form.cleaned_data["start"], form.cleaned_data["end"])
    messages.success(
        request,
        ngettext(
            "Vacation booked: %(count)s day away; your clocks stop meanwhile.",
            "Vacation booked: %(count)s days away; your clocks stop meanwhile.",
            vacation.days,
        )
        % {"count": vacation.days},
    )
    return redirect(SETTINGS)


@require_POST
@login_required
@answers_refusals(back=SETTINGS)
def cancel_vacation(request, vacation_id):
    """Cancel a booked vacation (or end the current one now)."""
    vacations.cancel_vacation(request.user, vacation_id)
    messages.success(request, gettext("Vacation cancelled; your clocks run again."))
    return redirect(SETTINGS)


@require_POST
@login_required
def calendar_action(request):
    """Create a new secret calendar URL (revoking the old one), or turn the feed off."""
    if request.POST.get("action") == "revoke":
        calendar.revoke(request.user)
        messages.success(request, gettext("Calendar feed turned off: its address no longer works."))
    else:
        calendar.regenerate(request.user)
        messages.success(request, gettext("New calendar address made; any old one no longer works."))
    return redirect(SETTINGS)


@never_cache
@require_GET
def calendar_feed(request, token):
    """The deadlines of the token's owner as text/calendar (no login: calendar apps cannot log in)."""
    user = calendar.user_for_token(token)
    if user is None:
        raise Http404(gettext("There is no such calendar."))
    response = HttpResponse(calendar.ics(user), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="daymove-deadlines.ics"'
    return response
