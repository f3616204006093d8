"""Posting chat and saving notes: only a match's two players, text kept as typed (escaped when shown)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone
from django.utils.formats import date_format

from daymove.errors import Forbidden, Refused
from daymove.play.models import Match
from daymove.safety import ratelimits
from daymove.safety.blocks import blocked_ids, has_blocked
from daymove.safety.mutes import active_mute
from daymove.talk import signals
from daymove.talk.models import CHAT_MAX_LENGTH, NOTE_MAX_LENGTH, ChatMessage, PrivateNote

CHAT_SHOWN = 100  # the latest messages shown on the match page


def _require_player(match: Match, user) -> None:
    if match.seat_of(user) is None:
        raise Forbidden("Only the two players can use this match's chat and notes.")


def chat_for(match: Match, user) -> list[ChatMessage] | None:
    """The latest chat messages, oldest first, for a player of the match; None for anyone else."""
    if match.seat_of(user) is None:
        return None
    latest = (
        ChatMessage.objects.filter(match=match)
        .exclude(author_id__in=blocked_ids(user))  # a blocked player's lines are not shown to the blocker
        .select_related("author")
        .order_by("-created", "-pk")
    )
    return list(reversed(latest[:CHAT_SHOWN]))


def post_message(match: Match, user, text: str) -> ChatMessage:
    """Add a line to the match chat; Refused if empty, too long, muted, across a block or past the hourly allowance."""
    _require_player(match, user)
    text = " ".join(text.split())
    if not text:
        raise Refused("Write something before sending.")
    if len(text) > CHAT_MAX_LENGTH:
        raise Refused(f"A message can be at most {CHAT_MAX_LENGTH} characters long.")
    reason = chat_closed_reason(match, user)
    if reason:
        raise Refused(reason)
    amount = settings.DAYMOVE_CHAT_LINES_PER_HOUR
    ratelimits.consume("chat", user, amount, f"sent {amount} chat messages")
    with transaction.atomic():
        message = ChatMessage.objects.create(match=match, author=user, text=text)
        signals.chat_posted.send(sender=ChatMessage, match=match, message=message)
    return message


def set_hidden(message: ChatMessage, hidden: bool) -> bool:
    """Hide a chat line from the players (a moderator's act) or show it again; False if it already was so."""
    with transaction.atomic():
        if ChatMessage.objects.filter(pk=message.pk, hidden=not hidden).update(hidden=hidden) != 1:
            return False
        message.hidden = hidden
        signals.chat_moderated.send(sender=ChatMessage, match=message.match, message=message)
    return True


def chat_closed_reason(match: Match, user) -> str | None:
    """Why `user` cannot write in this match's chat (a moderator's mute, or a block either way), or None."""
    seat = match.seat_of(user)
    if seat is None:
        return None
    mute = active_mute(user)
    if mute is not None:
        return f"A moderator has muted your chat until {date_format(timezone.localtime(mute.until), 'j F Y, H:i')}."
    opponent = match.players[1 - seat]
    if has_blocked(user, opponent):
        return f"You have blocked {opponent.username}: the chat is closed (unblock them on their profile to reopen it)."
    if has_blocked(opponent, user):
        return "The chat of this match is closed."
    return None


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


def chat_seq(match: Match) -> str:
    """The version of the match's chat: its newest line and which lines a moderator hid (a page showing this
    version shows every line as it is)."""
    hidden = Q(hidden=True)
    found = ChatMessage.objects.filter(match=match).aggregate(
        top=Max("pk"), hidden_count=Count("pk", filter=hidden), hidden_sum=Sum("pk", filter=hidden)
    )
    return f"{found['top'] or 0}.{found['hidden_count']}.{found['hidden_sum'] or 0}"


def talk_context(match: Match, user) -> dict:
    """What the chat and notes sections show to `user` (chat and note are None for non-players)."""
    seat = match.seat_of(user)
    opponent = match.players[1 - seat] if seat is not None else None
    seq = chat_seq(match) if seat is not None else ""  # read first: a line posted meanwhile is shown next time
    chat = chat_for(match, user)
    return {
        "opponent": opponent,
        "opponent_blocked": opponent is not None and has_blocked(user, opponent),
        "chat": chat,
        "chat_seq": seq,
        "chat_closed": chat_closed_reason(match, user),
        "note": note_for(match, user),
        "chat_max_length": CHAT_MAX_LENGTH,
        "note_max_length": NOTE_MAX_LENGTH,
    }
