"""Cached boards never show an old or someone else's picture: after every kind of change, each viewer's page is
byte for byte what a fresh render without the cache gives (CSRF tokens and the drawing time aside)."""

from __future__ import annotations

import random

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from daymove.play import board_cache
from daymove.play.board_cache import CACHE
from daymove.play.draws import decline_draw
from daymove.play.models import Match
from daymove.round import draws, endings, moves
from games.registry import all_games, get_game
from tests.factories import MatchFactory
from tests.support.leaks import OtherWorld, normalised

HTMX = {"HTTP_HX_REQUEST": "true"}


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def viewers(alice, bob, carol):
    """The two players, a spectator and an anonymous visitor."""
    return {"alice": _client(alice), "bob": _client(bob), "carol": _client(carol), "anonymous": _client(None)}


def _urls(match: Match) -> list[tuple[str, dict]]:
    """The page, its live play area, a replay of the first position and a page with a click made."""
    url = match.get_absolute_url()
    token = match.rules.move_tokens(match.rules.legal_move_strings(match.position())[0])[0]
    return [(url, {}), (f"{url}live/play/", HTMX), (f"{url}?at=0", {}), (f"{url}?s={token}", {})]


def _pages(viewers: dict, match: Match, *, fresh: bool = False) -> dict:
    """Every viewer's pages as served now, or (`fresh`) each drawn with an empty board cache."""
    pages = {}
    for name, client in viewers.items():
        for url, headers in _urls(match):
            if fresh:
                caches[CACHE].clear()
            pages[(name, url)] = normalised(client.get(url, **headers))
    return pages


def _assert_fresh(viewers: dict, match: Match) -> dict:
    """Each page as served equals a render with an empty board cache; the pages."""
    served = _pages(viewers, match)
    fresh = _pages(viewers, match, fresh=True)
    stale = [key for key in served if served[key] != fresh[key]]
    assert not stale, f"cached pages differ from fresh renders: {stale}"
    return served


def _reload(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_a_second_view_of_a_position_draws_no_board(monkeypatch, viewers, match):
    drawn = []
    original = match.rules.render_board
    monkeypatch.setattr(match.rules, "render_board", lambda view, ui: drawn.append(1) or original(view, ui))
    url = match.get_absolute_url()
    first = normalised(viewers["alice"].get(url))
    assert len(drawn) == 1
    assert normalised(viewers["alice"].get(url)) == first
    assert len(drawn) == 1, "the second request drew the board again"
    viewers["bob"].get(url)
    assert len(drawn) == 2, "another viewer's view must be drawn for them"


@pytest.mark.django_db
def test_a_drawn_board_saves_reading_the_moves(viewers, match, alice, bob):
    for text in ("a1", "b2", "c3"):
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert viewers["alice"].get(match.get_absolute_url()).status_code == 200
        counts.append(len(queries))
        assert any('"play_move"' in q["sql"] for q in queries) == (len(counts) == 1)
    assert counts[1] == counts[0] - 1


@pytest.mark.django_db
def test_after_moves_every_viewer_gets_a_fresh_page(viewers, match, alice, bob):
    before = _assert_fresh(viewers, match)
    for text in ("a1", "b2"):
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
        after = _assert_fresh(viewers, match)
        assert after[("alice", match.get_absolute_url())] != before[("alice", match.get_absolute_url())]
        before = after


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(all_games()))
def test_after_an_ending_every_viewer_gets_a_fresh_page(viewers, alice, bob, slug):
    match = MatchFactory(game=slug, player0=alice, player1=bob)
    first = match.rules.legal_move_strings(match.position())[0]
    match = moves.submit_move(match.pk, match.players[match.to_move], first, 0).match
    before = _assert_fresh(viewers, match)
    endings.resign(match.pk, alice)
    match = _reload(match)
    assert match.status == Match.Status.FINISHED
    after = _assert_fresh(viewers, match)
    assert after[("carol", match.get_absolute_url())] != before[("carol", match.get_absolute_url())]


@pytest.mark.django_db
def test_after_a_draw_offer_and_its_answer_every_viewer_gets_a_fresh_page(viewers, match, alice, bob):
    _assert_fresh(viewers, match)
    draws.offer_draw(match.pk, alice)
    offered = _assert_fresh(viewers, _reload(match))
    assert b"Accept the draw" in offered[("bob", match.get_absolute_url())]
    decline_draw(match.pk, bob)
    _assert_fresh(viewers, _reload(match))
    draws.offer_draw(match.pk, bob)
    draws.accept_draw(match.pk, alice)
    match = _reload(match)
    assert match.status == Match.Status.FINISHED
    _assert_fresh(viewers, match)


@pytest.mark.django_db
def test_each_viewer_gets_their_own_view_of_one_position(viewers, match):
    url = match.get_absolute_url()
    alice_page = normalised(viewers["alice"].get(url))  # cached first, from alice's side
    pages = _assert_fresh(viewers, match)
    assert pages[("alice", url)] == alice_page
    assert pages[("bob", url)] != alice_page  # bob sees the board from his side, with his own clicks
    assert pages[("carol", url)] != alice_page


@pytest.mark.django_db
def test_hidden_tiles_stay_per_view_and_never_come_from_another_world(viewers, alice, bob):
    game = get_game("ci-sequence")
    match = MatchFactory(game=game.slug, player0=alice, player1=bob)
    for text in ("Bm@b2", "Os@c3", "Bd@a1", "Od@b3"):
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
        pages = _assert_fresh(viewers, match)
        url = match.get_absolute_url()
        assert pages[("alice", url)] != pages[("bob", url)] != pages[("carol", url)]
    rng = random.Random(3)
    for name, seat in (("alice", 0), ("bob", 1), ("carol", None)):
        world = OtherWorld(game, match, match.notations(), seat, rng)
        assert world, "C#I Sequence has hidden tiles to shuffle"
        warm = _pages(viewers, match)  # the real world's pictures, cached
        with world:
            other = _assert_fresh(viewers, _reload(match))
        assert any(warm[key] != other[key] for key in warm), "the other world should look different to someone"
        assert all(warm[key] == other[key] for key in warm if key[0] == name), f"{name} could tell the worlds apart"


def test_a_release_that_changes_how_boards_or_the_move_list_are_drawn_gets_new_keys():
    names = {path.name for path in board_cache.drawing_sources()}
    assert {"history.html", "match_board.py", "render.py"} <= names  # the move list, the page's board, its drawing
