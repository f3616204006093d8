"""Every game's words on the match page and in the turn email are translated: the board's labels and texts, the
position in words, the buttons, the seat names and the result, rendered in the pseudo-language for each game.

tests/site/test_pseudo_language.py reads the match page of one game; the board and the position in words are each
game's own, so here every registered game is read: a match in play (for the mover, the one waiting and a visitor),
one the rules ended, one ended by a resignation, and the turn email with its picture's words.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client

from daymove.players.models import Player
from daymove.round import endings
from games.registry import all_games
from tests.support.catalogues import compile_catalogues
from tests.support.clocks import T0, play_one, start
from tests.support.games import played_match
from tests.support.pseudo import pseudo_language, untranslated
from tests.support.turn_emails import past_the_grace

compile_catalogues()

GAMES = sorted(all_games())
NAMES = ["alice", "bob"]


def _english_on(match, viewer, language: str) -> list[str]:
    """The English words on the match page as `viewer` sees it; its notation ("pass") is never translated."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if viewer is not None:
        client.force_login(viewer)
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return untranslated(response.content.decode(), [*NAMES, *match.notations()])


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_match_page_of_every_game_is_translated(slug, alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        playing = played_match(slug, alice, bob, plies=6)
        ended = played_match(slug, alice, bob, plies=10_000)  # to the end the rules give: the scores and reason
        resigned = endings.resign(played_match(slug, alice, bob, plies=3).pk, alice)
    assert not ended.is_active
    pages = [
        ("to move", playing, alice),
        ("waiting", playing, bob),
        ("watching", playing, None),
        ("ended by the rules", ended, alice),
        ("ended by the rules, watching", ended, None),
        ("resigned", resigned, bob),
    ]
    with pseudo_language() as language:
        left = {name: _english_on(match, viewer, language) for name, match, viewer in pages}
    assert not any(left.values()), f"English on {slug}'s match page: {left}"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_turn_email_of_every_game_is_translated(slug, alice, bob, django_capture_on_commit_callbacks):
    """bob moves against alice, who reads the pseudo-language: her turn email's board lines and picture are hers."""
    with pseudo_language() as language, django_capture_on_commit_callbacks(execute=True):
        Player.objects.filter(user=alice).update(language=language)
        with time_machine.travel(T0, tick=False) as traveller:
            match = start(bob, alice, game=slug)
            if match.players[match.to_move] == alice:  # a game whose second seat moves first
                match = play_one(match)
            traveller.shift(timedelta(hours=1))
            play_one(match)
            mail.outbox.clear()
            past_the_grace()
        sent = [message for message in mail.outbox if message.to == [alice.email]]
    assert sent, "no turn email was sent"
    for message in sent:
        html = message.alternatives[0][0] if message.alternatives else ""
        assert "⟦" in message.body  # the board's lines are said (the position in words)
        assert not untranslated(message.subject, NAMES, html=False), message.subject
        assert not untranslated(message.body, NAMES, html=False), message.body
        assert not untranslated(html, NAMES), html
