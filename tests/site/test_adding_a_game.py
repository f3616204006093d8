"""docs/adding-a-game.md, proved: a game defined in one folder of the tests (tests/support/takeaway/) and
registered here is shown in the lobby, gets a rules page and a challenge form, is challenged, accepted, played
to the end by clicking, rated and exported, all through the site's real code. No file outside that folder and
this test names it.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.play.models import Challenge, Match
from daymove.ratings.models import Rating
from games.registry import all_games, registered
from tests.support.games import rules_page_text
from tests.support.takeaway.game import GAME


@pytest.fixture
def takeaway():
    with registered(GAME):
        yield GAME


def _client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def _post(client, url, data=None, *, capture):
    """A form POST with the CSRF token the site gave this browser; work recorded with it runs after commit."""
    client.get(reverse("lobby"))  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    with capture(execute=True):
        return client.post(url, {**(data or {}), "csrfmiddlewaretoken": token})


def _click_move(client, match: Match, move: str, capture):
    """Click the move's button beside the board, then the confirm button."""
    page = client.get(match.get_absolute_url()).content.decode()
    button = re.search(rf'<a class="button secondary" data-token="{move}" href="([^"]+)"', page)
    assert button, f"no button for {move}"
    page = client.get(html.unescape(button.group(1))).content.decode()
    confirm = re.search(r'<form method="post" action="([^"]+)"[^>]*class="confirm">(.*?)</form>', page, re.S)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', confirm.group(2)))
    assert fields["move"] == move
    return _post(client, confirm.group(1), fields, capture=capture)


def test_registering_adds_the_game_and_unregistering_removes_it():
    assert GAME.slug not in all_games()
    with registered(GAME):
        assert all_games()[GAME.slug] is GAME and list(all_games())[-1] == GAME.slug
        with pytest.raises(ValueError), registered(GAME):
            pass
    assert GAME.slug not in all_games()


@pytest.mark.django_db
def test_a_game_in_one_folder_is_played_through_the_site(takeaway, alice, bob, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    alice_client, bob_client = _client(alice), _client(bob)

    # The lobby offers it, with its rules page.
    lobby = alice_client.get(reverse("lobby")).content.decode()
    challenge_url = reverse("new_challenge", args=[takeaway.slug])
    assert f'href="{challenge_url}">{takeaway.name}</a>' in lobby
    assert f'href="{reverse("rules", args=[takeaway.slug])}"' in lobby
    assert "whoever takes the last counter wins" in rules_page_text(Client(), takeaway.slug)

    # The challenge form has its option and says who moves first.
    form = alice_client.get(challenge_url).content.decode()
    assert '<option value="10">10 counters</option>' in form
    assert "First (moves first)" in form and "Second (moves second)" in form

    # Alice challenges Bob to a rated game of 7 counters, taking the first seat; Bob accepts.
    response = _post(
        alice_client,
        challenge_url,
        {"opponent": "bob", "seat": "0", "rated": "on", "option_counters": "7"},
        capture=capture,
    )
    assert response.status_code == 302
    challenge = Challenge.objects.get(game=takeaway.slug)
    assert challenge.options == {"counters": 7} and challenge.rated
    assert _post(bob_client, reverse("accept_challenge", args=[challenge.pk]), capture=capture).status_code == 302
    match = Match.objects.get(game=takeaway.slug)
    assert list(match.players) == [alice, bob] and match.to_move == 0

    # No draw button: the game has no draws.
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert reverse("offer_draw", args=[match.pk]) not in page
    _post(alice_client, reverse("offer_draw", args=[match.pk]), capture=capture)
    match.refresh_from_db()
    assert match.draw_offer_seat is None

    # They play to the end by clicking: 1, 2, 1, 2, 1 takes all 7, and Alice takes the last counter.
    clients = {0: alice_client, 1: bob_client}
    for move in ["1", "2", "1", "2", "1"]:
        assert _click_move(clients[match.to_move], match, move, capture).status_code == 302
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner == 0 and match.ply == 5
    assert match.result_text().startswith("alice won: ")

    # Rated: Alice's rating went up, Bob's down, one game each.
    alice_rating = Rating.objects.get(user=alice, game=takeaway.slug)
    bob_rating = Rating.objects.get(user=bob, game=takeaway.slug)
    assert alice_rating.games == bob_rating.games == 1 and alice_rating.rating > bob_rating.rating
    leaderboard = Client().get(reverse("leaderboard", args=[takeaway.slug]))
    assert leaderboard.status_code == 200

    # Exported with the player's games.
    export = json.loads(alice_client.get(reverse("download_json")).content)
    [game] = [m for m in export["matches"] if m["game"] == takeaway.slug]
    assert game["game_name"] == "Take-away" and game["moves"] == ["1", "2", "1", "2", "1"] and game["your_seat"] == 0
    assert game["options"] == {"counters": 7} and game["winner"] == 0
    text = alice_client.get(reverse("download_text")).content.decode()
    assert '[Game "Take-away"]' in text and '[Options "7 counters"]' in text

    # The finished match is in both players' lists and on the match page for anyone.
    assert f"#{match.pk}" in bob_client.get(reverse("lobby")).content.decode()
    page = Client().get(match.get_absolute_url()).content.decode()
    assert "Game over: First took the last counter and wins." in page
