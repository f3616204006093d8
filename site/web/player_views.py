"""Profiles, the account page, deleting an account and downloading one's games."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from daymove.play.lookups import match_or_404
from daymove.players.accounts import delete_account, has_verified_email
from daymove.players.forms import DeleteAccountForm
from daymove.safety.blocks import blocked_players, has_blocked
from daymove.web.exports import export_json, export_text, record_json, record_text
from daymove.web.profiles import profile, visiting


def profile_page(request, username):
    """A player's ratings per game with their history and record, current games, head to head, about text."""
    user = get_user_model().objects.filter(username=username, is_active=True).select_related("player").first()
    if user is None:
        raise Http404(gettext("There is no such player."))
    context = profile(user) | visiting(user, request.user)
    context["you_blocked"] = request.user.is_authenticated and has_blocked(request.user, user)
    return render(request, "players/profile.html", context)


@never_cache
@login_required
def account(request):
    """The account page: email, password, downloads and deleting the account."""
    context = {"verified": has_verified_email(request.user), "blocked_players": blocked_players(request.user)}
    return render(request, "players/account.html", context)


@never_cache
@login_required
def delete(request):
    """Delete one's account (password and confirmation asked); games stay under an anonymous name."""
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        delete_account(request.user)
        logout(request)
        messages.success(
            request, gettext("Your account has been deleted. Your games stay on the site under an anonymous name.")
        )
        return redirect("lobby")
    status = 400 if request.method == "POST" else 200
    return render(request, "players/delete.html", {"form": form}, status=status)


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def download_json(request):
    """All one's games as JSON."""
    data = json.dumps(export_json(request.user), indent=1, ensure_ascii=False)
    return _download(data, "application/json; charset=utf-8", f"daymove-{request.user.username}.json")


@login_required
def download_text(request):
    """All one's games as plain-text notation."""
    return _download(export_text(request.user), "text/plain; charset=utf-8", f"daymove-{request.user.username}.txt")


@require_GET
def match_record_json(request, match_id):
    """One match's record as JSON, its moves as the viewer may see them (anyone may: spectators are welcome)."""
    match = match_or_404(match_id)
    data = json.dumps(record_json(match, request.user), indent=1, ensure_ascii=False)
    return _download(data, "application/json; charset=utf-8", f"daymove-{match.game}-{match.pk}.json")


@require_GET
def match_record_text(request, match_id):
    """One match's record in plain text, its moves as the viewer may see them."""
    match = match_or_404(match_id)
    return _download(
        record_text(match, request.user), "text/plain; charset=utf-8", f"daymove-{match.game}-{match.pk}.txt"
    )
