"""A match against a bot says the bot answers within seconds with no deadline, not only a person's time control."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from daymove.round.challenges import create_challenge
from tests.support.clocks import start

pytestmark = pytest.mark.django_db


def clock_text(user, match) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    page = client.get(match.get_absolute_url()).content.decode()
    start = page.index('<div class="clock">')
    return html.unescape(page[start : page.index("</div>", start)])


def test_a_bot_game_says_the_bot_has_no_deadline_and_whose_time_control_it_is(alice, bot, carol):
    match = create_challenge(alice, "abande", {}, bot.username, rated=False).match
    for viewer, whose in ((alice, "Your"), (carol, "alice’s"), (None, "alice’s")):
        text = clock_text(viewer, match)
        assert "bot-casual is a bot: it answers within seconds, with no deadline." in text
        assert f"{whose} time control: 3 days per move." in text
        assert "bot-casual’s time control" not in text


def test_a_game_between_people_shows_its_time_control(alice, bob):
    match = start(alice, bob)
    text = clock_text(alice, match)
    assert "Time control: 3 days per move" in text and "bot" not in text
