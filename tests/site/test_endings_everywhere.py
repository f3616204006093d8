"""A finished match, however it ended, never says "to move": board, status line, title and email tell how it ended.

Every ending kind is tried in every registered game: a resignation, an agreed draw, a timeout, an abort on time, a
moderator's abort and decision, and the rules' own end.
"""

from __future__ import annotations

import html
import re

import pytest
from django.core import mail
from django.test import Client

from daymove.play import lookups
from daymove.round import draws, endings, moves
from daymove.round.timeouts import apply_timeout
from games.registry import all_games
from tests.factories import UserFactory
from tests.support.clocks import play_one, start


def _resign(match, alice, bob):
    play_one(play_one(match))
    endings.resign(match.pk, alice)


def _agree(match, alice, bob):
    play_one(match)
    draws.offer_draw(match.pk, alice)
    draws.accept_draw(match.pk, bob)


def _timeout(match, alice, bob):
    match = play_one(play_one(match))
    apply_timeout(match.pk, match.ply, match.to_move)


def _abort_on_time(match, alice, bob):
    apply_timeout(match.pk, 0, match.to_move)


def _admin_abort(match, alice, bob):
    endings.abort(lookups.get_match(match.pk))


def _admin_declares(match, alice, bob):
    endings.declare_result(lookups.get_match(match.pk), 1, "bob was stalling")


def _rules_end(match, alice, bob):
    for text in match.rules.sample_game(match.options, tries=30):
        match = lookups.get_match(match.pk)
        moves.submit_move(match.pk, match.players[match.to_move], text, match.ply)


ENDINGS = {
    "resignation": _resign,
    "agreement": _agree,
    "timeout": _timeout,
    "aborted": _abort_on_time,
    "aborted-by-admin": _admin_abort,
    "declared-by-admin": _admin_declares,
    "rules": _rules_end,
}
CASES = [
    pytest.param(game.slug, kind, id=f"{game.slug}-{kind}")
    for game in all_games().values()
    for kind in ENDINGS
    if kind != "agreement" or game.draws_by_agreement
]


def _text(page: str) -> str:
    """A page's words and attribute values (aria labels, titles), entities decoded."""
    return html.unescape(page)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug,kind", CASES)
def test_a_finished_match_tells_how_it_ended_and_never_who_is_to_move(slug, kind, django_capture_on_commit_callbacks):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    with django_capture_on_commit_callbacks(execute=True):
        match = start(alice, bob, game=slug)
        ENDINGS[kind](match, alice, bob)
    match = lookups.get_match(match.pk)
    assert not match.is_active
    if kind != "rules":
        assert match.result_reason == kind
    result = match.result_text()
    assert result and "{" not in result and not re.search("to move", result, re.I)

    for viewer in (alice, bob, UserFactory(username="carol"), None):
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        page = _text(client.get(match.get_absolute_url()).content.decode())
        assert not re.search("to move", page, re.I), (viewer, kind)
        assert "Your turn." not in page
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert result in title
        assert result in re.search(r'<p class="status"[^>]*>(.*?)</p>', page, re.S).group(1)

    over = [m for m in mail.outbox if m.subject.startswith(("You won", "You lost", "Match over"))]
    assert {m.to[0] for m in over} == {alice.email, bob.email}
    for email in over:
        assert result in email.body and not re.search("to move", email.body, re.I)
