"""Blocking: no challenge, acceptance or chat in either direction; the blocker stops seeing the other's chat."""

import pytest
from django.test import Client
from django.urls import reverse

from daymove.errors import Refused
from daymove.play.models import Challenge
from daymove.round.challenges import accept_challenge, create_challenge, rematch
from daymove.round.endings import resign
from daymove.safety import blocks
from daymove.safety.models import Block
from daymove.talk.models import ChatMessage
from daymove.talk.services import chat_for, post_message
from tests.factories import MatchFactory

CHALLENGE_FORM = {"option_board": "square", "seat": "random", "clock": "3"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_blocks_bob(alice, bob):
    return blocks.block(alice, "bob")


@pytest.mark.parametrize("blocked_side", ["blocker", "blocked"])
def test_no_challenge_passes_either_way(alice, bob, alice_blocks_bob, blocked_side):
    challenger, target = (alice, bob) if blocked_side == "blocker" else (bob, alice)
    with pytest.raises(Refused):
        create_challenge(challenger, "abande", {}, target.username, rated=False)
    response = _client(challenger).post(
        reverse("new_challenge", args=["abande"]), CHALLENGE_FORM | {"opponent": target.username}
    )
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_the_messages_say_who_blocked_whom_only_to_the_blocker(alice, bob, alice_blocks_bob):
    with pytest.raises(Refused, match="You have blocked bob, so you cannot challenge them. Unblock them"):
        create_challenge(alice, "abande", {}, "bob", rated=False)
    with pytest.raises(Refused, match="alice does not accept this from you: you cannot challenge them"):
        create_challenge(bob, "abande", {}, "alice", rated=False)


@pytest.mark.parametrize("creator_side", ["blocker", "blocked"])
def test_no_open_challenge_is_accepted_either_way_nor_shown(alice, bob, carol, creator_side):
    creator, taker = (alice, bob) if creator_side == "blocker" else (bob, alice)
    open_challenge = create_challenge(creator, "abande", {}, rated=False)
    blocks.block(alice, "bob")
    lobby = _client(taker).get(reverse("lobby")).content.decode()
    assert reverse("accept_challenge", args=[open_challenge.pk]) not in lobby
    assert (
        reverse("accept_challenge", args=[open_challenge.pk]) in _client(carol).get(reverse("lobby")).content.decode()
    )
    with pytest.raises(Refused, match="accept challenges from"):
        accept_challenge(open_challenge.pk, taker)
    _client(taker).post(reverse("accept_challenge", args=[open_challenge.pk]))
    open_challenge.refresh_from_db()
    assert open_challenge.status == Challenge.Status.OPEN and open_challenge.match is None


def test_blocking_withdraws_the_direct_challenges_between_the_two(alice, bob, carol):
    to_alice = create_challenge(bob, "abande", {}, "alice", rated=False)
    to_bob = create_challenge(alice, "abande", {}, "bob", rated=False)
    to_carol = create_challenge(bob, "abande", {}, "carol", rated=False)
    blocks.block(alice, "bob")
    statuses = {c.pk: c.status for c in Challenge.objects.all()}
    assert statuses == {
        to_alice.pk: Challenge.Status.CANCELLED,
        to_bob.pk: Challenge.Status.CANCELLED,
        to_carol.pk: Challenge.Status.OPEN,
    }


def test_no_rematch_across_a_block(alice, bob):
    match = MatchFactory(player0=alice, player1=bob, rated=False)
    resign(match.pk, bob)
    blocks.block(bob, "alice")
    for player in (alice, bob):
        with pytest.raises(Refused):
            rematch(match.pk, player)


def test_chat_is_closed_both_ways_and_the_blockers_view_hides_the_other(alice, bob):
    match = MatchFactory(player0=alice, player1=bob)
    post_message(match, alice, "good luck")
    post_message(match, bob, "you will lose")
    blocks.block(alice, "bob")
    for player in (alice, bob):
        with pytest.raises(Refused):
            post_message(match, player, "hello?")
        response = _client(player).post(
            reverse("chat_post", args=[match.pk]), {"text": "hello?"}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 400
    assert ChatMessage.objects.count() == 2
    assert [m.text for m in chat_for(match, alice)] == ["good luck"]  # bob's line is gone from alice's view
    assert [m.text for m in chat_for(match, bob)] == ["good luck", "you will lose"]
    alice_page = _client(alice).get(match.get_absolute_url()).content.decode()
    assert "you will lose" not in alice_page and "You have blocked bob: the chat is closed" in alice_page
    bob_page = _client(bob).get(match.get_absolute_url()).content.decode()
    assert (
        "The chat of this match is closed." in bob_page
        and 'id="chat-text"' not in bob_page.split('id="chat"')[1].split("</section>")[0]
    )


def test_the_match_goes_on_after_a_block(alice, bob):
    match = MatchFactory(player0=alice, player1=bob)
    blocks.block(bob, "alice")
    text = match.rules.legal_move_strings(match.position())[0]
    response = _client(alice).post(reverse("play_move", args=[match.pk]), {"move": text, "ply": 0})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.ply == 1


def test_unblocking_opens_everything_again(alice, bob, alice_blocks_bob):
    assert blocks.unblock(alice, "bob") == 1
    challenge = create_challenge(bob, "abande", {}, "alice", rated=False)
    match = accept_challenge(challenge.pk, alice)
    post_message(match, bob, "thanks for unblocking")


def test_block_and_unblock_from_a_profile_and_from_a_match(alice, bob):
    match = MatchFactory(player0=alice, player1=bob)
    client = _client(alice)
    profile = reverse("profile", args=["bob"])
    assert f'action="{reverse("block_player", args=["bob"])}"' in client.get(profile).content.decode()
    response = client.post(reverse("block_player", args=["bob"]), {"next": profile})
    assert response.status_code == 302 and response.url == profile
    assert Block.objects.filter(blocker=alice, blocked=bob).exists()
    assert f'action="{reverse("unblock_player", args=["bob"])}"' in client.get(profile).content.decode()
    assert "bob" in client.get(reverse("account")).content.decode()  # listed under "Players you have blocked"
    client.post(reverse("unblock_player", args=["bob"]))
    assert not Block.objects.exists()
    page = client.get(match.get_absolute_url()).content.decode()
    assert f'action="{reverse("block_player", args=["bob"])}"' in page
    response = client.post(reverse("block_player", args=["bob"]), {"next": match.get_absolute_url()})
    assert response.url == match.get_absolute_url()
    assert Block.objects.filter(blocker=alice, blocked=bob).exists()
    # Twice is once; an address off the site is not followed.
    response = client.post(reverse("block_player", args=["bob"]), {"next": "https://evil.example/"})
    assert response.url == profile and Block.objects.count() == 1


def test_what_cannot_be_blocked(alice, bot):
    with pytest.raises(Refused, match="yourself"):
        blocks.block(alice, "alice")
    with pytest.raises(Refused, match="Bots"):
        blocks.block(alice, bot.username)
    assert _client(alice).post(reverse("block_player", args=["nobody-here"])).status_code == 404
    assert not Block.objects.exists()
