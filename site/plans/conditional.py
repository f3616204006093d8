"""The owner's changes to their conditional plan: a line planned, a line removed, the plan cancelled.

Each change locks the match row first, as a move does (on SQLite every write transaction is taken
whole), so a change and the opponent's move are applied one after the other, never interleaved: a
change made first is what the move finds, and a change made after it is refused, since it was made
against a position and a plan version that are gone. The form says which version its owner saw
(0 before the first plan); a change to any other version is a conflict and changes nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from daymove.errors import Conflict, Refused
from daymove.plans import notes, positions, trees
from daymove.plans.models import ConditionalPlan
from daymove.play.lookups import get_match, player_seat
from daymove.play.match_facts import match_fact
from daymove.play.models import Match

MAX_MOVES = 500  # in one plan
STALE = gettext_noop("Your opponent has moved since you looked; your plan was not changed. Look again.")
CHANGED = gettext_noop(
    "Your plan has changed since you looked (a planned reply was played, or another window changed it). Look again."
)


HAS_PLAN = "has_plan"  # the match fact: the viewer has a plan row in the match


def has_plan(match_ref, viewer_id) -> Exists:
    """Whether the viewer has a plan row in the match (a match fact, daymove.play.match_facts)."""
    return Exists(ConditionalPlan.objects.filter(match=match_ref, owner=viewer_id))


def plan_of(match: Match, user) -> ConditionalPlan | None:
    """The user's plan row in this match (whatever its status), or None. Only ever shown to its owner."""
    if user is None or not user.is_authenticated or match.seat_of(user) is None:
        return None
    if not match_fact(match, user, HAS_PLAN, lambda: True):
        return None
    return ConditionalPlan.objects.filter(match=match, owner=user).first()


def _seen_version(version) -> int:
    try:
        return int(version)
    except (TypeError, ValueError):
        raise Refused(gettext("The form did not say which version of your plan you saw; reload the page.")) from None


def _seen_ply(ply) -> int:
    try:
        return int(ply)
    except (TypeError, ValueError):
        raise Refused(gettext("The form did not say which position you planned from; reload the page.")) from None


def _opponents_turn(match_id, user):
    match = get_match(match_id)
    seat = player_seat(match, user)
    if not match.is_active:
        raise Conflict(gettext("This match is over."))
    if match.to_move == seat:
        raise Refused(gettext("It is your turn: plan replies while your opponent is to move."))
    return match, seat


def _change(match: Match, user, version, edit, note: dict) -> ConditionalPlan:
    """Apply `edit` (old tree -> new tree) to the user's plan if the match and the plan are as they saw them."""
    version = _seen_version(version)
    with transaction.atomic():
        current = list(
            Match.objects.select_for_update(of=("self",))
            .filter(pk=match.pk, ply=match.ply, status=Match.Status.ACTIVE)
            .values_list("pk", flat=True)
        )
        if not current:
            raise Conflict(gettext(STALE))
        plan, _ = ConditionalPlan.objects.get_or_create(
            match=match, owner=user, defaults={"ply": match.ply, "status": ConditionalPlan.Status.CANCELLED}
        )
        if plan.version != version:
            raise Conflict(gettext(CHANGED))
        old = plan.tree if plan.is_active and plan.ply == match.ply else []
        tree = edit(old)
        if trees.size(tree) > MAX_MOVES:
            raise Refused(gettext("Your plan holds %(most)s moves: remove a line first.") % {"most": MAX_MOVES})
        fields = {
            "tree": tree,
            "ply": match.ply,
            "status": ConditionalPlan.Status.ACTIVE if tree else ConditionalPlan.Status.CANCELLED,
            "version": version + 1,
            "said": note if tree or not old else notes.note("cancelled"),
            "updated": timezone.now(),
        }
        changed = ConditionalPlan.objects.filter(pk=plan.pk, version=version).update(**fields)
        if changed != 1:
            raise Conflict(gettext(CHANGED))
        for name, value in fields.items():
            setattr(plan, name, value)
    return plan


def plan_line(match_id, user, path, version, seen_ply) -> ConditionalPlan:
    """Add the line `path` (from the position after `seen_ply` moves: their move, your reply, ...) to the user's plan.

    A reply already planned after the same moves is replaced; a trailing move of the opponent with no
    reply after it is left out.
    """
    match, seat = _opponents_turn(match_id, user)
    # The line was read from the position the player saw: once the match has moved on it is stale, not illegal.
    if match.ply != _seen_ply(seen_ply):
        raise Conflict(gettext(STALE))
    rules = match.rules
    path = tuple(path)
    start = positions.start(match, match.notations(), seat, match.ply)
    states = positions.walk(match, start, seat, path)
    mine = [rules.current_player(state) == seat for state in states[:-1]]
    while path and not mine[len(path) - 1]:
        path = path[:-1]
    if not path:
        raise Refused(gettext("A planned line needs a reply of yours after your opponent's move."))
    replies = frozenset(depth for depth in range(len(path)) if mine[depth])
    return _change(match, user, version, lambda tree: trees.with_line(tree, path, replies), notes.note("saved"))


def remove_line(match_id, user, path, version) -> ConditionalPlan:
    """Remove the move at `path` from the plan, and every move that then leads nowhere."""
    match, _ = _opponents_turn(match_id, user)
    path = tuple(path)
    if not path:
        raise Refused(gettext("Choose the line to remove."))

    def edit(tree):
        tree = trees.without(tree, path)
        cut = path[:-1]
        while cut and trees.children_at(tree, cut) == []:  # a move left with no reply after it
            tree, cut = trees.without(tree, cut), cut[:-1]
        return tree

    return _change(match, user, version, edit, notes.note("removed"))


def cancel(match_id, user, version) -> ConditionalPlan:
    """Cancel the whole plan: no planned reply will be played."""
    match, _ = _opponents_turn(match_id, user)
    return _change(match, user, version, lambda tree: [], notes.note("cancelled"))
