"""Caps on the time away that stops some matches' clocks, set by an app above clocks (a league caps it a season).

Clocks know nothing of those apps: one registers, from its `ready()`, a function of match ids that answers
{match id: Cap} for the matches it caps. It is asked only when the player has time away, so a match with no
vacation in sight costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import NamedTuple


class Cap(NamedTuple):
    """Time away counts from `counted_from`; only the first `most` of it stops the clock."""

    counted_from: datetime
    most: timedelta


Source = Callable[[Sequence[int]], dict[int, Cap]]
_sources: list[Source] = []


def register(source: Source) -> None:
    """Add a source of caps (once, from an app's `ready()`)."""
    if source not in _sources:
        _sources.append(source)


def caps_of(match_ids: Sequence[int]) -> dict[int, Cap]:
    """The caps on these matches' time away, for the matches that have one."""
    found: dict[int, Cap] = {}
    for source in _sources:
        found.update(source(match_ids))
    return found
