"""C#I Sequence through the site: two accounts play a whole game by clicking, and the end reveals everything.

The leak checks that every hidden-information game passes are in test_hidden_information_leaks.py.
"""

from __future__ import annotations

import html
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.play.models import Match
from games.registry import get_game
from tests.factories import MatchFactory
from tests.support.leaks import history_entries, replay

GAME = get_game("ci-sequence")
_CHOICE_LINK = re.compile(r'href="([^"]*\?s=[^"]+)"')


def _click_path(rng, client, url) -> tuple[str, dict]:
    """Click highlighted points until the page offers the confirm form; its action and fields."""
    page = client.get(url).content.decode()
    for _ in range(6):
        confirm = re.search(r'<form method="post" action="([^"]+)"[^>]*class="confirm">(.*?)</form>', page, re.S)
        if confirm:
            fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', confirm.group(2)))
            return confirm.group(1), fields
        links = [html.unescape(link) for link in _CHOICE_LINK.findall(page)]
        placing = [link for link in links if re.search(r"\?s=[BO][dms]", link)]
        link = rng.choice(placing if placing and rng.random() < 0.8 else links)
        page = client.get(link).content.decode()
    raise AssertionError("no confirm form after six clicks")


@pytest.mark.django_db
def test_two_accounts_play_a_whole_game_by_clicking(alice, bob, carol):
    rng = random.Random(11)
    match = MatchFactory(game=GAME.slug, player0=alice, player1=bob)
    clients = []
    for user in (alice, bob):
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        clients.append(client)
    url = match.get_absolute_url()
    while match.is_active:
        action, fields = _click_path(rng, clients[match.to_move], url)
        response = clients[match.to_move].post(action, fields)
        assert response.status_code == 302
        match.refresh_from_db()
        assert match.ply < 200
    assert match.status == Match.Status.FINISHED and match.result_reason in {"score", "four-in-a-row"}
    notations = match.notations()
    moon, sun = GAME.outcome(replay(GAME, notations, {})[-1]).scores
    assert list(match.scores) == [moon, sun]
    spectator = Client()
    spectator.force_login(carol)
    for client in (*clients, spectator, Client()):
        page = client.get(url).content.decode()
        assert f"Moon {moon} – Sun {sun}" in page
        assert ">?</text>" not in page and "?@" not in page  # every tile and every move revealed
        assert [entry for _, entry in history_entries(page)] == notations
        assert page.count('class="opt"') == 0  # nothing to click any more
        assert '"historyCacheSize": 0' in page  # htmx keeps no copy of private pages for the back button


@pytest.mark.django_db
def test_resigning_reveals_everything(alice, bob, carol):
    match = MatchFactory(game=GAME.slug, player0=alice, player1=bob)
    alice_client, bob_client, carol_client = Client(), Client(), Client()
    for client, user in ((alice_client, alice), (bob_client, bob), (carol_client, carol)):
        client.force_login(user)
    notations = ["Bm@b2", "Os@c3", "Bd@a1", "Od@b3"]
    for ply, text in enumerate(notations):
        (alice_client, bob_client)[ply % 2].post(reverse("play_move", args=[match.pk]), {"move": text, "ply": ply})
    url = match.get_absolute_url()
    assert "Bm@b2" not in carol_client.get(url).content.decode()
    bob_client.post(reverse("resign", args=[match.pk]), {"confirm": "yes"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for client in (alice_client, bob_client, carol_client, Client()):
        for query in ({}, {"at": 2}):
            page = client.get(url, query).content.decode()
            assert [entry for _, entry in history_entries(page)] == notations
            assert ">?</text>" not in page and "?@" not in page
        assert "blue moon" in page  # the describe list names the symbols at ply 2
