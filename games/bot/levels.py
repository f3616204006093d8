"""Bot strength levels, defined as search budgets (playout counts, so a seed reproduces a move)."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Game
from games.messages import NC_, Term


@dataclass(frozen=True)
class Level:
    """One bot level: how many MCTS iterations (one playout each) it spends on a move, and how."""

    name: str
    label: Term  # the level's name as players read it (marked with the "bot level" context)
    playouts: int  # iterations per move unless the game's bot_playouts says otherwise; 0 = uniform random mover
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
        Level("random", NC_("bot level", "Random mover"), 0, tactics=False),
        Level("beginner", NC_("bot level", "Beginner"), 25, tactics=False),
        Level("casual", NC_("bot level", "Casual"), 100),
        Level("club", NC_("bot level", "Club"), 400),
        Level("strong", NC_("bot level", "Strong"), 1600),
    ]
}

# The level a bot account plays unless it says otherwise: at most about 3 s of CPU per move in every game.
DEFAULT_LEVEL = "club"


def get_level(level: str | Level) -> Level:
    """The Level for a name (or the Level itself); KeyError naming the known levels if unknown."""
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None


def level_label(level: str) -> Term | str:
    """A level's name as players read it (a word to say in their language); an unknown level's name as it is."""
    return LEVELS[level].label if level in LEVELS else level


def playouts_for(level: str | Level, game: Game) -> int:
    """The iteration budget of a level in a given game (0 only for the random mover)."""
    level = get_level(level)
    return game.bot_playouts.get(level.name, level.playouts)


def level_in(game: Game, level: str = DEFAULT_LEVEL) -> str:
    """`level` if `game` offers it, else the strongest level it offers below it (a bot account's level where the
    game's ladder stops lower); `level` itself for a game that declares no measured levels."""
    offered = [name for name in LEVELS if name in game.bot_strength]
    if not offered or level in offered:
        return level
    below = [name for name in offered if list(LEVELS).index(name) < list(LEVELS).index(level)]
    return (below or offered)[-1]
