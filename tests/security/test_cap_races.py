"""Caps hold under a race of parallel requests (threads with their own connections; SQLite here, PostgreSQL
when DATABASE_URL names one, as `.ci/run` does under CI)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daymove.errors import Refused
from daymove.play.models import Challenge, Match
from daymove.round.challenges import accept_challenge, create_challenge
from tests.factories import UserFactory
from tests.support.threads import THREADS, run_together

pytestmark = pytest.mark.django_db(transaction=True)

CHALLENGE_FORM = {"option_board": "square", "seat": "random", "clock": "3"}


def active_matches_of(user) -> int:
    return (
        Match.objects.filter(status=Match.Status.ACTIVE).filter(player0=user).count()
        + Match.objects.filter(status=Match.Status.ACTIVE, player1=user).count()
    )


def test_parallel_challenge_forms_cannot_exceed_the_open_challenge_cap(alice, settings):
    settings.DAYMOVE_MAX_OPEN_CHALLENGES = 3
    clients = []
    for _ in range(THREADS):
        client = Client()
        client.force_login(alice)
        clients.append(client)
    url = reverse("new_challenge", args=["abande"])
    statuses = run_together([lambda c=c: c.post(url, CHALLENGE_FORM).status_code for c in clients])
    assert sorted(statuses) == [302] * 3 + [400] * (THREADS - 3), statuses
    assert Challenge.objects.filter(creator=alice, status=Challenge.Status.OPEN).count() == 3


def test_accepting_many_challenges_at_once_cannot_exceed_the_match_cap(alice, settings):
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = 2
    offers = [create_challenge(UserFactory(username=f"offer{i}"), "abande", {}, rated=False) for i in range(6)]
    results = run_together([lambda o=o: accept_challenge(o.pk, alice) for o in offers])
    assert sum(isinstance(r, Match) for r in results) == 2, results
    assert all(isinstance(r, Match | Refused) for r in results), results
    assert active_matches_of(alice) == 2


def test_many_players_accepting_one_players_challenges_at_once_cannot_exceed_the_match_cap(alice, settings):
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = 2
    offers = [create_challenge(alice, "abande", {}, rated=False) for _ in range(6)]
    takers = [UserFactory(username=f"taker{i}") for i in range(6)]
    results = run_together([lambda o=o, t=t: accept_challenge(o.pk, t) for o, t in zip(offers, takers)])
    assert sum(isinstance(r, Match) for r in results) == 2, results
    assert all(isinstance(r, Match | Refused) for r in results), results
    assert active_matches_of(alice) == 2
