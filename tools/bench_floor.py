"""The load benchmark's floors: the least that any signed-in page and any move must cost, served beside the site.

`tools.loadbench` serves the site through `tools.bench_wsgi`, whose URLs are the site's and these two views:
- `GET /bench/signed-in`: what every signed-in page pays before doing anything (the middleware, the session and
  the user with their player), answering the player's name;
- `POST /bench/write/<match>`: what every move pays at the least on top of that (the CSRF check and one
  compare-and-set UPDATE of the match row, committed), changing nothing the site shows.
They are never part of the site itself (`daymove.urls`); they exist so the report can say how much of a page's
cost any page of this stack would have.
"""

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_GET, require_POST

from daymove.play.models import Match
from daymove.urls import urlpatterns as site_urls


@require_GET
@login_required
def signed_in(request):
    """Answer the signed-in player's name: the floor of every signed-in page."""
    return HttpResponse(f"{request.user.username} ({request.user.player.time_zone})", content_type="text/plain")


@require_POST
@login_required
def write(request, match_id):
    """Compare-and-set the match's row to itself in a transaction: the floor of every move."""
    with transaction.atomic():
        changed = Match.objects.filter(pk=match_id, ply=request.POST.get("ply", -1)).update(updated=F("updated"))
    return HttpResponse(str(changed), content_type="text/plain")


urlpatterns = [path("bench/signed-in", signed_in), path("bench/write/<int:match_id>", write), *site_urls]
