"""Small helpers every board renderer shares: escaping and compact numbers for SVG markup."""

from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    """Escape text for an SVG/HTML attribute or text node."""
    return escape(str(text), quote=True)


def num(value: float) -> str:
    """A coordinate as SVG wants it: one decimal at most, no trailing zeros ("12", "12.5")."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
