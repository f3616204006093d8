"""The installable app's files (manifest, service worker) and a player's push settings and devices."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from daymove.push.keys import application_server_key
from daymove.push.models import KINDS, PushPreferences, PushSubscription
from daymove.push.subscriptions import Invalid, forget, subscribe
from daymove.refusals import answers_refusals


@require_GET
def manifest(request):
    """The web app manifest: what a phone needs to install the site on its home screen."""
    icons = [
        {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
        for size in (192, 512)
    ]
    body = {
        "name": "Daymove",
        "short_name": "Daymove",
        "description": gettext("Correspondence play of abstract strategy games: a move a day."),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f1e8",
        "theme_color": "#1d232a",
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json")


@require_GET
def service_worker(request):
    """The service worker, served from the root so that its scope is the whole site."""
    # Its one sentence in the language of the page that installed it (sw.js is not a template the catalogue reads).
    offline = gettext("Daymove cannot be reached: you seem to be offline.")
    script = render_to_string("push/sw.js", {"icon": static("icons/icon-192.png"), "offline": offline})
    response = HttpResponse(script, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # browsers look for a new version on every visit
    return response


class PushPreferencesForm(forms.ModelForm):
    class Meta:
        model = PushPreferences
        fields = list(KINDS)


@login_required
@require_http_methods(["GET", "POST"])
def push_settings(request):
    """Which pushes the player wants, and turning them on or off on this device (static/js/push.js)."""
    preferences = PushPreferences.objects.filter(user=request.user).first() or PushPreferences(user=request.user)
    form = PushPreferencesForm(request.POST if request.method == "POST" else None, instance=preferences)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("Your push notification choices are saved."))
        return redirect("push_settings")
    context = {
        "form": form,
        "devices": PushSubscription.objects.filter(user=request.user).count(),
        "server_key": application_server_key(),
    }
    return render(request, "push/settings.html", context)


def _json_body(request) -> dict:
    if request.content_type != "application/json":  # a browser's subscription comes as JSON, nothing else
        raise Invalid(gettext("That is not a push subscription."))
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise Invalid(gettext("That is not a push subscription.")) from None
    if not isinstance(body, dict):
        raise Invalid(gettext("That is not a push subscription."))
    return body


@require_POST
@login_required
@answers_refusals(json=True)
def push_subscribe(request):
    """Store this browser's subscription (the JSON of PushSubscription.toJSON()) for the player."""
    subscribe(request.user, _json_body(request), allow_insecure=settings.DEBUG)
    return JsonResponse({"ok": True}, status=201)


@require_POST
@login_required
@answers_refusals(json=True)
def push_unsubscribe(request):
    """Forget this browser's subscription (the player turned push off on it)."""
    forget(request.user, _json_body(request))
    return JsonResponse({"ok": True})
