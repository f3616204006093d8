"""The general bot: Monte Carlo tree search over the rules interface (pure Python, no Django)."""

from games.bot.levels import DEFAULT_LEVEL, LEVELS, Level, get_level, playouts_for
from games.bot.mcts import SearchResult, choose_move, search

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "SearchResult", "choose_move", "get_level", "playouts_for", "search"]
