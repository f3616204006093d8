"""A trivial liveness view: for load balancers, and the baseline of the load benchmark."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    """Answer "ok" without touching the database or the session."""
    return HttpResponse("ok", content_type="text/plain")
