"""Bot accounts: which users are bots, and at what level they play."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.bot.levels import DEFAULT_LEVEL, LEVELS


def bot_level(user) -> str | None:
    """The bot level of a user, or None for a person."""
    player = getattr(user, "player", None)
    if player is None or not player.is_bot:
        return None
    return player.bot_level or DEFAULT_LEVEL


def is_bot(user) -> bool:
    """True for bot accounts (they have no deadline, no email and accept challenges at once)."""
    return bot_level(user) is not None


def bot_players() -> list:
    """The bot accounts, weakest first (for the lobby's "play a bot")."""
    order = list(LEVELS)
    bots = get_user_model().objects.filter(player__is_bot=True, is_active=True).select_related("player")
    return sorted(bots, key=lambda u: order.index(u.player.bot_level) if u.player.bot_level in order else 99)
