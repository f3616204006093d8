"""The dashboard's counts and lists after every kind of change: the nav's "your turn" count it shows (taken from its
own list of matches, not asked again) equals the count the nav asks for, after a challenge accepted, a move and an
ending; its finished list is the latest ones, latest first, beside every active match."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.round import challenges, endings, moves
from daymove.web.views import RECENT_FINISHED
from tests.factories import ChallengeFactory, MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _lobby_count(client) -> int:
    page = client.get(reverse("lobby")).content.decode()
    return int(re.search(r'id="turn-count"[^>]*data-count="(\d+)"', page).group(1))


def _asked_count(client) -> int:
    page = client.get(reverse("turn_count"), **HTMX).content.decode()
    return int(re.search(r'data-count="(\d+)"', page).group(1))


def _counts(client) -> tuple[int, int]:
    return _lobby_count(client), _asked_count(client)


def test_the_lobbys_turn_count_follows_a_challenge_a_move_and_an_ending():
    alice, bob = UserFactory(), UserFactory()
    alice_client, bob_client = _client(alice), _client(bob)
    MatchFactory(player0=alice)  # one match already waits for alice
    assert _counts(alice_client) == (1, 1) and _counts(bob_client) == (0, 0)

    challenge = ChallengeFactory(creator=alice, opponent=bob, creator_seat=0)
    match = challenges.accept_challenge(challenge.pk, bob)
    assert match.to_move == 0
    assert _counts(alice_client) == (2, 2) and _counts(bob_client) == (0, 0)

    text = match.rules.legal_move_strings(match.position())[0]
    moves.submit_move(match.pk, alice, text, match.ply)
    assert _counts(alice_client) == (1, 1) and _counts(bob_client) == (1, 1)

    endings.resign(match.pk, bob)
    assert _counts(alice_client) == (1, 1) and _counts(bob_client) == (0, 0)


def test_the_finished_list_is_the_latest_latest_first_beside_every_active_match():
    alice = UserFactory()
    active = [MatchFactory(player0=alice), MatchFactory(player1=alice)]
    finished = []
    for _ in range(RECENT_FINISHED + 2):
        match = MatchFactory(player0=alice)
        endings.resign(match.pk, alice)
        finished.append(match)
    page = _client(alice).get(reverse("lobby")).content.decode()
    listed = [int(number) for number in re.findall(r"#(\d+)<", page[page.index('id="your-turn"') :])]
    shown_finished = [pk for pk in listed if pk in {m.pk for m in finished}]
    assert shown_finished == [m.pk for m in reversed(finished)][:RECENT_FINISHED]  # the two oldest are left out
    assert {m.pk for m in active} <= set(listed)
