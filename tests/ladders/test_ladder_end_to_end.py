"""A ladder from end to end through the site's own services on the embedded defaults (outbox jobs handed to
Celery, which runs them in the test process; mail kept by Django's test backend): the first player joins the
empty ladder, the others join by challenging through the ladder page, a win moves places, a stalled game ends on
time through the timeout sweep, beat's idle sweep drops the idle players a tenth per month, warns them a week
ahead and removes them after 90 days, and every ladder email reaches each player once."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.ladders.membership import join_empty
from daymove.ladders.models import LadderGame, Mark, PlaceChange
from daymove.ladders.tasks import sweep_idle_task
from daymove.outbox import jobs
from daymove.play import lookups
from daymove.play.models import Match
from daymove.round import endings
from daymove.round.tasks import sweep_timeouts_task
from tests.factories import UserFactory
from tests.support.clocks import play_one
from tests.support.ladders import a_ladder, both_move, names, places_are_a_permutation

pytestmark = pytest.mark.django_db(transaction=True)  # the outbox hands jobs over on commit, as on the site

DAY = timedelta(days=1)


def challenge_on_the_page(ladder, challenger, defender) -> Match:
    """The challenger presses the defender's button on the ladder page; the match page opens."""
    client = Client()
    client.force_login(challenger)
    response = client.post(reverse("ladders:challenge", args=[ladder.slug]), {"defender": defender.username})
    assert response.status_code == 302, response.content[:500]
    return LadderGame.objects.get(ladder=ladder, challenger=challenger, defender=defender, ended_at=None).match


def ladder_mail(player) -> Counter:
    return Counter(m.subject for m in mail.outbox if m.to == [player.email] and "ladder" in m.subject.lower())


def test_a_ladder_from_joining_to_removal():
    start = timezone.now()
    ladder = a_ladder()
    ann, ben, cat = (UserFactory(username=name) for name in ("ann", "ben", "cat"))

    with time_machine.travel(start, tick=False):
        join_empty(ladder, ann)
        first = challenge_on_the_page(ladder, ben, ann)
        assert names(ladder) == ["ann", "ben"]
        endings.resign(both_move(first).pk, ann)  # ben wins: he takes ann's place
        assert names(ladder) == ["ben", "ann"]
        assert PlaceChange.objects.get(player=ben, reason=PlaceChange.Reason.WON).to_place == 1

    with time_machine.travel(start + 2 * DAY, tick=False):
        stalled = both_move(challenge_on_the_page(ladder, cat, ann))
        if stalled.players[stalled.to_move] != ann:
            stalled = play_one(stalled)  # ann to move, and ann stalls
    with time_machine.travel(start + 12 * DAY, tick=False):
        assert sweep_timeouts_task() == 1
    stalled = lookups.get_match(stalled.pk)
    assert (stalled.result_reason, stalled.players[stalled.winner]) == ("timeout", cat)
    assert names(ladder) == ["ben", "cat", "ann"]
    assert list(Mark.objects.values_list("player__username", "kind")) == [("ann", Mark.Kind.TIMEOUT)]

    # Nobody plays again. Idle clocks run from each player's last ladder game: ben day 0, ann and cat day 12.
    for day in range(13, 110, 1):
        with time_machine.travel(start + day * DAY, tick=False):
            sweep_idle_task()
            if day % 10 == 0:
                assert places_are_a_permutation(ladder)
    assert names(ladder) == []
    removed = PlaceChange.objects.filter(reason=PlaceChange.Reason.REMOVED)
    assert sorted(removed.values_list("player__username", flat=True)) == ["ann", "ben", "cat"]
    assert PlaceChange.objects.filter(reason=PlaceChange.Reason.DECAYED).exists()
    jobs.sweep()  # beat's outbox sweep again: nothing goes twice

    for player in (ann, ben, cat):
        mine = ladder_mail(player)
        assert sorted(mine.values()) == [1] * len(mine), (player, mine)
        assert sum("unless you play" in s for s in mine) == 1, (player, mine)
    assert sum("challenges you on the" in s for s in ladder_mail(ann)) == 2
    assert sum("passed you" in s for s in ladder_mail(ann)) == 2  # by ben's win, then by cat's
