"""Bots are offered only at the levels their game's ladder passed, with their measured strength beside their rating."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.errors import Refused
from daymove.play.models import Challenge
from daymove.ratings.models import Rating
from daymove.round.challenges import create_challenge
from games.bot.levels import LEVELS
from games.registry import all_games
from tests.factories import UserFactory


def _bot(level):
    user = UserFactory(username=f"bot-{level}")
    user.player.is_bot = True
    user.player.bot_level = level
    user.player.save()
    return user


@pytest.fixture
def bots(db):
    return {level: _bot(level) for level in LEVELS if level != "random"}


def _lobby_links(page: str) -> dict[str, set[str]]:
    """Bot name -> the games the lobby links it to."""
    links = {}
    for slug, name in re.findall(r'href="/challenges/new/([\w-]+)/\?opponent=([\w-]+)"', page):
        links.setdefault(name, set()).add(slug)
    return links


def test_lobby_offers_exactly_the_levels_each_game_declares(client, bots):
    page = client.get(reverse("lobby")).content.decode()
    offered = {
        f"bot-{level}": {slug for slug, game in all_games().items() if level in game.bot_strength} for level in bots
    }
    assert _lobby_links(page) == {name: games for name, games in offered.items() if games}
    # Parity offers its beginner only: the casual bot plays four games, and no Parity link carries it.
    assert "parity" not in _lobby_links(page)["bot-casual"] and "parity" in _lobby_links(page)["bot-beginner"]
    assert "Elo above uniformly random play" in page and "(random play is fixed at 0)" in page
    abande = all_games()["abande"]
    assert f"strength {abande.bot_strength['club']}" in page


def test_lobby_shows_the_bots_rating_beside_its_strength(client, bots):
    Rating.objects.create(user=bots["club"], game="abande", rating=1712, deviation=60)
    page = client.get(reverse("lobby")).content.decode()
    strength = all_games()["abande"].bot_strength["club"]
    assert f"strength {strength}, rating 1712" in page


def test_a_challenge_to_a_bot_at_a_level_its_game_does_not_offer_is_refused(alice, bots):
    with pytest.raises(Refused, match="does not play Parity"):
        create_challenge(alice, "parity", {}, "bot-casual", rated=False)
    assert not Challenge.objects.exists()
    challenge = create_challenge(alice, "parity", {}, "bot-beginner", rated=False)
    assert challenge.match is not None  # the offered level accepts at once


def test_the_challenge_form_says_why_and_changes_nothing(alice, bots):
    client = Client()
    client.force_login(alice)
    response = client.post(
        reverse("new_challenge", args=["parity"]),
        {"opponent": "bot-club", "seat": "random", "days_per_move": 3},
    )
    assert response.status_code in (400, 409)
    assert "does not play Parity" in response.content.decode()
    assert not Challenge.objects.exists()


def test_bot_profile_shows_its_measured_strength_per_offered_game(client, bots, alice):
    page = client.get(reverse("profile", args=["bot-club"])).content.decode()
    for game in all_games().values():
        strength = game.bot_strength.get("club")
        if strength is None:
            assert f"<h3>{game.name}</h3>" not in page
        else:
            assert f"<h3>{game.name}</h3>" in page and f"Measured strength <strong>{strength}</strong>" in page
    assert "Elo above uniformly random play, which is fixed at 0" in page
    person = client.get(reverse("profile", args=["alice"]))
    assert person.status_code == 200 and "Measured strength" not in person.content.decode()
