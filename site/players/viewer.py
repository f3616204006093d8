"""What every page shows of its signed-in viewer (the nav's turn count, a bouncing address, an unread warning), read
in the one query that reads the session's user and their Player.

The apps that own those facts sit above players, so each registers its expression here when it is ready
(`register`); the login backends annotate the session's user with all of them (`with_page_facts`). A view reads one
with `page_fact`, which falls back to asking the database whenever the annotation could be out of date: in a
request that may have changed something (a POST), or for a user not read by the backends.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Expression, OuterRef, QuerySet

# name -> a function of the user's primary key (an OuterRef) giving a scalar subquery expression
_FACTS: dict[str, Callable[[OuterRef], Expression]] = {}

# Methods that change nothing a page fact counts: a page drawn in answer to one can use the facts read with its user.
SAFE_METHODS = frozenset({"GET", "HEAD"})


def register(name: str, expression: Callable[[OuterRef], Expression]) -> None:
    """Read `name` with every session's user, as `expression(OuterRef("pk"))`."""
    _FACTS[name] = expression


def with_page_facts(users: QuerySet) -> QuerySet:
    """`users` annotated with every registered page fact."""
    return users.annotate(**{name: expression(OuterRef("pk")) for name, expression in _FACTS.items()})


def page_fact(request, name: str, ask: Callable[[], object]):
    """The viewer's fact `name` as read with their session, or `ask()` when that reading may be stale or missing."""
    user = request.user
    if request.method in SAFE_METHODS and name in _FACTS and hasattr(user, name):
        return getattr(user, name)
    return ask()
