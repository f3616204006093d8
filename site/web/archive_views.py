"""The archives: every game of one player, and of the whole site, searched by a GET form. Thin views."""

from __future__ import annotations

from functools import partial

from django.contrib.auth import get_user_model
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from daymove.errors import NotFound
from daymove.web import archive
from daymove.web.archive_filters import ArchiveFilter


def _query(request, **changes) -> str:
    """The query string of the same search with `changes` (None drops a key): another page of it."""
    query = request.GET.copy()
    for key, value in changes.items():
        query.pop(key, None)
        if value is not None:
            query[key] = value
    return query.urlencode()


def _archive_page(request, form: ArchiveFilter, read, context: dict):
    """The archive page (or, for htmx, its results) with one page of games, or with what is wrong with the search."""
    status = 200
    if form.is_valid():
        page = read(form.cleaned_data)
        context |= {
            "page": page,
            "next_query": _query(request, after=page.next_cursor) if page.next_cursor else None,
            "first_query": _query(request, after=None) if "after" in request.GET else None,
            "searched": bool(request.GET),
        }
    else:
        status = 400
    template = "web/archive/archive.html#results" if request.htmx else "web/archive/archive.html"
    return render(request, template, context | {"form": form}, status=status)


@never_cache
@require_GET
def player_archive(request, username):
    """Every game of one player, filtered and paged; unlisted games only for the player themself."""
    player = get_user_model().objects.filter(username=username, is_active=True).first()
    if player is None:
        raise NotFound(gettext("There is no such player."))
    viewer = request.user if request.user.is_authenticated else None
    form = ArchiveFilter(request.GET, player=player)
    read = partial(archive.player_games, player, viewer)
    return _archive_page(request, form, read, {"archive_player": player})


@never_cache
@require_GET
def site_archive(request):
    """Every listed game of the site, filtered and paged."""
    return _archive_page(request, ArchiveFilter(request.GET), archive.site_games, {"archive_player": None})
