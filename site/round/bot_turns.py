"""A bot playing its turn: the outbox job a move records (`daymove.play.bot_jobs`), played through the move service."""

from __future__ import annotations

import logging

from daymove.errors import Refused
from daymove.outbox.jobs import BOTS, handler
from daymove.play.lookups import get_match
from daymove.players.bots import bot_level
from daymove.round.moves import submit_move
from games.bot.mcts import choose_move

log = logging.getLogger(__name__)


@handler("bot_turn", queue=BOTS)
def play_bot_turn(payload: dict) -> None:
    """Choose and submit the bot's move; a late or duplicate job finds the ply moved on and does nothing."""
    match = get_match(payload["match"])
    if not match.is_active or match.ply != payload["ply"]:
        return
    bot = match.players[match.to_move]
    level = bot_level(bot)
    if level is None:
        return
    view = match.rules.player_view(match.position(), match.to_move)  # the bot sees only its own view
    text = choose_move(match.rules, view, level, seed=match.pk * 1000 + match.ply)
    try:
        submit_move(match.pk, bot, text, match.ply)
    except Refused as refusal:
        log.info("bot move %s in match %s not applied: %s", text, match.pk, refusal.message)
