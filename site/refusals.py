"""Refusals answered in one place: a view lets a refusal (daymove.errors) rise and RefusalMiddleware answers it.

Nothing was changed by a refused action, so the answer only tells why:
- 404 is the not-found page and 403 the refusal page, whatever the view;
- any other refusal (400, 409, 429) is answered as the view declared with `answers_refusals`: its page or fragment
  again with the reason (`show`), or, for a plain form post, the reason as a message and a redirect (`back`);
  a view that declares nothing answers with the refusal page;
- an htmx request gets the reason alone with the refusal's status (base.html lets htmx swap 4xx answers);
- an API view (`json=True`) answers every refusal with {"error": reason}.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers

from daymove.errors import Refused

TEMPLATE = "partials/refusal.html"
ALWAYS_A_PAGE = (403, 404)  # someone else's or a missing object: there is nothing of it to show again


@dataclass(frozen=True)
class _Answer:
    """How a view answers its refusals (see the module's docstring)."""

    show: Callable[..., HttpResponse] | None = None
    back: str | Callable[..., str] | None = None
    json: bool = False


def answers_refusals(*, show=None, back=None, json=False):
    """Declare how the view answers a refusal: `show(request, refusal, **url_kwargs)` shows the page or fragment
    again with the reason; `back` is a URL name, or `back(request, **url_kwargs)` a URL, to redirect to with the
    reason as a message; `json` answers {"error": reason}."""
    answer = _Answer(show, back, json)

    def declare(view):
        view.refusal_answer = answer  # functools.wraps copies it to the decorators around the view
        return view

    return declare


class RefusalMiddleware:
    """Answers a refusal that a view let rise, as the module's docstring says."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, Refused):
            return None
        match = request.resolver_match
        declared = getattr(match.func, "refusal_answer", None) or _Answer()
        response = _answer(request, exception, declared, match.kwargs)
        # The view's own never_cache never saw this answer (the refusal rose through it), and a refusal says
        # something of one person's request at one moment: no cache may keep it.
        add_never_cache_headers(response)
        return response


def _answer(request, refusal: Refused, declared: _Answer, url_kwargs: dict) -> HttpResponse:
    if declared.json:
        return JsonResponse({"error": refusal.message}, status=refusal.status)
    if refusal.status in ALWAYS_A_PAGE:
        return _page(request, refusal)
    if declared.show is not None:
        try:
            return declared.show(request, refusal, **url_kwargs)
        except Refused as again:  # the page itself is refused (e.g. no longer the user's to see)
            return _page(request, again)
    if declared.back is not None and not request.htmx:
        messages.error(request, refusal.message)
        back = declared.back
        return redirect(reverse(back) if isinstance(back, str) else back(request, **url_kwargs))
    return _page(request, refusal)


def _page(request, refusal: Refused) -> HttpResponse:
    """The reason alone for htmx, else the not-found page (404) or the refusal page, with the refusal's status."""
    if request.htmx:
        return render(request, f"{TEMPLATE}#reason", {"message": refusal.message}, status=refusal.status)
    if refusal.status == 404:
        raise Http404(refusal.message)
    return render(request, TEMPLATE, {"message": refusal.message}, status=refusal.status)
