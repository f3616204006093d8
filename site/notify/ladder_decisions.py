"""Who is told what about a ladder, for every transport (email, push): the ladder part of `decisions`.

A ladder tiding's subject is "l<ladder>-…" with what makes the occasion unique (the match that passed someone,
the moment of a drop or a warning), so each is told once per occasion.
"""

from __future__ import annotations

from daymove.ladders.models import Ladder, LadderGame, Rung
from daymove.notify.decisions import Tiding, Transport
from daymove.play.signals import is_replaying_history
from daymove.players.bots import is_bot


def _stamp(moment) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def _told(user) -> bool:
    return not is_replaying_history() and not is_bot(user)


def ladder_challenged(game: LadderGame, transport: Transport) -> list[Tiding]:
    """The defender hears they were challenged on the ladder: the match has started (no declining)."""
    if not _told(game.defender):
        return []
    details = {"match": game.match_id, "ladder": game.ladder_id, "challenger": game.challenger_id}
    return [Tiding("ladder_challenged", game.defender, f"l{game.ladder_id}-m{game.match_id}", 0, details)]


def place_passed(player, by, ladder: Ladder, match, transport: Transport) -> list[Tiding]:
    """A player hears that a challenger's win passed them: they moved down one place."""
    if not _told(player):
        return []
    details = {"ladder": ladder.pk, "by": by.pk, "match": match.pk}
    return [Tiding("ladder_passed", player, f"l{ladder.pk}-m{match.pk}", 0, details)]


def place_moved(player, ladder: Ladder, moved: dict, at, transport: Transport) -> list[Tiding]:
    """A player hears their place changed other than by a game: idle decay, or a moderator's adjustment.

    `moved`: the signal's from_place, to_place, reason and idle_months."""
    if not _told(player):
        return []
    from_place, to_place = moved["from_place"], moved["to_place"]
    details = {"ladder": ladder.pk, "from": from_place, "to": to_place, "reason": moved["reason"]}
    details["months"] = moved["idle_months"]
    return [Tiding("ladder_moved", player, f"l{ladder.pk}-{_stamp(at)}", to_place or 0, details)]


def idle_warning(rung: Rung, transport: Transport) -> list[Tiding]:
    """An idle player hears a week ahead that they will be removed unless a ladder game of theirs ends."""
    if not _told(rung.player):
        return []
    details = {"ladder": rung.ladder_id, "warned_at": rung.warned_at.isoformat()}
    return [Tiding("ladder_idle", rung.player, f"l{rung.ladder_id}-{_stamp(rung.warned_at)}", 0, details)]
