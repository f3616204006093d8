"""Pages: lobby, challenges, the match page with clicks, typed moves, replay and errors."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from daymove.play.models import Challenge, Match
from daymove.round import moves
from tests.factories import MatchFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_client(alice):
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob):
    client = Client()
    client.force_login(bob)
    return client


def test_lobby_for_anonymous_and_player(client, alice_client, match):
    assert client.get(reverse("lobby")).status_code == 200
    page = alice_client.get(reverse("lobby")).content.decode()
    assert "Your turn" in page and f"#{match.pk}" in page


def test_create_and_accept_open_challenge(alice_client, bob_client):
    response = alice_client.post(
        reverse("new_challenge", args=["abande"]), {"option_board": "hex", "seat": "0", "opponent": ""}
    )
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert challenge.options == {"board": "hex"} and challenge.creator_seat == 0
    response = bob_client.post(reverse("accept_challenge", args=[challenge.pk]))
    match = Match.objects.get()
    assert response.url == match.get_absolute_url()
    assert (match.player0.username, match.player1.username, match.options) == ("alice", "bob", {"board": "hex"})
    # A second acceptance is refused and starts nothing.
    bob_client.post(reverse("accept_challenge", args=[challenge.pk]))
    assert Match.objects.count() == 1


def test_direct_challenge_only_for_the_named_player(alice_client, bob, carol):
    alice_client.post(
        reverse("new_challenge", args=["abande"]), {"option_board": "square", "seat": "random", "opponent": "bob"}
    )
    challenge = Challenge.objects.get()
    carol_client = Client()
    carol_client.force_login(carol)
    carol_client.post(reverse("accept_challenge", args=[challenge.pk]))
    assert not Match.objects.exists()
    bob_client = Client()
    bob_client.force_login(bob)
    bob_client.post(reverse("decline_challenge", args=[challenge.pk]))
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.DECLINED


def test_challenge_to_unknown_player_is_refused(alice_client):
    response = alice_client.post(
        reverse("new_challenge", args=["abande"]), {"option_board": "square", "seat": "random", "opponent": "nobody"}
    )
    assert response.status_code == 400 and "no player called" in response.content.decode()
    assert not Challenge.objects.exists()


def test_forged_option_is_refused(alice_client):
    response = alice_client.post(
        reverse("new_challenge", args=["abande"]), {"option_board": "octagon", "seat": "random"}
    )
    assert response.status_code == 400 and not Challenge.objects.exists()


def test_click_then_confirm(alice_client, match):
    url = match.get_absolute_url()
    page = alice_client.get(url).content.decode()
    assert f'href="{url}?s=d4"' in page  # every empty point is an insertion on the first turn
    page = alice_client.get(url, {"s": "d4"}, **HTMX).content.decode()
    assert 'id="play"' in page and "<html" not in page  # a fragment for htmx
    assert 'name="move" value="d4"' in page  # the confirm form
    response = alice_client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 0}, **HTMX)
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.ply == 1


def test_move_targets_offered_after_selecting_a_stack(alice, bob, alice_client):
    match = MatchFactory(player0=alice, player1=bob)
    for ply, (user, text) in enumerate([(alice, "d4"), (bob, "d5"), (alice, "c3")]):
        moves.submit_move(match.pk, user, text, ply)
    bob_client = Client()
    bob_client.force_login(bob)
    page = bob_client.get(match.get_absolute_url(), {"s": "d5"}).content.decode()
    assert "?s=d5&amp;s=d4" in page  # d5-d4 is White's only stack move (T2)


def test_typed_move_without_javascript(alice_client, match):
    response = alice_client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 0})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.ply == 1


def test_illegal_and_stale_moves_get_a_message(alice_client, match):
    response = alice_client.post(reverse("play_move", args=[match.pk]), {"move": "pass", "ply": 0})
    assert response.status_code == 400 and "pass is not a legal move in this position" in response.content.decode()
    response = alice_client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 5})
    assert response.status_code == 409 and "position has changed" in response.content.decode()
    response = alice_client.post(reverse("play_move", args=[match.pk]), {"move": "d4"})
    assert response.status_code == 400
    match.refresh_from_db()
    assert match.ply == 0


def test_other_users_cannot_move_or_resign(match, carol):
    client = Client()
    client.force_login(carol)
    assert client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 0}).status_code == 403
    client.post(reverse("resign", args=[match.pk]))
    match.refresh_from_db()
    assert match.ply == 0 and match.is_active


def test_missing_match_is_404(alice_client, db):
    assert alice_client.get("/m/99999/").status_code == 404
    assert alice_client.post(reverse("play_move", args=[99999]), {"move": "d4", "ply": 0}).status_code == 404


def test_anonymous_post_asks_to_log_in(client, match):
    response = client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 0})
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_post_without_csrf_token_is_refused(alice, match):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post(reverse("play_move", args=[match.pk]), {"move": "d4", "ply": 0}).status_code == 403
    match.refresh_from_db()
    assert match.ply == 0


def test_live_play_area_is_empty_until_the_opponent_moves(alice, bob_client, match):
    play = reverse("match_part", args=[match.pk, "play"])
    assert bob_client.get(play, {"ply": 0, "status": "active"}, **HTMX).status_code == 204
    moves.submit_move(match.pk, alice, "d4", 0)
    response = bob_client.get(play, {"ply": 0, "status": "active"}, **HTMX)
    assert response.status_code == 200 and "Your turn" in response.content.decode()


def test_replay_shows_an_earlier_position(alice, bob, alice_client, match):
    moves.submit_move(match.pk, alice, "d4", 0)
    moves.submit_move(match.pk, bob, "d5", 1)
    page = alice_client.get(match.get_absolute_url(), {"at": 1}).content.decode()
    assert "position after 1 move" in page
    assert 'name="move" value=' not in page  # no moving from a replayed position


def test_match_page_is_private_and_not_cached(alice_client, match):
    response = alice_client.get(match.get_absolute_url())
    assert "no-store" in response["Cache-Control"]
    assert "Content-Security-Policy" in response


def _random_game_moves(rules, options, length):
    """The first `length` moves of a uniformly random game that lasts at least that long."""
    import random

    for seed in range(1000):
        rng, state, played = random.Random(seed), rules.initial_state(options), []
        while rules.current_player(state) is not None and len(played) < length:
            text = rng.choice(rules.legal_move_strings(state))
            state = rules.play(state, text)
            played.append(text)
        if len(played) == length:
            return played
    raise AssertionError("no random game lasted long enough")


def _play(match, texts):
    for text in texts:
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return match


def test_match_page_queries_do_not_grow_with_moves(alice, bob):
    counts = []
    # Her opponent's turn after 1 move and after 59 of a game that goes on: the same parts, the same count.
    for plies in (1, 59):
        match = MatchFactory(player0=alice, player1=bob)
        match = _play(match, _random_game_moves(match.rules, match.options, 61)[:plies])
        assert match.ply == plies and match.is_active
        client = Client()
        client.force_login(alice)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(match.get_absolute_url()).status_code == 200
        counts.append(len(queries))
    assert len(set(counts)) == 1, counts
