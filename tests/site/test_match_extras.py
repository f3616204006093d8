"""In the match: chat, private notes, draw offers, resign with confirmation, rematch, ratings beside names."""

import pytest
from django.test import Client
from django.urls import reverse

from daymove.errors import Conflict, Forbidden
from daymove.play.draws import decline_draw
from daymove.play.models import Challenge, Match
from daymove.round import draws, endings, moves
from daymove.talk.models import CHAT_MAX_LENGTH, ChatMessage, PrivateNote
from tests.factories import MatchFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_client(alice):
    return _client(alice)


@pytest.fixture
def bob_client(bob):
    return _client(bob)


@pytest.fixture
def carol_client(carol):
    return _client(carol)


# ---- chat ---------------------------------------------------------------------------------------


def test_players_chat_and_text_is_escaped(alice_client, bob_client, match):
    response = alice_client.post(reverse("chat_post", args=[match.pk]), {"text": "<b>hi</b> & good luck"}, **HTMX)
    assert response.status_code == 200
    assert "&lt;b&gt;hi&lt;/b&gt; &amp; good luck" in response.content.decode()
    page = bob_client.get(match.get_absolute_url()).content.decode()
    assert "&lt;b&gt;hi&lt;/b&gt;" in page and "<b>hi</b>" not in page
    lines = bob_client.get(reverse("chat_read", args=[match.pk]), **HTMX)
    assert lines.status_code == 200 and "good luck" in lines.content.decode()


def test_chat_refuses_empty_and_too_long_messages(alice_client, match):
    url = reverse("chat_post", args=[match.pk])
    assert alice_client.post(url, {"text": "   "}, **HTMX).status_code == 400
    long = "x" * (CHAT_MAX_LENGTH + 1)
    response = alice_client.post(url, {"text": long}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 400
    assert f"Your message is {CHAT_MAX_LENGTH + 1} characters long; a message can be at most {CHAT_MAX_LENGTH}." in page
    assert f'value="{long}"' in page, "the refused message comes back to be shortened, not lost"
    assert not ChatMessage.objects.exists()


def test_the_chat_limit_is_told_and_nothing_cuts_a_message_silently(alice_client, match):
    page = alice_client.get(match.get_absolute_url()).content.decode()
    field = page[page.index('id="chat-text"') : page.index(">", page.index('id="chat-text"'))]
    assert "maxlength" not in field and f'data-max-length="{CHAT_MAX_LENGTH}"' in field
    assert f"Up to {CHAT_MAX_LENGTH} characters." in page


def test_only_players_post_or_read_the_chat(carol_client, client, match, alice):
    ChatMessage.objects.create(match=match, author=alice, text="secret plan")
    assert carol_client.post(reverse("chat_post", args=[match.pk]), {"text": "hello"}, **HTMX).status_code == 403
    assert ChatMessage.objects.count() == 1
    assert carol_client.get(reverse("chat_read", args=[match.pk]), **HTMX).status_code == 403
    assert "secret plan" not in carol_client.get(match.get_absolute_url()).content.decode()
    assert "secret plan" not in client.get(match.get_absolute_url()).content.decode()
    assert client.post(reverse("chat_post", args=[match.pk]), {"text": "x"}).status_code == 302  # log in first
    assert ChatMessage.objects.count() == 1


def test_hidden_message_shows_a_placeholder(alice, bob_client, match):
    ChatMessage.objects.create(match=match, author=alice, text="rude words", hidden=True)
    page = bob_client.get(match.get_absolute_url()).content.decode()
    assert "rude words" not in page and "hidden by a moderator" in page


# ---- notes --------------------------------------------------------------------------------------


def test_private_notes_are_seen_by_their_author_only(alice_client, bob_client, carol_client, match, alice):
    response = alice_client.post(reverse("note_save", args=[match.pk]), {"text": "push on the left <here>"}, **HTMX)
    assert response.status_code == 200 and "Saved." in response.content.decode()
    alice_client.post(reverse("note_save", args=[match.pk]), {"text": "push on the right"}, **HTMX)
    assert PrivateNote.objects.get(match=match, user=alice).text == "push on the right"
    assert "push on the right" in alice_client.get(match.get_absolute_url()).content.decode()
    assert "push on the" not in bob_client.get(match.get_absolute_url()).content.decode()
    assert carol_client.post(reverse("note_save", args=[match.pk]), {"text": "mine"}, **HTMX).status_code == 403
    assert PrivateNote.objects.count() == 1


# ---- draw offers ------------------------------------------------------------------------------


def test_draw_offer_accepted_ends_the_match(alice_client, bob_client, match):
    alice_client.post(reverse("offer_draw", args=[match.pk]))
    match.refresh_from_db()
    assert match.draw_offer_seat == 0
    assert "Your opponent offers a draw" in bob_client.get(match.get_absolute_url()).content.decode()
    # The offerer cannot accept their own offer.
    alice_client.post(reverse("accept_draw", args=[match.pk]))
    match.refresh_from_db()
    assert match.is_active
    bob_client.post(reverse("accept_draw", args=[match.pk]))
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, None, "agreement")


def test_draw_offer_declined(alice, bob, match):
    draws.offer_draw(match.pk, alice)
    decline_draw(match.pk, bob)
    match.refresh_from_db()
    assert match.draw_offer_seat is None and match.is_active
    with pytest.raises(Conflict):
        draws.accept_draw(match.pk, bob)


def test_offer_lapses_when_the_opponent_moves_not_when_the_offerer_moves(alice, bob, match):
    draws.offer_draw(match.pk, alice)  # alice (seat 0) is to move
    moves.submit_move(match.pk, alice, "d4", 0)
    match.refresh_from_db()
    assert match.draw_offer_seat == 0  # her own move leaves it standing
    moves.submit_move(match.pk, bob, "e5", 1)
    match.refresh_from_db()
    assert match.draw_offer_seat is None
    with pytest.raises(Conflict):
        draws.accept_draw(match.pk, bob)


def test_offering_when_the_opponent_already_offered_agrees(alice, bob, match):
    draws.offer_draw(match.pk, alice)
    draws.offer_draw(match.pk, bob)
    match.refresh_from_db()
    assert match.result_reason == "agreement"


def test_resigning_clears_a_standing_draw_offer(alice, bob, match):
    draws.offer_draw(match.pk, alice)
    endings.resign(match.pk, bob)  # bob resigns rather than answer alice's offer
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, 0, "resignation")
    assert match.draw_offer_seat is None
    with pytest.raises(Conflict):
        draws.accept_draw(match.pk, bob)


def test_strangers_cannot_offer_accept_or_decline(carol, carol_client, alice, match):
    draws.offer_draw(match.pk, alice)
    for name in ("offer_draw", "accept_draw", "decline_draw"):
        carol_client.post(reverse(name, args=[match.pk]))
    match.refresh_from_db()
    assert match.is_active and match.draw_offer_seat == 0
    with pytest.raises(Forbidden):
        draws.accept_draw(match.pk, carol)


# ---- resign -----------------------------------------------------------------------------------


def test_resign_needs_the_confirmation(alice_client, match):
    url = reverse("resign", args=[match.pk])
    page = alice_client.get(url)
    assert page.status_code == 200 and "Yes, resign this match" in page.content.decode()
    alice_client.post(url)  # no confirmation: nothing happens
    match.refresh_from_db()
    assert match.is_active
    alice_client.post(url, {"confirm": "yes"})
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, 1, "resignation")


def test_stranger_cannot_resign_even_with_confirmation(carol_client, match):
    assert carol_client.get(reverse("resign", args=[match.pk])).status_code == 403
    carol_client.post(reverse("resign", args=[match.pk]), {"confirm": "yes"})
    match.refresh_from_db()
    assert match.is_active


# ---- rematch and ratings beside names ---------------------------------------------------------


def test_rematch_swaps_seats_and_keeps_options(alice_client, bob_client, alice, bob):
    finished = MatchFactory(player0=alice, player1=bob, options={"board": "hex"}, rated=False)
    endings.resign(finished.pk, bob)
    page = alice_client.get(finished.get_absolute_url()).content.decode()
    assert "Rematch" in page
    alice_client.post(reverse("rematch", args=[finished.pk]))
    challenge = Challenge.objects.get()
    assert (challenge.creator, challenge.opponent, challenge.creator_seat) == (alice, bob, 1)
    assert challenge.options == {"board": "hex"} and challenge.rated is False
    bob_client.post(reverse("accept_challenge", args=[challenge.pk]))
    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert (rematch.player0, rematch.player1) == (bob, alice)


def test_rematch_refused_while_active_and_for_strangers(alice_client, carol_client, match):
    alice_client.post(reverse("rematch", args=[match.pk]))
    carol_client.post(reverse("rematch", args=[match.pk]))
    assert not Challenge.objects.exists()


def test_rematch_against_a_bot_starts_at_once(alice_client, alice, bot):
    finished = MatchFactory(player0=alice, player1=bot)
    endings.resign(finished.pk, alice)
    response = alice_client.post(reverse("rematch", args=[finished.pk]))
    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert response.url == rematch.get_absolute_url() and rematch.player0 == bot


def test_ratings_and_changes_beside_the_names(alice_client, alice, bob, match):
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert page.count("1500?") == 2
    endings.resign(match.pk, bob)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert '<span class="change">+' in page and '<span class="change">-' in page
