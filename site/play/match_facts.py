"""What the match page needs to know of its viewer in a match (their private note, their plan, a declined draw offer,
a vacation of either player), read in the one query that reads the match.

The same pattern as daymove.players.viewer, for one match: the apps that own those facts sit above play, so each
registers its expression here when it is ready (`register`); the match page's query annotates the match with all of
them for its viewer (`with_match_facts`). A service reads one with `match_fact`, which asks the database instead
whenever the match was not read that way for this viewer (a match loaded by a POST, or for someone else).
Most facts only say whether there is anything to read, so the common case (no note, no plan) costs no query.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Expression, OuterRef, QuerySet, Value

# name -> a function of (the match's OuterRef, the viewer's id) giving a scalar subquery expression
_FACTS: dict[str, Callable[[OuterRef, object], Expression]] = {}
VIEWER = "match_facts_viewer"  # the annotation that says whose facts a match carries


def register(name: str, expression: Callable[[OuterRef, object], Expression]) -> None:
    """Read `name` with the match page's match, as `expression(OuterRef("pk"), viewer_id)`."""
    _FACTS[name] = expression


def with_match_facts(matches: QuerySet, viewer_id) -> QuerySet:
    """`matches` annotated with every registered fact as seen by the user `viewer_id` (None for a visitor)."""
    facts = {name: expression(OuterRef("pk"), viewer_id) for name, expression in _FACTS.items()}
    return matches.annotate(**{VIEWER: Value(viewer_id)}, **facts)


def match_fact(match, user, name: str, ask: Callable[[], object]):
    """`user`'s fact `name` in `match` as read with the match, or `ask()` when it was not read for this user."""
    if name in _FACTS and getattr(match, VIEWER, None) == user.pk and hasattr(match, name):
        return getattr(match, name)
    return ask()
