"""The analysis board's changes: moves added, branches deleted, an analysis published. Each person's own.

Edits lock the tree's row (a second tab editing at the same moment waits, then edits the result).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists
from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import Conflict, Forbidden, Refused
from daymove.plans import positions, trees
from daymove.plans.access import analysis_seat
from daymove.plans.models import AnalysisTree
from daymove.play.lookups import get_match
from daymove.play.models import Match

MAX_MOVES = 2000  # in one analysis: far more than anyone reads, few enough that a page stays quick


def _root_ply(match: Match, root_ply) -> int:
    try:
        root_ply = int(root_ply)
    except (TypeError, ValueError):
        raise Refused(gettext("The form did not say which position the analysis starts from.")) from None
    if not 0 <= root_ply <= match.ply:
        raise Refused(gettext("The analysis can start only from a position of this match."))
    return root_ply


def _locked_tree(match: Match, user, root_ply: int) -> AnalysisTree:
    AnalysisTree.objects.get_or_create(match=match, owner=user, root_ply=root_ply)
    return AnalysisTree.objects.select_for_update().get(match=match, owner=user, root_ply=root_ply)


def add_move(match_id, user, root_ply, path, text: str) -> tuple:
    """Play `text` after `path` on the user's analysis from `root_ply`; the path of the new node."""
    match = get_match(match_id)
    seat = analysis_seat(match, user)
    root_ply = _root_ply(match, root_ply)
    path = tuple(path)
    notations = match.notations()
    state = positions.walk(match, positions.start(match, notations, seat, root_ply), seat, path)[-1]
    move, _ = positions.step(match, state, seat, text)
    with transaction.atomic():
        tree = _locked_tree(match, user, root_ply)
        if path and trees.children_at(tree.tree, path) is None:
            raise Conflict(gettext("That line is no longer in your analysis (deleted in another window?)."))
        tree.tree = trees.with_line(tree.tree, path + (move,))
        if trees.size(tree.tree) > MAX_MOVES:
            raise Refused(
                gettext("Your analysis from this position holds %(most)s moves: delete a branch first.")
                % {"most": MAX_MOVES}
            )
        tree.updated = timezone.now()
        tree.save(update_fields=["tree", "updated"])
    return path + (move,)


def delete_branch(match_id, user, root_ply, path) -> tuple:
    """Delete the node at `path` and what follows it; the path of its parent."""
    match = get_match(match_id)
    analysis_seat(match, user)
    root_ply = _root_ply(match, root_ply)
    path = tuple(path)
    if not path:
        raise Refused(gettext("Choose the move to delete."))
    with transaction.atomic():
        tree = AnalysisTree.objects.select_for_update().filter(match=match, owner=user, root_ply=root_ply).first()
        if tree is None or trees.children_at(tree.tree, path) is None:
            raise Refused(gettext("That move is not in your analysis (deleted in another window?)."))
        tree.tree = trees.without(tree.tree, path)
        tree.updated = timezone.now()
        tree.save(update_fields=["tree", "updated"])
    return path[:-1]


def set_published(match_id, user, root_ply, published: bool) -> AnalysisTree:
    """Publish (or withdraw) the user's analysis of their match: shown to everyone once the match has ended."""
    match = get_match(match_id)
    if match.seat_of(user) is None:
        raise Forbidden(gettext("Only the players of a match publish analyses of it."))
    root_ply = _root_ply(match, root_ply)
    tree = AnalysisTree.objects.filter(match=match, owner=user, root_ply=root_ply).first()
    if tree is None or not tree.tree:
        raise Refused(gettext("There is no analysis from this position to publish."))
    AnalysisTree.objects.filter(pk=tree.pk).update(published=published)
    tree.published = published
    return tree


PUBLISHED = "analysis_published"  # the match fact: an analysis of the match is published


def any_published(match_ref, viewer_id) -> Exists:
    """Whether an analysis of the match is published (a match fact, the same for every viewer)."""
    return Exists(AnalysisTree.objects.filter(match=match_ref, published=True))


def published_analyses(match: Match) -> list[AnalysisTree]:
    """The analyses shown with a match: none while it is on (asked for nothing), the published ones once it has
    ended, with only what the page shows of them (their owner by name)."""
    if match.is_active:
        return []
    rows = AnalysisTree.objects.filter(match=match, published=True).select_related("owner")
    return [row for row in rows.only("root_ply", "tree", "owner__username") if row.tree]
