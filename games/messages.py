"""Words as values: what a game says is a message (a text with named parameters) or a count of a unit, which the site
renders in the reader's language (gettext, ngettext and pgettext: daymove.play.wording) and `python -m games` in
English.

The texts are English and double as the catalogues' message ids: `N_` marks a text, `NC_` a short word with a context
that tells it from the same English word elsewhere (C#I Sequence's seat "Sun", not the weekday), and `NP_` a unit's
two English forms, for the extractor (tools/messages.py); `N_` returns its text as it is, `NC_` a Term (a string) and
`NP_` a Unit. A parameter is a name, a notation, a number, or another message, count, word or list of them, rendered
in turn; names and notations are never translated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def N_(text: str) -> str:
    """Mark a text for the catalogues; it is returned as it is."""
    return text


class Term(str):
    """A word with a translation context ("seat"): English wherever it is used as a string, translated with its
    context (pgettext) when rendered."""

    context: str

    def __new__(cls, context: str, text: str) -> Term:
        term = super().__new__(cls, text)
        term.context = context
        return term

    def __reduce__(self):
        return Term, (self.context, str(self))  # pickled (the boards cache) with its context


def NC_(context: str, text: str) -> Term:
    """Mark a word with its context for the catalogues: `NC_("seat", "Sun")`."""
    return Term(context, text)


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


@dataclass(frozen=True)
class Joined:
    """Values said one after another with a separator: a list of messages inside a message."""

    separator: str
    items: tuple


def joined(separator: str, items) -> Joined:
    """`items` (messages, counts or plain values) said in turn, joined by `separator` ("; ", ", ")."""
    return Joined(separator, tuple(items))


def say(text: str, **params) -> Message:
    """A message: `say(N_("{loser} resigned"), loser="bob")`."""
    return Message(text, params)


def _same(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _no_context(context: str, text: str) -> str:
    return text


def render(
    value: object,
    gettext: Callable[[str], str] = _same,
    ngettext: Callable[[str, str, int], str] = _english_plural,
    pgettext: Callable[[str, str], str] = _no_context,
) -> str:
    """A message, count, word or plain value as text: translated by `gettext`/`ngettext`/`pgettext` (a Term, with
    its context), in English by default; other values (names, notations, numbers) as they are."""
    if isinstance(value, Message):
        params = {name: render(param, gettext, ngettext, pgettext) for name, param in value.params.items()}
        if isinstance(value.text, Term):
            return pgettext(value.text.context, value.text).format(**params)
        return (gettext(value.text) if value.text else "").format(**params)  # gettext("") is the header
    if isinstance(value, Count):
        return ngettext(value.unit.singular, value.unit.plural, value.n).format(n=value.n)
    if isinstance(value, Term):
        return pgettext(value.context, value)
    if isinstance(value, Joined):
        return value.separator.join(render(item, gettext, ngettext, pgettext) for item in value.items)
    return str(value)
