"""The watch page: games in progress to watch, latest move first. Thin view."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from daymove.web.watch import WatchFilter, games_to_watch


@never_cache
@require_GET
def watch_page(request):
    """Listed games in progress, filtered by game; an unknown game is said so on the page."""
    form = WatchFilter(request.GET)
    if not form.is_valid():
        return render(request, "web/watch.html", {"form": form, "matches": []}, status=400)
    context = {"form": form, "matches": games_to_watch(form.cleaned_data["game"])}
    return render(request, "web/watch.html", context)
