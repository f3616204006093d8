"""Blocking and unblocking a player (from their profile or a match page). Thin views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from daymove.refusals import answers_refusals
from daymove.safety import blocks


def back_url(request, fallback: str) -> str:
    """The page the form was sent from (`next`, a page of this site only), else `fallback`."""
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return fallback


def back(request, fallback: str):
    """A redirect to the page the form was sent from, else to `fallback`."""
    return redirect(back_url(request, fallback))


def _back_to_profile(request, username) -> str:
    return back_url(request, reverse("profile", args=[username]))


@require_POST
@login_required
@answers_refusals(back=_back_to_profile)
def block_player(request, username):
    """Block a player: no more challenges or chat either way, and their chat lines are hidden."""
    blocks.block(request.user, username)
    messages.success(
        request,
        gettext("You have blocked %(player)s: no challenges or chat between you, and their chat is hidden.")
        % {"player": username},
    )
    return back(request, reverse("profile", args=[username]))


@require_POST
@login_required
def unblock_player(request, username):
    """Lift one's block of a player."""
    if blocks.unblock(request.user, username):
        messages.success(request, gettext("You have unblocked %(player)s.") % {"player": username})
    return back(request, reverse("profile", args=[username]))
