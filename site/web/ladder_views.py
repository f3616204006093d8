"""The ladder pages: every ladder, one ladder with its rows (live), a player's place history; a ladder challenge,
joining an empty ladder and leaving one. Thin views.

They sit in web, not in the ladders app, because a ladder challenge goes through the round (above ladders).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.errors import NotFound
from daymove.ladders.challenges import get_ladder
from daymove.ladders.membership import join_empty, leave
from daymove.live.notices import ladder_topic
from daymove.refusals import answers_refusals
from daymove.round.ladder_challenges import challenge_on_ladder
from daymove.web.ladder_pages import ladder_lines, ladder_page, place_history


@never_cache
@require_GET
def index(request):
    """Every ladder: its size, the viewer's place and its leaders."""
    return render(request, "ladders/index.html", {"lines": ladder_lines(request.user)})


@never_cache
@require_GET
def ladder(request, slug):
    """One ladder: a page of its rows with a challenge button or the reason there is none, its open games and recent
    changes (for htmx, the live part alone: the page redraws it when the places change)."""
    found = get_ladder(slug)
    context = ladder_page(found, request.user, request.GET.get("page")) | {"live_topic": ladder_topic(found.pk)}
    template = "ladders/ladder.html#live" if request.htmx else "ladders/ladder.html"
    return render(request, template, context)


@never_cache
@require_GET
def player(request, slug, username):
    """A player's place on one ladder now, and every change of it."""
    found = get_ladder(slug)
    person = get_user_model().objects.filter(username=username, is_active=True).first()
    if person is None:
        raise NotFound(gettext("There is no such player."))
    return render(request, "ladders/player.html", place_history(found, person))


def _to_ladder(request, slug) -> str:
    return reverse("ladders:ladder", args=[slug])


@require_POST
@login_required
@answers_refusals(back=_to_ladder)
def challenge(request, slug):
    """POST defender=<name>: challenge them on the ladder; the game starts at once (a refusal goes back to the
    ladder with its reason)."""
    match = challenge_on_ladder(get_ladder(slug), request.user, request.POST.get("defender", ""))
    messages.success(request, gettext("Ladder challenge made: your game has started."))
    return redirect(match)


@require_POST
@login_required
@answers_refusals(back=_to_ladder)
def join(request, slug):
    """POST: the first player onto an empty ladder (anyone later joins by challenging)."""
    join_empty(get_ladder(slug), request.user)
    messages.success(request, gettext("You are on the ladder, in place 1: the next players join by challenging you."))
    return redirect("ladders:ladder", slug)


@require_POST
@login_required
@answers_refusals(back=_to_ladder)
def leave_ladder(request, slug):
    """POST: leave the ladder; open ladder games go on as ordinary rated games."""
    leave(get_ladder(slug), request.user)
    messages.success(
        request, gettext("You have left the ladder. Your open ladder games go on as ordinary rated games.")
    )
    return redirect("ladders:ladder", slug)
