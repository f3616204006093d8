"""What became of a plan, kept as a code with its parameters and said in the reader's language when shown or emailed.

A plan's note is written when the opponent moves (in the opponent's request) and read by its owner later, in the
owner's language: so it is stored as {"code": ..., parameters} and only put into words by `said`. The parameters
are moves and lines in notation, never translated.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

TEXTS = {
    "saved": gettext_noop("Plan saved."),
    "removed": gettext_noop("Line removed."),
    "cancelled": gettext_noop("You cancelled your plan."),
    "played": gettext_noop("Played %(reply)s."),
    "played_after": gettext_noop("Played %(reply)s after %(after)s."),
    "moved_on": gettext_noop("The position moved on."),
    "ended": gettext_noop("The match ended."),
    # Why a plan was dropped:
    "unexpected": gettext_noop("Your opponent played %(after)s, which your plan did not expect."),
    "reply_illegal": gettext_noop(
        "Your planned reply %(reply)s was not played: it is not a legal move in this position."
    ),
    "reply_failed": gettext_noop("Your planned reply %(reply)s was not played: it could not be played."),
}
DROPPED = gettext_noop("Dropped: %(lines)s.")


def note(code: str, **params) -> dict:
    """A note to store: its code and its parameters."""
    if code not in TEXTS:
        raise ValueError(f"no plan note {code!r}")
    return {"code": code, **params}


def dropped(why: dict, lines: list) -> dict:
    """The note of a dropped plan: why, and the lines it held (each a list of moves)."""
    return why | {"lines": "; ".join(" ".join(line) for line in lines)}


def said(stored: dict | str) -> str:
    """A stored note in the active language; a text stored before notes were codes is returned as it is."""
    if not isinstance(stored, dict):
        return stored or ""
    code, params = stored["code"], {name: value for name, value in stored.items() if name != "code"}
    text = gettext(TEXTS[code]) % params
    if "lines" in params:
        text += " " + gettext(DROPPED) % params
    return text
