"""What a player's profile shows: ratings per game with their history, record, current games, head to head."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext

from daymove.competitions.pages import seasons_of_player
from daymove.play.models import Match, Move
from daymove.players.bots import bot_rows, strength_in
from daymove.ratings.charts import history_svg
from daymove.ratings.models import Rating, RatingChange, display
from daymove.web.archive import player_games
from daymove.web.ladder_pages import ladder_places
from games.registry import all_games


@dataclass
class GameLine:
    """One game on a profile: rating (if rated games were played), chart and win/draw/loss record."""

    slug: str
    name: str
    rating: Rating | None = None
    chart: str = ""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    history: list = field(default_factory=list)
    display: str = ""
    deviation: float = 0.0
    bot_strength: int | None = None  # a bot's measured Elo above random play in this game (games/bot/ladder.py)

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses


def _record(user, against=None) -> dict[str, tuple[int, int, int]]:
    """Finished matches per game (against one opponent, if named) as (wins, draws, losses), in one query."""
    won = Q(player0=user, winner=0) | Q(player1=user, winner=1)
    lost = Q(player0=user, winner=1) | Q(player1=user, winner=0)
    matches = Match.objects.involving(user).filter(status=Match.Status.FINISHED)
    if against is not None:
        matches = matches.filter(Q(player0=against) | Q(player1=against))
    rows = (
        matches.values("game")
        .annotate(
            wins=Count("pk", filter=won),
            losses=Count("pk", filter=lost),
            draws=Count("pk", filter=Q(winner__isnull=True)),
        )
        .order_by()
    )
    return {r["game"]: (r["wins"], r["draws"], r["losses"]) for r in rows}


def profile(user) -> dict:
    """Everything the profile page shows, in a fixed number of queries."""
    games = all_games()
    lines = {slug: GameLine(slug, game.name) for slug, game in games.items()}
    for row in Rating.objects.filter(user=user, game__in=list(lines)):
        lines[row.game].rating = row
    for game, when, rating in (
        RatingChange.objects.filter(user=user).order_by("created", "pk").values_list("game", "created", "rating_after")
    ):
        if game in lines:
            lines[game].history.append((when, rating))
    for game, (wins, draws, losses) in _record(user).items():
        if game in lines:
            lines[game].wins, lines[game].draws, lines[game].losses = wins, draws, losses
    for slug, game in games.items():
        lines[slug].bot_strength = strength_in(user, game)
    now = timezone.now()
    shown = []
    for line in lines.values():
        if line.rating is None and not line.played and line.bot_strength is None:
            continue
        if line.rating is not None:
            current = line.rating.current(now)
            line.display, line.deviation = display(current), current.deviation
        if line.history:
            title = gettext("%(name)s's %(game)s rating over time") % {"name": user.username, "game": line.name}
            line.chart = history_svg(line.history, title)
        shown.append(line)
    return {"profile_user": user, "lines": shown, "now": now, "league_seasons": seasons_of_player(user)}


def head_to_head(viewer, user) -> list[tuple[str, int, int, int]]:
    """The viewer's finished games against `user`, per game: (game's name, won, drawn, lost) from the viewer's side."""
    games = all_games()
    return [(games[slug].name, *record) for slug, record in sorted(_record(viewer, user).items()) if slug in games]


def last_move_at(user):
    """When `user` last made a move (None if never): correspondence has no "online", only the last move."""
    mine = Q(match__player0=user, seat=0) | Q(match__player1=user, seat=1)
    return Move.objects.filter(mine).aggregate(last=Max("created"))["last"]


def visiting(user, viewer) -> dict:
    """What the profile shows its viewer beyond the player's games: about, dates, current games, head to head, ladder
    places."""
    known = viewer if viewer.is_authenticated else None
    current = player_games(user, known, {"result": "running"})
    return {
        "about": user.player.about,
        "member_since": user.date_joined,
        "last_move": last_move_at(user),
        "current": current.matches,
        "more_current": current.next_cursor is not None,
        "head_to_head": head_to_head(viewer, user) if known is not None and viewer.pk != user.pk else [],
        "ladder_places": ladder_places(user),
    }


def bot_lobby_rows() -> list:
    """The lobby's bots (players.bots.bot_rows) with each one's Glicko-2 rating per game beside its strength."""
    rows = bot_rows()
    ratings = {
        (r.user_id, r.game): r for r in Rating.objects.filter(user__in=[row.user for row in rows])
    }  # one query for every bot and game
    now = timezone.now()
    for row in rows:
        for line in row.games:
            rating = ratings.get((row.user.pk, line.slug))
            line.rating = rating.display(now) if rating is not None else ""
    return rows
