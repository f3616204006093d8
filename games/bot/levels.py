"""Bot strength levels, defined as search budgets (playout counts, so a seed reproduces a move)."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Game


@dataclass(frozen=True)
class Level:
    """One bot level: how many MCTS iterations (one playout each) it spends on a move, and how."""

    name: str
    label: str
    playouts: int  # iterations per move before per-game scaling; 0 = uniform random mover
    exploration: float = 0.4  # UCT c in  mean + c * sqrt(ln N / n); 0.35-0.4 beat 0.2, 0.7 and 1.4 in tests
    temperature: float = 0.0  # 0 = play the most visited move; > 0 = sample by visits ** (1 / T)
    tactics: bool = True  # take a move that wins at once (perfect-information games only)
    draw_margin: float = 0.3  # a draw is worth 0.5 +- up to this, by the sign and size of the score difference


LEVELS: dict[str, Level] = {
    level.name: level
    for level in [
        Level("random", "Random mover", 0, tactics=False),
        Level("beginner", "Beginner", 60, tactics=False),
        Level("casual", "Casual", 300),
        Level("club", "Club", 1500),
        Level("strong", "Strong", 6000),
    ]
}

# The level a bot account plays unless it says otherwise: at most about 3 s of CPU per move in every game.
DEFAULT_LEVEL = "club"

# Per-game budget multipliers, so that one level costs about the same CPU time in every game
# (a game whose playouts are slow gets fewer of them). Offboard's random games are ~300 plies long
# (~450 playouts/s against 4,000-22,000 for the others), so a club move there would cost ~3.5 s unscaled.
# Re-measure with `python -m games selfplay <slug> --a club --b random -n 2` after a rules speed-up.
GAME_SCALE: dict[str, float] = {"offboard": 0.5}


def get_level(level: str | Level) -> Level:
    """The Level for a name (or the Level itself); KeyError naming the known levels if unknown."""
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None


def playouts_for(level: str | Level, game: Game) -> int:
    """The iteration budget of a level in a given game (at least 1 unless the level is random)."""
    level = get_level(level)
    if level.playouts == 0:
        return 0
    return max(1, round(level.playouts * GAME_SCALE.get(game.slug, 1.0)))
