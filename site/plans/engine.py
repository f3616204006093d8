"""Conditional moves: answering the opponent's move with the owner's planned reply, in the move's transaction.

`answer` runs on play's `awaiting_reply`, after every follow-up of the opponent's move is recorded
(the clock charged and started, the notices written), inside that move's transaction. It locks the
owner's plan, compares the opponent's move as the owner reads it with the moves the plan expects,
advances the plan (compare-and-set on its version) and plays the reply through the move service at
the moment of the opponent's move, so the owner's clock is charged nothing. The reply is a move like
any other: checked, compare-and-set, its own follow-ups (the opponent's turn, a bot's turn, the
opponent's own plan). A reply that fails rolls back alone (a savepoint): the opponent's move stands.
"""

from __future__ import annotations

import logging

from django.db import transaction

from daymove.errors import Refused
from daymove.plans import signals, trees
from daymove.plans.models import ConditionalPlan
from daymove.play import moves
from daymove.play.lookups import notations_of
from daymove.play.models import Match

log = logging.getLogger(__name__)


def awaits_move(match: Match) -> bool:
    """Whether the player to move had a plan waiting for the move just played (its email replaces "your turn")."""
    if not match.is_active or match.to_move is None:
        return False
    owner = match.players[match.to_move]
    return ConditionalPlan.objects.filter(
        match=match, owner=owner, status=ConditionalPlan.Status.ACTIVE, ply=match.ply - 1
    ).exists()


def _describe(lines) -> str:
    return "; ".join(" ".join(line) for line in lines)


def _set(plan: ConditionalPlan, **fields) -> bool:
    """Compare-and-set the plan on its version; False if it changed meanwhile."""
    fields |= {"version": plan.version + 1}
    changed = ConditionalPlan.objects.filter(pk=plan.pk, version=plan.version).update(**fields)
    if changed == 1:
        for name, value in fields.items():
            setattr(plan, name, value)
    return changed == 1


def _drop(plan: ConditionalPlan, match: Match, after: str, why: str) -> None:
    lines = trees.lines(plan.tree)
    note = f"{why} Dropped: {_describe(lines)}."
    if _set(plan, status=ConditionalPlan.Status.DROPPED, note=note[:300], updated=match.updated):
        signals.plan_dropped.send(
            sender=ConditionalPlan,
            match=match,
            owner=plan.owner,
            after=after,
            why=why,
            dropped=[list(line) for line in lines],
        )


def answer(match: Match) -> None:
    """Play the planned reply of the player to move, if their plan expects the move just played."""
    owner = match.players[match.to_move]
    plan = (
        ConditionalPlan.objects.select_for_update(of=("self",))
        .select_related("owner")
        .filter(match=match, owner=owner, status=ConditionalPlan.Status.ACTIVE)
        .first()
    )
    if plan is None:
        return
    after = ""
    if plan.ply == match.ply - 1:  # the plan waited for this move: is it one it expects?
        after = match.history_for(match.to_move, notations_of(match))[-1]
        node = next((n for n in plan.tree if n["m"] == after), None)
        if node is None or not node["c"]:
            _drop(plan, match, after, f"Your opponent played {after}, which your plan did not expect.")
            return
        replies = node["c"]
    elif plan.ply == match.ply:  # the owner moves again (a double turn): the next planned move
        replies = plan.tree
    else:  # made for a position long gone
        _set(plan, status=ConditionalPlan.Status.DROPPED, note="The position moved on.", updated=match.updated)
        return
    reply = replies[0]
    rest = reply["c"]
    note = f"Played {reply['m']} after {after}." if after else f"Played {reply['m']}."
    status = ConditionalPlan.Status.ACTIVE if rest else ConditionalPlan.Status.DONE
    if not _set(plan, tree=rest, ply=match.ply + 1, status=status, note=note, updated=match.updated):
        return  # the owner changed it first: their version stands
    try:
        with transaction.atomic():
            moves.submit_move(match.pk, owner, reply["m"], match.ply, at=match.updated)
    except Exception as error:  # someone's plan must never cost the opponent their move
        if not isinstance(error, Refused):
            log.exception("planned reply in match %s failed", match.pk)
        reason = error.message if isinstance(error, Refused) else "it could not be played"
        plan.tree = [{"m": reply["m"], "c": rest}]
        _drop(plan, match, after, f"Your planned reply {reply['m']} was not played: {reason}")
        return
    signals.reply_played.send(
        sender=ConditionalPlan, match=match, owner=owner, after=after, reply=reply["m"], ply=match.ply
    )


def close_plans(match: Match) -> None:
    """A match that has ended has no plans waiting."""
    ConditionalPlan.objects.filter(match=match, status=ConditionalPlan.Status.ACTIVE).update(
        status=ConditionalPlan.Status.DROPPED, note="The match ended.", tree=[]
    )
