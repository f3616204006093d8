"""What a reply asks for, carried out through play's services: a move, a resignation, a draw offer or answer.

Each command returns an `Outcome` for the answer email; a refusal (illegal move, stale position, a match
that is over) changes nothing and says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext

from daymove.errors import Conflict, Refused
from daymove.inbound.addresses import ReplyAddress, reply_address
from daymove.plans import conditional
from daymove.play.draws import decline_draw
from daymove.play.lookups import get_match, player_seat
from daymove.play.models import Match
from daymove.round import draws, endings, moves


@dataclass(frozen=True)
class Outcome:
    """What a reply did: the answer's text, and where the player may reply next (None: nowhere)."""

    text: str
    played: bool = False
    reply_to: str | None = None


_CONDITION = re.compile(r"^if\s+(?P<theirs>\S.*?)\s*,?\s+then\s+(?P<mine>\S.*?)\s*\.?$", re.IGNORECASE)


def conditions_in(lines: list[str]) -> list[tuple[str, str]]:
    """The "if X then Y" lines of a reply: (the opponent's move X, the reply Y to play after it)."""
    return [(found["theirs"], found["mine"]) for line in lines if (found := _CONDITION.match(line))]


def _plan(match: Match, user, conditions: list[tuple[str, str]]) -> str:
    """Add each condition to the player's conditional plan; what came of them, in words."""
    said = []
    for theirs, mine in conditions:
        plan = conditional.plan_of(match, user)
        try:
            conditional.plan_line(match.pk, user, [theirs, mine], plan.version if plan else 0, match.ply)
        except Refused as refusal:
            said.append(
                gettext("“if %(theirs)s then %(mine)s” was not planned: %(reason)s")
                % {"theirs": theirs, "mine": mine, "reason": refusal.message}
            )
        else:
            said.append(
                gettext("Planned: if your opponent plays %(theirs)s, %(mine)s is played for you.")
                % {"theirs": theirs, "mine": mine}
            )
    return " ".join(said)


def _words(line: str) -> str:
    return " ".join(line.lower().replace(".", " ").replace("!", " ").split())


def _again_at(match: Match, user) -> str | None:
    """The address for another try, while it is still the user's turn."""
    if match.is_active and match.to_move == match.seat_of(user):
        return reply_address(match.pk, match.ply, user.pk)
    return None


def _move(match: Match, user, address: ReplyAddress, line: str, conditions: list[tuple[str, str]]) -> Outcome:
    try:
        result = moves.submit_move(match.pk, user, line, address.ply)
    except Conflict as refusal:
        match.refresh_from_db()
        if match.ply != address.ply:
            text = gettext(
                "This email was about move %(asked)s of the match, which has moved on since (it is at move %(now)s"
                " now). Nothing was played."
            ) % {"asked": address.ply + 1, "now": match.ply + 1}
        else:
            text = _nothing_played(refusal)
        return Outcome(text, reply_to=_again_at(match, user))
    except Refused as refusal:
        return Outcome(_nothing_played(refusal), reply_to=_again_at(match, user))
    if result.repeated:
        return Outcome(
            gettext("You had already played %(move)s here; it was not played twice.") % {"move": result.move.notation}
        )
    if result.match.is_active:
        played = gettext("You played %(move)s. It is %(player)s's turn.") % {
            "move": result.move.notation,
            "player": result.match.players[result.match.to_move],
        }
        planned = _plan(result.match, user, conditions) if conditions else ""
        return Outcome(f"{played} {planned}".strip(), played=True)
    return Outcome(
        gettext("You played %(move)s, and the match is over: %(result)s.")
        % {"move": result.move.notation, "result": result.match.result_text()},
        played=True,
    )


def _nothing_played(refusal: Refused) -> str:
    return gettext("%(reason)s Nothing was played.") % {"reason": refusal.message}


def _resign(match: Match, user, address: ReplyAddress) -> Outcome:
    if address.action != "resign":
        confirm = reply_address(match.pk, match.ply, user.pk, action="resign")
        return Outcome(
            gettext("To resign this match, reply “resign” to this email. Nothing has changed yet."), reply_to=confirm
        )
    if match.ply != address.ply:
        return Outcome(
            gettext(
                "The match has moved on since you asked to resign, so you did not resign. Reply “resign” "
                "to your latest turn email to start again."
            )
        )
    endings.resign(match.pk, user)
    return Outcome(gettext("You resigned this match."), played=True)


def _draw(action, user, match: Match, done: str) -> Outcome:
    action(match.pk, user)
    return Outcome(done, played=True)


def carry_out(address: ReplyAddress, user, lines: list[str]) -> Outcome:
    """Carry out the command on the first line of a reply from `user` to `address` (and the plan on the next ones)."""
    line = lines[0] if lines else None
    try:
        match = get_match(address.match_id)
        player_seat(match, user)
    except Refused as refusal:
        return Outcome(_nothing_played(refusal))
    if not match.is_active:
        return Outcome(
            gettext("This match is over (%(result)s). Nothing was played.") % {"result": match.result_text()}
        )
    if not line:
        return Outcome(
            gettext(
                "Your reply had no move in it: write your move on the first line, above the quoted email."
                " Nothing was played."
            ),
            reply_to=_again_at(match, user),
        )
    command = _words(line)
    try:
        if command in ("resign", "i resign"):
            return _resign(match, user, address)
        if command in ("offer draw", "offer a draw"):
            return _draw(draws.offer_draw, user, match, gettext("You offered a draw."))
        if command == "accept draw":
            return _draw(draws.accept_draw, user, match, gettext("You accepted the draw: the match is drawn."))
        if command == "decline draw":
            return _draw(decline_draw, user, match, gettext("You declined the draw offer."))
    except Refused as refusal:
        return Outcome(gettext("%(reason)s Nothing has changed.") % {"reason": refusal.message})
    return _move(match, user, address, line, conditions_in(lines[1:]))
