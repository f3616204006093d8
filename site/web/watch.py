"""The watch page's games: in progress, latest move first, with the players' ratings; unlisted games left out."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.play.models import Match
from daymove.ratings.models import Rating
from daymove.web.archive import listed
from games.registry import all_games

WATCH_SHOWN = 50  # the rest are in the archive, searched for games in progress


class WatchFilter(forms.Form):
    """Which game to watch (empty: any)."""

    game = forms.ChoiceField(required=False, label=_("Game"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("Any game"))] + [(slug, g.name) for slug, g in all_games().items()]


def games_to_watch(game: str = "") -> list[Match]:
    """The listed games in progress (of one game, if named), latest move first, each with `ratings` by seat."""
    matches = Match.objects.active().filter(listed())
    if game:
        matches = matches.filter(game=game)
    shown = list(
        matches.select_related("player0__player", "player1__player")
        .defer("state")
        .order_by("-updated", "-id")[:WATCH_SHOWN]
    )
    ratings = {
        (r.user_id, r.game): r
        for r in Rating.objects.filter(
            user__in={m.player0_id for m in shown} | {m.player1_id for m in shown},
            game__in={m.game for m in shown},
        )
    }
    now = timezone.now()
    for match in shown:
        found = (ratings.get((match.player0_id, match.game)), ratings.get((match.player1_id, match.game)))
        match.ratings = [rating.display(now) if rating else gettext("unrated") for rating in found]
    return shown
