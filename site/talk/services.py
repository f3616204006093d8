"""Posting chat and saving notes: only a match's two players, text kept as typed (escaped when shown)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Q, Subquery, Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext

from daymove.errors import Forbidden, Refused
from daymove.play.match_facts import match_fact
from daymove.play.models import Match
from daymove.prepared_sql import Prepared
from daymove.safety import ratelimits
from daymove.safety.blocks import blocks_between, viewer_blocks_with
from daymove.safety.mutes import active_mute, viewer_muted_until
from daymove.talk import signals
from daymove.talk.models import CHAT_MAX_LENGTH, NOTE_MAX_LENGTH, ChatMessage, PrivateNote

CHAT_SHOWN = 100  # the latest messages shown on the match page


def _require_player(match: Match, user) -> None:
    if match.seat_of(user) is None:
        raise Forbidden(gettext("Only the two players can use this match's chat and notes."))


def _opponent(match: Match, user):
    """The other player of the match, or None if `user` does not play in it."""
    seat = match.seat_of(user)
    return None if seat is None else match.players[1 - seat]


def _lines(match: Match):
    """The match's chat lines, newest first, with only what a line shows (its author by name)."""
    return (
        ChatMessage.objects.filter(match=match)
        .select_related("author")
        .only("author__username", "text", "hidden", "created")
        .order_by("-created", "-pk")
    )


# The match page's chat: its SQL built once per process (daymove.prepared_sql).
_NEWEST_LINES = Prepared(lambda match_id: _lines(match_id)[: CHAT_SHOWN + 1])


def chat_for(match: Match, user) -> list[ChatMessage] | None:
    """The latest chat messages, oldest first, for a player of the match; None for anyone else."""
    opponent = _opponent(match, user)
    if opponent is None:
        return None
    return _shown(match, opponent, blocks_between(user, opponent)[0])


def _shown(match: Match, opponent, blocked: bool) -> list[ChatMessage]:
    """The latest lines, oldest first, that a player is shown: without `opponent`'s if the player blocked them."""
    latest = _lines(match)
    if blocked:  # a blocked player's lines are not shown to the blocker
        latest = latest.exclude(author=opponent)
    return list(reversed(latest[:CHAT_SHOWN]))


def post_message(match: Match, user, text: str) -> ChatMessage:
    """Add a line to the match chat; Refused if empty, too long, muted, across a block or past the hourly allowance."""
    _require_player(match, user)
    text = " ".join(text.split())
    if not text:
        raise Refused(gettext("Write something before sending."))
    if len(text) > CHAT_MAX_LENGTH:
        raise Refused(
            gettext(
                "Your message is %(length)s characters long; a message can be at most %(most)s. "
                "Shorten it and send it again: nothing was sent."
            )
            % {"length": len(text), "most": CHAT_MAX_LENGTH}
        )
    reason = chat_closed_reason(match, user)
    if reason:
        raise Refused(reason)
    amount = settings.DAYMOVE_CHAT_LINES_PER_HOUR
    reached = ngettext(
        "You have sent %(count)s chat message this hour, the most allowed: %(wait)s.",
        "You have sent %(count)s chat messages this hour, the most allowed: %(wait)s.",
        amount,
    )
    ratelimits.consume("chat", user, amount, reached)
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
    opponent = _opponent(match, user)
    if opponent is None:
        return None
    mute = active_mute(user)
    return _closed_reason(opponent, mute.until if mute else None, blocks_between(user, opponent))


def _closed_reason(opponent, muted_until, blocks: tuple[bool, bool]) -> str | None:
    """Why the chat with `opponent` is closed: a mute running until `muted_until`, or a block either way (`blocks`
    as `blocks_between` gives them); None if it is open."""
    if muted_until is not None:
        until = date_format(timezone.localtime(muted_until), pgettext("a date and time", "j F Y, H:i"))
        return gettext("A moderator has muted your chat until %(until)s.") % {"until": until}
    user_blocked, blocked_by = blocks
    if user_blocked:
        return gettext(
            "You have blocked %(player)s: the chat is closed (unblock them on their profile to reopen it)."
        ) % {"player": opponent.username}
    if blocked_by:
        return gettext("The chat of this match is closed.")
    return None


NOTE = "private_note"  # the match fact: the viewer's note, or None


def _notes(match, user):
    return PrivateNote.objects.filter(match=match, user=user).order_by("pk")


def note_of(match_ref, viewer_id) -> Subquery:
    """The viewer's note on the match, or None (a match fact, daymove.play.match_facts)."""
    return Subquery(_notes(match_ref, viewer_id).values("text")[:1])


def note_for(match: Match, user) -> str | None:
    """The user's private note on the match ("" if none yet); None if they do not play in it."""
    if match.seat_of(user) is None:
        return None
    note = match_fact(match, user, NOTE, lambda: _notes(match, user).values_list("text", flat=True).first())
    return note or ""


def save_note(match: Match, user, text: str) -> PrivateNote:
    """Replace the user's private note on the match."""
    _require_player(match, user)
    if len(text) > NOTE_MAX_LENGTH:
        raise Refused(gettext("A note can be at most %(most)s characters long.") % {"most": NOTE_MAX_LENGTH})
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


def _seq_of(lines: list[ChatMessage]) -> str:
    """chat_seq computed from all the match's lines, already read."""
    hidden = [line.pk for line in lines if line.hidden]
    return f"{max((line.pk for line in lines), default=0)}.{len(hidden)}.{sum(hidden)}"


def _chat_and_seq(match: Match, opponent, blocked: bool) -> tuple[list[ChatMessage], str]:
    """What `_shown` gives and the version it shows: one query while the chat is short (the lines read are then all
    the match's lines, so the version is computed from them and shows no line they do not have)."""
    lines = _NEWEST_LINES.models(match.pk)
    if len(lines) > CHAT_SHOWN:
        seq = chat_seq(match)  # read first: a line posted meanwhile is shown next time
        return _shown(match, opponent, blocked), seq
    seq = _seq_of(lines)
    if blocked:  # a blocked player's lines are not shown to the blocker
        lines = [line for line in lines if line.author_id != opponent.pk]
    return list(reversed(lines)), seq


def talk_context(match: Match, request) -> dict:
    """What the chat and notes sections show to the viewer (chat and note are None for non-players); their mute and
    whether they are in any block at all are read with their session (daymove.players.viewer)."""
    user = request.user
    opponent = _opponent(match, user)
    chat, seq, blocks, closed = None, "", (False, False), None
    if opponent is not None:
        blocks = viewer_blocks_with(request, opponent)
        chat, seq = _chat_and_seq(match, opponent, blocks[0])
        closed = _closed_reason(opponent, viewer_muted_until(request), blocks)
    return {
        "opponent": opponent,
        "opponent_blocked": blocks[0],
        "chat": chat,
        "chat_seq": seq,
        "chat_closed": closed,
        "note": note_for(match, user),
        "chat_max_length": CHAT_MAX_LENGTH,
        "note_max_length": NOTE_MAX_LENGTH,
    }
