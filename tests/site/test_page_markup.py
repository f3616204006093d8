"""Markup that assistive technology and search engines rely on: valid times, described fields, landmarks."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.registry import all_games
from tests.factories import PASSWORD
from tests.support.games import played_match

pytestmark = pytest.mark.django_db

# An HTML "global date and time string" as the site writes it: no fraction of a second.
VALID_DATETIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}")


def test_times_on_the_match_page_and_lobby_carry_valid_datetimes(client, alice, bob):
    match = played_match("parity", alice, bob)
    client.login(username="alice", password=PASSWORD)
    values = []
    for url in (match.get_absolute_url(), reverse("lobby")):
        values += re.findall(r'<time datetime="([^"]*)"', client.get(url).content.decode())
    assert values, "the deadline is shown"
    assert [v for v in values if not VALID_DATETIME.fullmatch(v)] == []


def test_the_password_rules_are_the_password_fields_description(client):
    page = client.get(reverse("account_signup")).content.decode()
    assert 'aria-describedby="id_password1_helptext"' in page
    rules = re.search(r'<div class="helptext" id="id_password1_helptext">(.*?)</div>', page, re.S)
    assert rules and "<ul>" in rules.group(1) and "at least 8 characters" in rules.group(1)
    assert '<span class="helptext"' not in page


def test_every_page_has_a_description_a_skip_link_and_a_lasting_live_region(client, alice):
    client.login(username="alice", password=PASSWORD)
    for url in (reverse("lobby"), reverse("rules", args=["abande"]), reverse("player_settings")):
        page = client.get(url).content.decode()
        assert re.search(r'<meta name="description" content="[^"]{40,}">', page), url
        assert '<a class="skip-link" href="#main">' in page and '<main id="main"' in page, url
        assert '<p id="announcer" class="visually-hidden" role="status" aria-live="polite"></p>' in page, url


@pytest.mark.parametrize("slug", list(all_games()))
def test_the_match_page_explains_what_the_boards_marks_mean(client, alice, bob, slug):
    match = played_match(slug, alice, bob)
    client.login(username="alice", password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    key = match.rules.board_key
    assert len(key) >= 3
    assert "Key to the board" in page and [line for line in key if escape(line) not in page] == []
