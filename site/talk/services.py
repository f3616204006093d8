"""Posting chat and saving notes: only a match's two players, text kept as typed (escaped when shown)."""

from __future__ import annotations

from django.utils import timezone

from daymove.errors import Forbidden, Refused
from daymove.play.models import Match
from daymove.talk.models import CHAT_MAX_LENGTH, NOTE_MAX_LENGTH, ChatMessage, PrivateNote

CHAT_SHOWN = 100  # the latest messages shown on the match page


def _require_player(match: Match, user) -> None:
    if match.seat_of(user) is None:
        raise Forbidden("Only the two players can use this match's chat and notes.")


def chat_for(match: Match, user) -> list[ChatMessage] | None:
    """The latest chat messages, oldest first, for a player of the match; None for anyone else."""
    if match.seat_of(user) is None:
        return None
    latest = ChatMessage.objects.filter(match=match).select_related("author").order_by("-created", "-pk")
    return list(reversed(latest[:CHAT_SHOWN]))


def post_message(match: Match, user, text: str) -> ChatMessage:
    """Add a line to the match chat; Refused if empty or too long."""
    _require_player(match, user)
    text = " ".join(text.split())
    if not text:
        raise Refused("Write something before sending.")
    if len(text) > CHAT_MAX_LENGTH:
        raise Refused(f"A message can be at most {CHAT_MAX_LENGTH} characters long.")
    return ChatMessage.objects.create(match=match, author=user, text=text)


def note_for(match: Match, user) -> str | None:
    """The user's private note on the match ("" if none yet); None if they do not play in it."""
    if match.seat_of(user) is None:
        return None
    note = PrivateNote.objects.filter(match=match, user=user).values_list("text", flat=True).first()
    return note or ""


def save_note(match: Match, user, text: str) -> PrivateNote:
    """Replace the user's private note on the match."""
    _require_player(match, user)
    if len(text) > NOTE_MAX_LENGTH:
        raise Refused(f"A note can be at most {NOTE_MAX_LENGTH} characters long.")
    note, _ = PrivateNote.objects.update_or_create(
        match=match, user=user, defaults={"text": text, "updated": timezone.now()}
    )
    return note


def talk_context(match: Match, user) -> dict:
    """What the chat and notes sections show to `user` (chat and note are None for non-players)."""
    return {
        "chat": chat_for(match, user),
        "note": note_for(match, user),
        "chat_max_length": CHAT_MAX_LENGTH,
        "note_max_length": NOTE_MAX_LENGTH,
    }
