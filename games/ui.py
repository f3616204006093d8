"""The clicks a player makes towards a move, what a board renderer is told of them, and how a click target is marked.

`select` matches the clicks made so far against the legal moves' click orders (`Game.click_orders`): what they
chose, which clicks may follow and which move they spell out; the prompt above the board words that selection.
Renderers live in each game package and draw SVG from a player view. They pass the drawing of every point (and
every other token a player may click) through `BoardUI.target`, which names it for hover and screen readers;
which tokens are on offer, and what a click does, is the site's business. Here a target is only marked with data
attributes (`wrap`); the site subclasses BoardUI and turns targets into links (site/play/match_board.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from games.messages import render
from games.svg import esc


@dataclass
class Selection:
    """The clicks made so far towards a move, and what they lead to."""

    tokens: tuple[str, ...] = ()
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)  # next token -> clicks after it
    complete: str | None = None  # the legal move these clicks spell out, if any


def select(rules, legal: list[str], clicked: list[str]) -> Selection:
    """Match the clicks against the legal moves' click orders; unknown clicks start over."""
    sequences = [(move, order) for move in legal for order in rules.click_orders(move)]
    tokens = tuple(clicked)
    if tokens and not any(seq[: len(tokens)] == tokens for _, seq in sequences):
        tokens = ()
    selection = Selection(tokens)
    depth = len(tokens)
    for move, seq in sequences:
        if seq[:depth] != tokens:
            continue
        if len(seq) == depth:
            selection.complete = move
        else:
            selection.options.setdefault(seq[depth], tokens + (seq[depth],))
    return selection


@dataclass
class BoardUI:
    """The tokens on offer, the clicks made so far, the last move's tokens and the side the board is seen from, and
    how the board's words are said: in English (`python -m games`), or the site's `said` in the reader's language."""

    options: Collection[str] = ()
    selected: tuple[str, ...] = ()
    last_move: tuple[str, ...] = ()
    flip: bool = False
    used: set[str] = field(default_factory=set)
    said: Callable[[object], str] = render

    def is_option(self, token: str) -> bool:
        """True when clicking `token` is a step towards a legal move."""
        return token in self.options

    def is_selected(self, token: str) -> bool:
        """True when `token` was clicked already in the move being entered."""
        return token in self.selected

    def in_last_move(self, token: str) -> bool:
        """True when `token` took part in the last move played (for highlighting)."""
        return token in self.last_move

    def target(self, token: str, inner: str, label: object = None) -> str:
        """The drawing `inner` of `token`, named by `label` (a message, said here) on hover; a click target when the
        token is on offer."""
        label = self.said(label) if label else token
        named = f"<title>{esc(label)}</title>{inner}"
        if token not in self.options:
            return f'<g data-point="{esc(token)}">{named}</g>'
        self.used.add(token)
        return self.wrap(token, named, label)

    def wrap(self, token: str, inner: str, label: str) -> str:
        """Mark a click target; the site overrides this to make it a link."""
        return f'<g class="opt" data-token="{esc(token)}" data-label="{esc(label)}">{inner}</g>'

    def unused_options(self) -> list[str]:
        """Tokens on offer that the board did not draw (the page shows them as buttons)."""
        return [t for t in self.options if t not in self.used]
