"""Move trees kept as JSON: a list of nodes {"m": move, "c": [children]}, the main line first.

A path is the tuple of moves from the root to a node. Every function returns a new tree.
"""

from __future__ import annotations

import copy


def children_at(tree: list, path) -> list | None:
    """The children of the node at `path` (the root's for an empty path); None if the path is not in the tree."""
    nodes = tree
    for move in path:
        node = next((n for n in nodes if n["m"] == move), None)
        if node is None:
            return None
        nodes = node["c"]
    return nodes


def with_line(tree: list, path, only_child_at=frozenset()) -> list:
    """The tree with `path` in it; at the depths in `only_child_at` the path's move replaces its siblings."""
    result = copy.deepcopy(tree)
    nodes = result
    for depth, move in enumerate(path):
        node = next((n for n in nodes if n["m"] == move), None)
        if node is None:
            node = {"m": move, "c": []}
            nodes.append(node)
        if depth in only_child_at:
            nodes[:] = [node]
        nodes = node["c"]
    return result


def without(tree: list, path) -> list:
    """The tree without the node at `path` and everything after it."""
    result = copy.deepcopy(tree)
    if not path:
        return []
    parent = children_at(result, path[:-1])
    if parent is not None:
        parent[:] = [n for n in parent if n["m"] != path[-1]]
    return result


def lines(tree: list, prefix=()) -> list[tuple]:
    """Every path from the root to a leaf, main lines first."""
    found = []
    for node in tree:
        path = prefix + (node["m"],)
        found += lines(node["c"], path) if node["c"] else [path]
    return found


def main_line(tree: list, path) -> tuple:
    """`path` followed by the first child of each node after it, to a leaf."""
    path = tuple(path)
    nodes = children_at(tree, path) or []
    while nodes:
        path += (nodes[0]["m"],)
        nodes = nodes[0]["c"]
    return path


def size(tree: list) -> int:
    """How many moves the tree holds."""
    return sum(1 + size(node["c"]) for node in tree)
