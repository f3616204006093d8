"""Conditional moves: the planned reply of the player to move, decided in the transaction of the opponent's move.

`planned_reply` runs after the clock and the bot turn of the opponent's move are recorded, inside that
move's transaction (`daymove.round` calls it). It locks the owner's plan, compares the opponent's move
as the owner reads it with the moves the plan expects, advances the plan (compare-and-set on its
version) and returns the reply to play; round plays it through the move service at the moment of the
opponent's move, so the owner's clock is charged nothing, and calls `reply_refused` if it could not be
played (the opponent's move stands). `announce` then tells notify what became of the plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from daymove.plans import notes, signals, trees
from daymove.plans.models import ConditionalPlan
from daymove.play.models import Match
from daymove.prepared_sql import Prepared


@dataclass
class Answer:
    """What the plan of the player to move made of the move just played: a reply to play, or the plan dropped."""

    plan: ConditionalPlan
    awaited: bool  # the plan waited for the move just played (its email replaces "your turn")
    after: str  # the move answered, as the owner reads it ("" when the owner moves again)
    reply: str | None = None  # the planned reply to play; None once the plan is dropped
    why: dict = field(default_factory=dict)  # why the plan was dropped: a note (plans.notes), said to the owner later
    dropped: list[list[str]] = field(default_factory=list)  # the lines dropped


def _set(plan: ConditionalPlan, **fields) -> bool:
    """Compare-and-set the plan on its version; False if it changed meanwhile."""
    fields |= {"version": plan.version + 1}
    changed = ConditionalPlan.objects.filter(pk=plan.pk, version=plan.version).update(**fields)
    if changed == 1:
        for name, value in fields.items():
            setattr(plan, name, value)
    return changed == 1


def _drop(answer: Answer, match: Match, why: dict) -> Answer | None:
    """Drop the plan with `why` (a note) and the lines it held; None if its owner changed it first."""
    lines = trees.lines(answer.plan.tree)
    said = notes.dropped(why, lines)
    if not _set(answer.plan, status=ConditionalPlan.Status.DROPPED, said=said, updated=match.updated):
        return None
    answer.reply, answer.why, answer.dropped = None, why, [list(line) for line in lines]
    return answer


# Read in every move's transaction (locked): its SQL built once per process (daymove.prepared_sql).
_ACTIVE_PLAN = Prepared(
    lambda match_id, owner_id: (
        ConditionalPlan.objects.select_for_update(of=("self",))
        .select_related("owner")
        .filter(match_id=match_id, owner_id=owner_id, status=ConditionalPlan.Status.ACTIVE)
        .order_by("pk")[:1]
    )
)


def planned_reply(match: Match) -> Answer | None:
    """The plan of the player to move, advanced past its reply to the move just played, or dropped; None if none."""
    owner = match.players[match.to_move]
    plan = _ACTIVE_PLAN.first(match.pk, owner.pk)
    if plan is None:
        return None
    if plan.ply == match.ply - 1:  # the plan waited for this move: is it one it expects?
        after = match.history_for(match.to_move, match.notations())[-1]
        answer = Answer(plan, awaited=True, after=after)
        node = next((n for n in plan.tree if n["m"] == after), None)
        if node is None or not node["c"]:
            return _drop(answer, match, notes.note("unexpected", after=after))
        replies = node["c"]
    elif plan.ply == match.ply:  # the owner moves again (a double turn): the next planned move
        answer = Answer(plan, awaited=False, after="")
        replies = plan.tree
    else:  # made for a position long gone
        _set(plan, status=ConditionalPlan.Status.DROPPED, said=notes.note("moved_on"), updated=match.updated)
        return None
    reply = replies[0]
    rest = reply["c"]
    said = (
        notes.note("played_after", reply=reply["m"], after=answer.after)
        if answer.after
        else notes.note("played", reply=reply["m"])
    )
    status = ConditionalPlan.Status.ACTIVE if rest else ConditionalPlan.Status.DONE
    if not _set(plan, tree=rest, ply=match.ply + 1, status=status, said=said, updated=match.updated):
        return None  # the owner changed it first: their version stands
    answer.reply = reply["m"]
    return answer


def reply_refused(answer: Answer, match: Match, *, illegal: bool) -> Answer | None:
    """The planned reply could not be played (`illegal`: the rules refused it): the plan is dropped, its reply line
    kept in the note."""
    answer.plan.tree = [{"m": answer.reply, "c": answer.plan.tree}]
    why = notes.note("reply_illegal" if illegal else "reply_failed", reply=answer.reply)
    return _drop(answer, match, why)


def announce(answer: Answer, match: Match) -> None:
    """Tell the owner what became of their plan: the reply played at `match.ply`, or the plan dropped."""
    if answer.reply is not None:
        signals.reply_played.send(
            sender=ConditionalPlan,
            match=match,
            owner=answer.plan.owner,
            after=answer.after,
            reply=answer.reply,
            ply=match.ply,
        )
    else:
        signals.plan_dropped.send(
            sender=ConditionalPlan,
            match=match,
            owner=answer.plan.owner,
            after=answer.after,
            why=answer.why,
            dropped=answer.dropped,
        )


def close_plans(match: Match) -> None:
    """A match that has ended has no plans waiting."""
    ConditionalPlan.objects.filter(match=match, status=ConditionalPlan.Status.ACTIVE).update(
        status=ConditionalPlan.Status.DROPPED, said=notes.note("ended"), tree=[]
    )
