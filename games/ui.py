"""What the site tells a board renderer about the clicks a player can make.

Renderers live in each game package and produce SVG markup from a player view. They wrap every
clickable element with `BoardUI.link`, so the site (not the game) decides what a click does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape


def esc(text: object) -> str:
    """Escape text for an HTML/SVG attribute or text node."""
    return escape(str(text), quote=True)


@dataclass
class BoardUI:
    """The clicks on offer: `options` maps each next token to the URL that selects it."""

    options: dict[str, str] = field(default_factory=dict)
    selected: tuple[str, ...] = ()
    last_move: tuple[str, ...] = ()
    target: str = "#play"
    flip: bool = False
    used: set[str] = field(default_factory=set)

    def is_option(self, token: str) -> bool:
        """True when clicking `token` is a step towards a legal move."""
        return token in self.options

    def is_selected(self, token: str) -> bool:
        """True when `token` was clicked already in the move being entered."""
        return token in self.selected

    def in_last_move(self, token: str) -> bool:
        """True when `token` took part in the last move played (for highlighting)."""
        return token in self.last_move

    def link(self, token: str, inner: str, label: str | None = None) -> str:
        """Wrap `inner` in a link that selects `token`, when that token is on offer."""
        url = self.options.get(token)
        if url is None:
            return inner
        self.used.add(token)
        return (
            f'<a href="{esc(url)}" hx-get="{esc(url)}" hx-target="{esc(self.target)}" '
            f'hx-swap="outerHTML" class="opt" data-token="{esc(token)}" aria-label="{esc(label or token)}">{inner}</a>'
        )

    def unused_options(self) -> list[str]:
        """Tokens on offer that the board did not draw (the page shows them as buttons)."""
        return [t for t in self.options if t not in self.used]
