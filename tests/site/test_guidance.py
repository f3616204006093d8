"""Guidance where you play: the phase's prompt above the board and in the turn email, the words after each click
(the move to play once it is whole), and errors said once with what to do."""

from __future__ import annotations

import html
import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.play import lookups
from games.registry import all_games
from games.ui import select
from tests.support.clocks import play_one, start
from tests.support.games import played_match

GAMES = [pytest.param(slug, id=slug) for slug in all_games()]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _status(page: str) -> str:
    return html.unescape(re.search(r'<p class="status"[^>]*>(.*?)</p>', page, re.S).group(1))


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_player_to_move_reads_the_phase_prompt_above_the_board(slug, alice, bob):
    match = start(alice, bob, game=slug)
    rules = match.rules
    mover, waiter = match.players[match.to_move], match.players[1 - match.to_move]
    view = rules.player_view(match.position(), match.to_move)
    page = _client(mover).get(match.get_absolute_url()).content.decode()
    status = _status(page)
    assert "Your turn." in status and rules.prompt(view) in status
    assert page.index('class="status"') < page.index('class="board-wrap"')
    assert rules.prompt(view) not in _status(_client(waiter).get(match.get_absolute_url()).content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_after_the_first_click_the_prompt_says_what_it_chose_and_how_to_undo_it(slug, alice, bob):
    match = start(alice, bob, game=slug)
    for _ in range(4):  # a few moves in, where most games' moves take two clicks
        match = play_one(match)
    rules = match.rules
    two_click = [rules.move_tokens(m) for m in rules.legal_move_strings(match.position())]
    tokens = next((t for t in two_click if len(t) > 1), None)
    if tokens is None:
        pytest.skip("no two-click move in this position")
    mover = match.players[match.to_move]
    page = _client(mover).get(match.get_absolute_url(), {"s": tokens[0]}).content.decode()
    status = _status(page)
    selection = select(rules, rules.legal_move_strings(match.position()), [tokens[0]])
    assert rules.next_step(rules.player_view(match.position(), match.to_move), selection) in status
    assert "Start over" in status and ">Start over</a>" in page


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_once_every_click_of_a_move_is_made_the_prompt_names_the_move_the_play_button_plays(slug, alice, bob):
    match = played_match(slug, alice, bob, plies=5)
    legal = match.rules.legal_move_strings(match.position())
    move = max(legal, key=lambda text: len(match.rules.move_tokens(text)))  # C#I: a push, its last click optional
    page = _client(alice).get(match.get_absolute_url(), {"s": match.rules.move_tokens(move)}).content.decode()
    status = _status(page)
    assert f"“Play {move}” to play it" in status and f">Play {html.escape(move)}</button>" in page
    assert "click" not in status.lower()


@pytest.mark.django_db
def test_abranas_reserved_squares_are_clicked_in_either_order(alice, bob):
    match = start(alice, bob, seat=1, game="abrana")  # alice plays Green (seat 1), who reserves first
    url = match.get_absolute_url()
    first = _client(alice).get(url, {"s": "f6"}).content.decode()
    assert "You reserved f6: click the second border square." in _status(first)
    assert "?s=f6&amp;s=b6" in first  # b6, before f6 in notation order, is on offer
    second = _client(alice).get(url, {"s": ["f6", "b6"]}).content.decode()
    assert "You chose to reserve f6 and b6: press “Play b6+f6” to play it." in _status(second)
    assert ">Play b6+f6</button>" in second
    _client(alice).post(reverse("play_move", args=[match.pk]), {"move": "b6+f6", "ply": 0})
    assert lookups.get_match(match.pk).moves.get(ply=0).notation == "b6+f6"


@pytest.mark.django_db
def test_a_click_that_makes_a_whole_move_says_so_and_offers_to_play_it(alice, bob):
    match = start(alice, bob, game="abande")  # the first stone: one click on any point is the whole move
    page = _client(match.players[match.to_move]).get(match.get_absolute_url(), {"s": "a1"}).content.decode()
    status = _status(page)
    assert "place a stone on a1" in status and "stack" not in status
    assert ">Play a1</button>" in page


@pytest.mark.django_db
def test_the_turn_email_says_what_to_do(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = start(alice, bob, seat=1, game="abrana")  # alice plays Green (seat 1), who reserves first
    match = lookups.get_match(match.pk)
    rules = match.rules
    prompt = rules.prompt(rules.player_view(match.position(), match.to_move))
    [email] = [
        m for m in mail.outbox if m.subject.startswith("Your turn") and m.to == [match.players[match.to_move].email]
    ]
    assert "Reserve two border squares" in prompt and prompt in email.body
    assert html.escape(prompt) in email.alternatives[0][0]


@pytest.mark.django_db
def test_a_move_that_is_not_a_move_is_said_once_with_what_to_write(alice, bob):
    match = start(alice, bob, game="abande")
    response = _client(alice).post(reverse("play_move", args=[match.pk]), {"move": "zz9", "ply": 0})
    text = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert text.count("is not a move") == 1
    assert "'zz9' is not a move: write a point (d4), a stack move (d2-c2) or pass." in text


@pytest.mark.django_db
def test_an_illegal_move_is_said_once_with_what_to_do(alice, bob):
    match = play_one(start(alice, bob, game="abande"))
    response = _client(bob).post(reverse("play_move", args=[match.pk]), {"move": "a1-a2", "ply": 1})
    text = html.unescape(response.content.decode())
    assert text.count("is not a legal move") == 1 and "not legal here" not in text
    assert "a1-a2 is not a legal move in this position: the match page shows the moves you can make." in text
