"""The site's own not-found page (templates/404.html), in production and in development mode alike."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import render

from daymove.errors import NotFound

# The title of Django's debug page for a 404 (DEBUG on), which lists every URL pattern of the site.
DEBUG_PAGE_TITLE = b"<title>Page not found at "


def not_found_page(request, exception=None):
    """The 404 page, with the reason when there is one ("There is no such match."): the site's handler404."""
    reason = exception.args[0] if exception is not None and exception.args else None
    return render(request, "404.html", {"reason": reason if isinstance(reason, str) else None}, status=404)


class NotFoundPageMiddleware:
    """With DEBUG on (`make run`), put the site's 404 page in place of Django's debug page, as production shows it.

    Last in MIDDLEWARE, so that it notes a view's Http404 or NotFound (for its reason) before any other middleware
    answers it; Django makes the debug page where the exception is caught, below this middleware, so it is replaced
    on the way out.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code == 404
            and not response.streaming
            and DEBUG_PAGE_TITLE in response.content
        ):
            return not_found_page(request, getattr(request, "not_found", None))
        return response

    def process_exception(self, request, exception):
        if isinstance(exception, Http404 | NotFound):
            request.not_found = exception
        return None
