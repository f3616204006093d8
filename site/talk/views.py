"""Chat and notes fragments on the match page (htmx, with plain-form fallbacks)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.errors import Forbidden, Refused
from daymove.play.lookups import match_or_404
from daymove.refusals import answers_refusals
from daymove.talk import services

TEMPLATE = "talk/match_talk.html"


def _fragment(request, match, part: str, status=200, error: str = "", saved: bool = False, text: str = ""):
    """The chat or notes section for htmx; a plain form post goes back to the match page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(match)
    context = services.talk_context(match, request) | {
        "match": match,
        "note_saved": saved,
        "chat_error": error if part == "chat" else "",
        "note_error": error if part == "notes" else "",
        "chat_text": text if part == "chat" else "",  # a refused message comes back to be shortened, not lost
    }
    response = render(request, f"{TEMPLATE}#{part}", context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@login_required
@require_GET
def chat_read(request, match_id):
    """htmx, on a live update: the chat lines (players only); 204 while the chat is still at version `after`."""
    match = match_or_404(match_id)
    if match.seat_of(request.user) is None:
        raise Forbidden(gettext("Only the players read this chat."))
    if request.GET.get("after") == services.chat_seq(match):
        return HttpResponse(status=204)
    return _fragment(request, match, "chat_lines")


def _save(request, match_id, save, part: str, **shown):
    """Call `save(match, user, text)`; the section again."""
    match = match_or_404(match_id)
    save(match, request.user, request.POST.get("text", ""))
    return _fragment(request, match, part, **shown)


def _refused_in(part: str):
    """The section `part` again with the reason its text was refused, and the text to be shortened, not lost."""

    def show(request, refusal: Refused, match_id):
        text = request.POST.get("text", "")
        return _fragment(request, match_or_404(match_id), part, status=refusal.status, error=refusal.message, text=text)

    return show


@require_POST
@login_required
@answers_refusals(show=_refused_in("chat"))
def chat_post(request, match_id):
    """Send a chat message."""
    return _save(request, match_id, services.post_message, "chat")


@require_POST
@login_required
@answers_refusals(show=_refused_in("notes"))
def note_save(request, match_id):
    """Save the player's private note."""
    return _save(request, match_id, services.save_note, "notes", saved=True)
