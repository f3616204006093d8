"""Bot opponents: their turns run as outbox jobs on the `bots` queue, through the move service."""

from __future__ import annotations

import logging

from daymove.errors import Refused
from daymove.outbox.jobs import handler, record
from daymove.play import moves
from daymove.play.models import Match
from games.bot.levels import DEFAULT_LEVEL, LEVELS
from games.bot.mcts import choose_move

log = logging.getLogger(__name__)


def bot_level(user) -> str | None:
    """The bot level of a user, or None for a person."""
    player = getattr(user, "player", None)
    if player is None or not player.is_bot:
        return None
    return player.bot_level or DEFAULT_LEVEL


def bot_players() -> list:
    """The bot accounts, weakest first (for the lobby's "play a bot")."""
    from django.contrib.auth import get_user_model

    order = list(LEVELS)
    bots = get_user_model().objects.filter(player__is_bot=True, is_active=True).select_related("player")
    return sorted(bots, key=lambda u: order.index(u.player.bot_level) if u.player.bot_level in order else 99)


def bot_turn_key(match_id: int, ply: int) -> str:
    """The outbox key of a bot's turn at `ply` of a match: one job per turn, however often it is recorded."""
    return f"bot:{match_id}:{ply}"


def schedule_bot_turn(match: Match) -> None:
    """If a bot is to move in this active match, record its turn (call inside the move's transaction)."""
    if not match.is_active or match.to_move is None:
        return
    if bot_level(match.players[match.to_move]) is None:
        return
    record("bot_turn", bot_turn_key(match.pk, match.ply), {"match": match.pk, "ply": match.ply})


@handler("bot_turn", queue="bots")
def play_bot_turn(payload: dict) -> None:
    """Choose and submit the bot's move; a late or duplicate job finds the ply moved on and does nothing."""
    match = moves.get_match(payload["match"])
    if not match.is_active or match.ply != payload["ply"]:
        return
    bot = match.players[match.to_move]
    level = bot_level(bot)
    if level is None:
        return
    view = match.rules.player_view(match.position(), match.to_move)  # the bot sees only its own view
    text = choose_move(match.rules, view, level, seed=match.pk * 1000 + match.ply)
    try:
        moves.submit_move(match.pk, bot, text, match.ply)
    except Refused as refusal:
        log.info("bot move %s in match %s not applied: %s", text, match.pk, refusal.message)
