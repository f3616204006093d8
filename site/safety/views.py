"""Blocking and unblocking a player (from their profile or a match page). Thin views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from daymove.errors import Refused
from daymove.safety import blocks


def back(request, fallback: str):
    """To the page the form was sent from (`next`, a page of this site only), else to `fallback`."""
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect(fallback)


@require_POST
@login_required
def block_player(request, username):
    """Block a player: no more challenges or chat either way, and their chat lines are hidden."""
    try:
        blocks.block(request.user, username)
    except Refused as refusal:
        if refusal.status == 404:
            raise Http404(refusal.message) from None
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, f"You have blocked {username}: no challenges or chat between you, and their chat is hidden."
        )
    return back(request, reverse("profile", args=[username]))


@require_POST
@login_required
def unblock_player(request, username):
    """Lift one's block of a player."""
    if blocks.unblock(request.user, username):
        messages.success(request, f"You have unblocked {username}.")
    return back(request, reverse("profile", args=[username]))
