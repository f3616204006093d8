"""Bot strength levels, defined as search budgets (playout counts, so a seed reproduces a move)."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Game


@dataclass(frozen=True)
class Level:
    """One bot level: how many MCTS iterations (one playout each) it spends on a move, and how."""

    name: str
    label: str
    playouts: int  # iterations per move unless GAME_PLAYOUTS says otherwise; 0 = uniform random mover
    exploration: float = 0.4  # UCT c in  mean + c * sqrt(ln N / n); 0.35-0.4 beat 0.2, 0.7 and 1.4 in tests
    temperature: float = 0.0  # 0 = play the most visited move; > 0 = sample by visits ** (1 / T)
    # For the game's first plies the move is drawn among the nearly best ones (mcts.VARIETY_SHARE), so a bot does
    # not repeat the same game move for move (players notice; and bot-v-bot samples would be copies of one game).
    varied_plies: int = 8
    tactics: bool = True  # take a move that wins at once (perfect-information games only)
    draw_margin: float = 0.3  # a draw is worth 0.5 +- up to this, by the sign and size of the score difference


LEVELS: dict[str, Level] = {
    level.name: level
    for level in [
        Level("random", "Random mover", 0, tactics=False),
        Level("beginner", "Beginner", 25, tactics=False),
        Level("casual", "Casual", 100),
        Level("club", "Club", 400),
        Level("strong", "Strong", 1600),
    ]
}

# The level a bot account plays unless it says otherwise: at most about 3 s of CPU per move in every game.
DEFAULT_LEVEL = "club"

# Per-game budgets where the defaults above do not fit, so that a level costs about the same CPU time in every
# game, that each level clearly beats the one below, and that the whole ladder can be measured
# (docs/performance.md). Abande's playouts are the slowest of the five
# (~55-ply games, ~4,000 playouts/s), so its upper levels search less. Offboard's random games last ~300 plies,
# but its bot_rollout cuts them to 16 plies and scores the position, so it needs no exception.
# Re-measure with `python -m games selfplay <slug> --a strong --b club -n 2` after a rules speed-up.
GAME_PLAYOUTS: dict[str, dict[str, int]] = {
    "abande": {"club": 300, "strong": 1000},
    # C#I's search gains little from each doubling (hidden tiles blur it, and strong sides often tie), so its
    # levels are 10-16x apart: with the guided rollout 400 v 60 won 47% of 60 games, 1000 v 100 59% of 200,
    # 1600 v 100 62.5% of 200.
    # Strong is only 2x club: a wider gap would make strong v club too slow to measure.
    "ci-sequence": {"beginner": 10, "casual": 100, "club": 1600, "strong": 3200},
}


# Games whose bots play on for a win rather than settle for a draw: a draw is worth 0.5 minus this to the bot
# at every level, in place of Level.draw_margin. Parity's bots otherwise took a repetition or the 60-ply draw
# while ahead on pieces; with contempt 0.3 more of their games end in a win (docs/performance.md, Parity).
GAME_CONTEMPT: dict[str, float] = {"parity": 0.3}


def get_level(level: str | Level) -> Level:
    """The Level for a name (or the Level itself); KeyError naming the known levels if unknown."""
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None


def playouts_for(level: str | Level, game: Game) -> int:
    """The iteration budget of a level in a given game (0 only for the random mover)."""
    level = get_level(level)
    return GAME_PLAYOUTS.get(game.slug, {}).get(level.name, level.playouts)


def contempt_for(game: Game) -> float:
    """How much less than half a point a draw is worth to this game's bots (0: exactly half)."""
    return GAME_CONTEMPT.get(game.slug, 0.0)
