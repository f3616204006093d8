"""Leaderboards: established players (deviation below 110) per game, best first."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext

from daymove.ratings.models import Rating
from games.registry import all_games

LEADERBOARD_SIZE = 100


def leaderboard_index(request):
    """The first game's leaderboard."""
    return redirect("leaderboard", slug=next(iter(all_games())))


def leaderboard(request, slug):
    """The best established players of one game (bots and closed accounts left out, as lichess does)."""
    game = all_games().get(slug)
    if game is None:
        raise Http404(gettext("There is no such game."))
    now = timezone.now()
    rows = list(
        Rating.objects.filter(game=slug, established_until__gt=now, user__is_active=True, user__player__is_bot=False)
        .select_related("user")
        .order_by("-rating", "pk")[:LEADERBOARD_SIZE]
    )
    entries = [(rank, row, row.current(now)) for rank, row in enumerate(rows, start=1)]
    return render(request, "ratings/leaderboard.html", {"game": game, "games": all_games(), "entries": entries})
