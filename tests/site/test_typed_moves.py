"""A typed move is read in any case, the same way on the match page and in an email reply: both go through the move
service, which reads it with the game's own notation (one normalisation), and store it in canonical notation."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.inbound.addresses import reply_address
from daymove.inbound.replies import receive
from daymove.play import lookups
from games.registry import all_games
from tests.support.games import played_match

GAMES = [pytest.param(slug, id=slug) for slug in all_games()]


def _shouted(match) -> tuple[str, str]:
    """A legal move of the player to move (one with the most letters), and it with every letter's case swapped."""
    legal = match.rules.legal_move_strings(match.position())
    move = max(legal, key=lambda text: (sum(c.isalpha() for c in text), text))
    return move, move.swapcase()


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("plies", [0, 5])
def test_a_move_typed_on_the_page_in_another_case_is_played(slug, plies, alice, bob):
    match = played_match(slug, alice, bob, plies=plies)
    move, typed = _shouted(match)
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("play_move", args=[match.pk]), {"move": typed, "ply": match.ply})
    assert response.status_code in (200, 302), response.content.decode()[:500]
    assert lookups.get_match(match.pk).moves.get(ply=match.ply).notation == move


def _reply(match, user, line: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = user.email
    message["To"] = reply_address(match.pk, match.ply, user.pk)
    message["Subject"] = f"Re: Your turn in match #{match.pk}"
    message["Message-ID"] = make_msgid(domain="client.example")
    message.set_content(f"{line}\n\nOn Tue, 24 Nov 2026, Daymove wrote:\n> Your turn.\n")
    return message


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_a_move_replied_by_email_in_another_case_is_played(slug, alice, bob, django_capture_on_commit_callbacks):
    match = played_match(slug, alice, bob, plies=5)
    move, typed = _shouted(match)
    message = _reply(match, alice, typed)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(message, bytes(message)) == "reply"
    assert lookups.get_match(match.pk).moves.get(ply=match.ply).notation == move
    [answer] = [m for m in mail.outbox if m.to == [alice.email] and m.subject.startswith("Re:")]
    assert f"You played {move}." in answer.body
