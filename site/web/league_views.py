"""A player withdrawing from their league season by their own choice. A thin view.

It sits in web, not in the competitions app, because a withdrawal ends games through the round (above
competitions); the division page that shows what it would do is competitions'.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from daymove.competitions import pages, withdrawal_preview
from daymove.errors import Refused
from daymove.refusals import answers_refusals
from daymove.round.leagues import withdraw_self


def _to_division(request, slug, number, division) -> str:
    return reverse("competitions:division", args=[slug, number, division])


@require_POST
@login_required
@answers_refusals(back=_to_division)
def withdraw(request, slug, number, division):
    """POST confirm=yes and the rule the page showed: withdraw from the season (a refusal goes back to the division
    page with its reason, e.g. a second POST: already withdrawn)."""
    entry = withdrawal_preview.own_entry(pages.division_or_404(slug, number, division), request.user)
    if request.POST.get("confirm") != "yes":
        raise Refused(gettext("Tick the box to confirm you withdraw: nothing has changed yet."))
    withdrawal_preview.require_as_shown(entry, request.POST.get("rule", ""))
    what = withdrawal_preview.preview(entry)
    withdraw_self(entry, request.user)
    messages.success(request, gettext("You have withdrawn from this season. %(what)s") % {"what": what.words})
    return redirect("competitions:division", slug, number, division)
