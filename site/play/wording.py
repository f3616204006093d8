"""The games' words in the reader's language: the messages and counts of games.messages, said with Django's gettext.

The games write English texts that are also the catalogues' message ids (marked with N_ and NP_); whatever page,
email or push shows a game's prompt or result says it through here, under the language active at that moment (a
request's, or the recipient's in the worker: `translation.override`).
"""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, pgettext

from games.messages import render


def said(value: object) -> str:
    """A game's message, count or plain value as text in the active language."""
    return render(value, gettext, ngettext, pgettext)


def options_said(rules, options: dict) -> str:
    """A match's or challenge's chosen options in the active language, e.g. "Square board (7×7)"."""
    return rules.describe_options(options, said)


# For text chosen now and shown later: said in the language active when it is rendered (an email's context).
said_lazily = lazy(said, str)
