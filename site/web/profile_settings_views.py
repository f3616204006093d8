"""Saving the profile part of the settings: the "about" text and whether one's games are listed. Thin view."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from daymove.web.profile_settings import ProfileSettingsForm


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def profile_settings(request):
    """GET: the profile settings alone; POST: save them (the settings page posts here too)."""
    form = ProfileSettingsForm(request.POST or None, instance=request.user.player)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Profile settings saved."))
        return redirect(reverse("player_settings") + "#profile")
    status = 400 if request.method == "POST" else 200
    return render(request, "players/profile_settings.html", {"profile_form": form}, status=status)
