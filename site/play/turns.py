"""The matches waiting for a player's move."""

from django.db.models import Expression, F, Func, IntegerField, OuterRef, Subquery

from daymove.play.models import Match


def waiting_count(user) -> int:
    """How many matches wait for `user`'s move."""
    return Match.objects.waiting_for(user).count()


def waiting_count_of(user_pk: OuterRef) -> Expression:
    """`waiting_count` as a subquery of an outer query's user: the nav's count, read with the session's user."""
    waiting = Match.objects.waiting_for(user_pk).order_by().annotate(count=Func(F("pk"), function="COUNT"))
    return Subquery(waiting.values("count"), output_field=IntegerField())
