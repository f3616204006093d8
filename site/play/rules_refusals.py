"""What the rules refuse (a move's notation, a game's options), as a sentence in the reader's language."""

from __future__ import annotations

from daymove.play.wording import said
from games.base import RulesError


def rules_refusal(error: RulesError) -> str:
    """The rules' reason as one sentence: their message said in the active language (English if they gave text)."""
    text = said(getattr(error, "message", None) or str(error))
    return text[:1].upper() + text[1:].rstrip(".") + "."
