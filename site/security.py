"""Security headers Django 5.2 does not set itself, and the refusal of NUL characters in requests."""

from django.http import HttpResponseBadRequest
from django.utils.cache import add_never_cache_headers

# No inline scripts or styles and no eval: htmx is configured for this (see base.html's meta).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


class ContentSecurityPolicyMiddleware:
    """Adds the Content-Security-Policy header to every response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response


def _holds_nul(query) -> bool:
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in query.lists())


class RefuseNulCharactersMiddleware:
    """Answers 400 to a path, query string or form holding a NUL character.

    No text on the site may contain one, and PostgreSQL can neither store nor compare it: raw input
    reaching a query (a profile's name, a feed token, a chat line) would otherwise end in a 500.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _holds_nul(request.GET) or (request.method == "POST" and _holds_nul(request.POST)):
            return HttpResponseBadRequest(
                "The request holds a NUL character, which no text here may contain.",
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


class NeverCacheAccountPagesMiddleware:
    """No cache may keep allauth's pages (`/accounts/…`): they show addresses, forms with tokens and keys.

    The site's own private views carry `never_cache` themselves; allauth's views are not ours to decorate.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith("/accounts/"):
            add_never_cache_headers(response)
        return response
