"""What the analysis board shows its owner: the position at the chosen line, the board with its clicks, the
tree of variations, and the owner's conditional plan. Built from the owner's view only (see `positions`)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.safestring import mark_safe

from daymove.errors import Refused
from daymove.plans import positions, trees
from daymove.plans.access import analysis_seat
from daymove.plans.conditional import plan_of
from daymove.plans.models import AnalysisTree
from daymove.play.match_board import LinkedBoardUI, select
from daymove.play.models import Match
from daymove.play.wording import said

TARGET = "#analysis"


@dataclass(frozen=True)
class Node:
    """A move of the tree as the board lists it: its text, its link, and whether it is on the line shown."""

    text: str
    url: str
    current: bool


def analysis_url(match: Match, root: int, path=(), clicks=()) -> str:
    """The analysis board's URL for this root, line and clicks towards the next move."""
    query = [("root", root)] + [("l", move) for move in path] + [("s", token) for token in clicks]
    return f"{reverse('analysis', args=[match.pk])}?{urlencode(query)}"


def variation(match: Match, root: int, nodes: list, prefix: tuple, shown: tuple) -> list:
    """A line as the board lists it, compactly: its main moves in a row, each with the alternatives to it
    (each a variation of its own), as [(Node, [variation, ...]), ...]."""
    row = []
    while nodes:
        main, others = nodes[0], nodes[1:]
        alternatives = [variation(match, root, [other], prefix, shown) for other in others]
        prefix += (main["m"],)
        current = shown[: len(prefix)] == prefix
        row.append((Node(main["m"], analysis_url(match, root, prefix), current), alternatives))
        nodes = main["c"]
    return row


def _board(match: Match, state, seat, root: int, path: tuple, clicked) -> dict:
    rules = match.rules
    offered = positions.offered(match, state, seat)
    selection = select(rules, offered, list(clicked))
    urls = {token: analysis_url(match, root, path, tokens) for token, tokens in selection.options.items()}
    ui = LinkedBoardUI(options=tuple(urls), urls=urls, selected=selection.tokens, flip=seat == 1, target_id=TARGET)
    view = rules.player_view(state, seat) if positions.is_hidden(match) else rules.visibility.revealed_view(state, seat)
    return {
        "board_svg": mark_safe(rules.render_board(view, ui)),  # renderers escape every text they draw
        "buttons": [(token, said(rules.token_label(token)), urls[token]) for token in ui.unused_options()],
        "selection": selection,
        "description": rules.position_in_words(view, said),
        "to_move": rules.current_player(state),
        "to_move_name": said(rules.seat_names[rules.current_player(state) or 0]),
    }


def _plan(match: Match, user, seat, root: int, path: tuple, states: list) -> dict:
    """The owner's plan, and whether the line shown can be added to it."""
    plan = plan_of(match, user)
    rules = match.rules
    from_now = match.is_active and seat is not None and root == match.ply and match.to_move == 1 - seat
    # The line starts with the opponent's move and holds a reply of the owner's (states[i] is before path[i]).
    plannable = from_now and any(rules.current_player(states[i]) == seat for i in range(1, len(path)))
    return {
        "plan": plan,
        "plan_version": plan.version if plan is not None else 0,
        "plan_lines": trees.lines(plan.tree) if plan is not None and plan.is_active else [],
        "plannable": plannable,
        "planning_now": from_now,
    }


def analysis_context(match: Match, user, root, path, clicked) -> dict:
    """Everything the analysis board shows `user` (Refused if they may not analyse this match)."""
    seat = analysis_seat(match, user)
    try:
        root = int(root) if root not in (None, "") else match.ply
    except (TypeError, ValueError):
        root = match.ply
    root = min(max(root, 0), match.ply)
    path = tuple(path)
    row = AnalysisTree.objects.filter(match=match, owner=user, root_ply=root).first()
    tree = row.tree if row is not None else []
    start = positions.start(match, match.notations(), seat, root)
    try:
        states = positions.walk(match, start, seat, path)
    except Refused:
        path, states = (), [start]
    state = states[-1]
    forward = trees.main_line(tree, path)
    context = {
        "match": match,
        "rules": match.rules,
        "seat": seat,
        "root": root,
        "roots": list(range(match.ply, -1, -1)),
        "path": path,
        "line": list(enumerate(path, start=root + 1)),
        "variation": variation(match, root, tree, (), path),
        "in_tree": bool(path) and trees.children_at(tree, path) is not None,
        "back_url": analysis_url(match, root, path[:-1]) if path else None,
        "forward_url": analysis_url(match, root, forward[: len(path) + 1]) if len(forward) > len(path) else None,
        "start_url": analysis_url(match, root),
        "here_url": analysis_url(match, root, path),
        "published": bool(row and row.published),
        "can_publish": seat is not None and bool(tree),
        "hidden": positions.is_hidden(match),
    }
    return context | _board(match, state, seat, root, path, clicked) | _plan(match, user, seat, root, path, states)
