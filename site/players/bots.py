"""Bot accounts: which users are bots, and at what level they play."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from daymove.prepared_sql import Prepared
from games.bot.levels import DEFAULT_LEVEL, LEVELS
from games.registry import all_games


def bot_level(user) -> str | None:
    """The bot level of a user, or None for a person."""
    player = getattr(user, "player", None)
    if player is None or not player.is_bot:
        return None
    return player.bot_level or DEFAULT_LEVEL


def is_bot(user) -> bool:
    """True for bot accounts (they have no deadline, no email and accept challenges at once)."""
    return bot_level(user) is not None


# Read on every lobby: its SQL built once per process (daymove.prepared_sql).
_BOTS = Prepared(
    lambda _: get_user_model().objects.filter(player__is_bot=True, is_active=True).select_related("player")
)


def bot_players() -> list:
    """The bot accounts, weakest first (for the lobby's "play a bot")."""
    order = list(LEVELS)
    bots = _BOTS.models(None)
    return sorted(bots, key=lambda u: order.index(u.player.bot_level) if u.player.bot_level in order else 99)


def strength_in(user, game) -> int | None:
    """A bot's measured Elo above random play in `game`; None for a person or a level the game does not offer."""
    level = bot_level(user)
    return None if level is None else game.bot_strength.get(level)


@dataclass
class BotGame:
    """A game a bot plays, with its measured strength there."""

    slug: str
    name: str
    strength: int
    rating: str = ""  # its Glicko-2 rating from rated games, as players see it ("" before any)


@dataclass
class BotRow:
    """A bot account and the games whose ladder offers its level."""

    user: object
    games: list[BotGame] = field(default_factory=list)


def bot_rows() -> list[BotRow]:
    """The lobby's "play a bot": each bot with the games it is offered in (bots offered in none are left out)."""
    rows = []
    for user in bot_players():
        games = [
            BotGame(slug, game.name, strength)
            for slug, game in all_games().items()
            if (strength := strength_in(user, game)) is not None
        ]
        if games:
            rows.append(BotRow(user, games))
    return rows
