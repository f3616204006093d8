"""The settings page (time zone, emails, vacation, calendar) and the one-click unsubscribe endpoint."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from daymove.clocks import vacations
from daymove.clocks.calendar import feed_url
from daymove.clocks.forms import VacationForm
from daymove.clocks.models import CalendarFeed
from daymove.notify.forms import PreferencesForm
from daymove.notify.models import FIELD_KINDS, preferences_of
from daymove.notify.preferences import save_preferences
from daymove.notify.unsubscribe import KIND_NAMES, read_token, unsubscribe


def _initial(user) -> dict:
    preferences = preferences_of(user)
    return {
        "time_zone": user.player.time_zone,
        "turn_emails": preferences.turn_emails,
        "digest_hour": preferences.digest_hour,
        "reminders": preferences.reminders,
        "reminder_hours": preferences.reminder_hours,
        "game_over": preferences.game_over,
        "challenges": preferences.challenges,
        **{kind: getattr(preferences, kind) for kind in FIELD_KINDS},
        "next_game_after_move": user.player.next_game_after_move,
    }


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request):
    """Your time zone, which emails you get, going on to the next game, your vacations and your calendar feed."""
    user = request.user
    form = PreferencesForm(request.POST or None, initial=_initial(user))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            save_preferences(user, form.cleaned_data)
            messages.success(request, gettext("Settings saved."))
            return redirect("player_settings")
        status = 400
    feed = CalendarFeed.objects.filter(user=user).first()
    context = {
        "form": form,
        "vacation_form": VacationForm(),
        "vacations": vacations.upcoming(user),
        "allowance": vacations.allowance(),
        "days_left": vacations.days_left(user),
        "year": vacations.local_today(user).year,
        "feed_url": feed_url(feed) if feed else None,
    }
    return render(request, "notify/settings.html", context, status=status)


@csrf_exempt  # RFC 8058 one-click: mail providers POST without a session; the signed token is the proof
@never_cache
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request, token):
    """GET: a page with a button (link checkers must not unsubscribe anyone). POST: turn that email off."""
    found = read_token(token)
    if found is None:
        return HttpResponseBadRequest(
            gettext("This unsubscribe link is not valid. Change your emails on the settings page.")
        )
    user_id, kind = found
    done = False
    if request.method == "POST":
        done = unsubscribe(user_id, kind)
        if not done:
            return HttpResponseBadRequest(gettext("This account no longer exists."))
    return render(request, "notify/unsubscribe.html", {"kind_name": KIND_NAMES[kind], "done": done, "token": token})
