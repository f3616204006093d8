"""Words as values: what a game says is a message (a text with named parameters) or a count of a unit, which the site
renders in the reader's language (gettext and ngettext, daymove.play.wording) and `python -m games` in English.

The texts are English and double as the catalogues' message ids: `N_` marks a text and `NP_` a unit's two English
forms for the extractor (tools/messages.py), and both return what they are given. A parameter is a name, a notation,
a number, or another message or count, rendered in turn; names and notations are never translated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def N_(text: str) -> str:
    """Mark a text for the catalogues; it is returned as it is."""
    return text


@dataclass(frozen=True)
class Unit:
    """What a number counts, in English singular and plural ("{n} point", "{n} points"); a language may have more
    forms (Polish: 1 punkt, 2 punkty, 5 punktów), which its catalogue gives for these two ids."""

    singular: str
    plural: str

    def __str__(self) -> str:
        """The unit's English plural noun alone, "points", as a sentence names it."""
        return self.plural.replace("{n}", "").strip()


def NP_(singular: str, plural: str) -> Unit:
    """Mark a unit's two forms for the catalogues."""
    return Unit(singular, plural)


@dataclass(frozen=True)
class Count:
    """`n` of a unit: "1 point", "18 points"."""

    n: int
    unit: Unit


@dataclass(frozen=True)
class Message:
    """A text with "{name}" parameters, and their values."""

    text: str
    params: Mapping[str, object] = field(default_factory=dict)


def say(text: str, **params) -> Message:
    """A message: `say(N_("{loser} resigned"), loser="bob")`."""
    return Message(text, params)


def _same(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def render(
    value: object,
    gettext: Callable[[str], str] = _same,
    ngettext: Callable[[str, str, int], str] = _english_plural,
) -> str:
    """A message, count or plain value as text: translated by `gettext`/`ngettext`, in English by default."""
    if isinstance(value, Message):
        params = {name: render(param, gettext, ngettext) for name, param in value.params.items()}
        return (gettext(value.text) if value.text else "").format(**params)  # gettext("") is the header
    if isinstance(value, Count):
        return ngettext(value.unit.singular, value.unit.plural, value.n).format(n=value.n)
    return str(value)
