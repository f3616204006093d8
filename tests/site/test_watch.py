"""The watch page: games in progress, latest move first, by game, with ratings; unlisted games never appear."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from daymove.play.models import Match
from daymove.players.models import Player
from daymove.ratings.models import Rating
from games.registry import all_games
from tests.factories import MatchFactory, UserFactory

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
GAMES = list(all_games())


def shown(client, query=None) -> list[int]:
    response = client.get(reverse("watch"), query or {})
    assert response.status_code == 200
    return [int(n) for n in re.findall(r'href="/m/(\d+)/"', response.content.decode())]


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(5))
def test_unlisted_games_never_appear_and_the_rest_come_latest_move_first(client, seed):
    rng = random.Random(seed)
    users = [UserFactory(username=f"p{seed}-{i}") for i in range(6)]
    unlisted = set(rng.sample(users, 2))
    Player.objects.filter(user__in=unlisted).update(games_listed=False)
    for _ in range(25):
        first, second = rng.sample(users, 2)
        status = rng.choice([Match.Status.ACTIVE, Match.Status.ACTIVE, Match.Status.FINISHED, Match.Status.ABORTED])
        MatchFactory(
            game=rng.choice(GAMES),
            player0=first,
            player1=second,
            status=status,
            updated=START + timedelta(hours=rng.randrange(50)),
        )
    listed = [
        m
        for m in Match.objects.filter(status=Match.Status.ACTIVE).order_by("-updated", "-id")
        if not {m.player0, m.player1} & unlisted
    ]
    expected = [m.pk for m in listed]
    for viewer in (None, *unlisted):  # not even the unlisted players themselves list them here
        if viewer:
            client.force_login(viewer)
        assert shown(client) == expected
        for slug in GAMES:
            assert shown(client, {"game": slug}) == [m.pk for m in listed if m.game == slug], slug
    assert expected, "the seeded site has listed games in progress"


@pytest.mark.django_db
def test_the_players_ratings_are_shown(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    Rating.objects.create(user=alice, game="parity", rating=1712, deviation=60, games=30, updated=START)
    MatchFactory(game="parity", player0=alice, player1=bob)
    page = client.get(reverse("watch")).content.decode()
    assert re.search(r"alice.*1712.*bob.*unrated", page, re.S)


@pytest.mark.django_db
def test_an_unknown_game_is_said_on_the_page(client):
    response = client.get(reverse("watch"), {"game": "chess"})
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()


@pytest.mark.django_db
def test_the_nav_and_the_lobby_lead_to_watching_and_the_archive(client):
    page = client.get(reverse("lobby")).content.decode()
    assert page.count(f'href="{reverse("watch")}"') >= 2 and page.count(f'href="{reverse("site_archive")}"') >= 2
