"""Security headers Django 5.2 does not set itself, the refusal of malformed requests (unreadable, or a NUL), and
refused requests logged without a traceback."""

import logging

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpResponseBadRequest
from django.http.multipartparser import MultiPartParserError
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


# What Django raises when it cannot read a query string or form: a body not in UTF-8 (BadRequest), too many fields
# or too large (SuspiciousOperation: TooManyFieldsSent, RequestDataTooBig, TooManyFilesSent), a broken multipart body.
UNREADABLE = (BadRequest, SuspiciousOperation, MultiPartParserError)


class RefuseMalformedRequestsMiddleware:
    """Answers 400 to a query string or form that cannot be read, and to a path, query or form holding a NUL.

    Django answers an unreadable request with 400 itself only when DEBUG is off: with DEBUG on, its error page reads
    the query and form again, fails again and answers 500. Reading them here first gives 400 in every mode.
    No text on the site may contain a NUL, and PostgreSQL can neither store nor compare it: raw input reaching a
    query (a profile's name, a feed token, a chat line) would otherwise end in a 500.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            nul = "\x00" in request.path or _holds_nul(request.GET) or _holds_nul(request.POST)
        except UNREADABLE:
            return _bad_request("The request's query string or form cannot be read (not UTF-8, or too many fields).")
        if nul:
            return _bad_request("The request holds a NUL character, which no text here may contain.")
        return self.get_response(request)


def _bad_request(reason: str) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(reason, content_type="text/plain; charset=utf-8")


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


class RefusedRequestsWithoutTraceback(logging.Filter):
    """Logs a refused request (a 4xx answer) in one line: its traceback says nothing of a fault of the site's."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and 400 <= status < 500:
            record.exc_info = record.exc_text = None
        return True
