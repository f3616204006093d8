"""Each live part of the match page, and the play area a move answers with, is exactly what the whole page shows in
its place: a part computes only what it shows (issue 31), never less, never more, for every viewer and game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daymove.plans import conditional
from daymove.play.draws import can_offer_draw, decline_draw
from daymove.play.models import Match
from daymove.round import draws, endings
from games.registry import all_games
from tests.support.clocks import legal_after, play_one, start
from tests.support.games import played_match
from tests.support.leaks import normalised

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PARTS = ("head", "play", "actions", "clock", "next_game")


def _viewers(alice, bob, carol) -> dict[str, Client]:
    viewers = {"alice": Client(), "bob": Client(), "carol": Client(), "visitor": Client()}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol)):
        viewers[name].force_login(user)
    return viewers


def _body(response) -> str:
    assert response.status_code == 200
    return normalised(response).decode().split("\n", 1)[1].strip()  # CSRF tokens blanked, the status line dropped


def _assert_parts_as_on_the_page(viewers: dict, match: Match) -> None:
    for name, client in viewers.items():
        page = _body(client.get(match.get_absolute_url()))
        for part in PARTS:  # asked without a version: always answered
            shown = _body(client.get(reverse("match_part", args=[match.pk, part]), **HTMX))
            assert shown in page, (name, part)
        if name in ("alice", "bob"):
            assert 'id="match-head"' in page and 'id="match-actions"' in page, name


@pytest.mark.parametrize("slug", list(all_games()))
def test_every_part_shows_what_the_page_shows_on_over_and_with_draw_offers(slug, alice, bob, carol):
    viewers = _viewers(alice, bob, carol)
    match = played_match(slug, alice, bob)
    played_match(slug, bob, alice)  # bob's turn there: his next game, shown while he waits here
    _assert_parts_as_on_the_page(viewers, match)
    if can_offer_draw(match):
        match = draws.offer_draw(match.pk, alice)
        _assert_parts_as_on_the_page(viewers, match)
        match = decline_draw(match.pk, bob)  # alice's news: bob declined
        _assert_parts_as_on_the_page(viewers, match)
    match = endings.resign(match.pk, alice)
    _assert_parts_as_on_the_page(viewers, match)


@pytest.mark.parametrize("slug", list(all_games()))
def test_the_play_area_a_move_answers_with_is_the_one_the_page_shows_next(slug, alice, bob, carol):
    viewers = _viewers(alice, bob, carol)
    match = played_match(slug, alice, bob)
    text = match.rules.legal_move_strings(match.position())[0]
    answer = viewers["alice"].post(reverse("play_move", args=[match.pk]), {"move": text, "ply": match.ply}, **HTMX)
    assert _body(answer) in _body(viewers["alice"].get(match.get_absolute_url()))


def test_the_play_area_a_move_answers_with_shows_the_planned_reply_that_answered_it(alice, bob):
    match = play_one(start(alice, bob))  # bob to move
    expected = legal_after(match)[0]
    conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
    client = Client()
    client.force_login(bob)
    answer = client.post(reverse("play_move", args=[match.pk]), {"move": expected, "ply": match.ply}, **HTMX)
    assert Match.objects.get(pk=match.pk).ply == match.ply + 2  # bob's move and alice's reply
    assert _body(answer) in _body(client.get(match.get_absolute_url()))  # bob to move again, as his page says
