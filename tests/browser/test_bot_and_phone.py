"""A person plays a bot from the lobby; every main page fits a phone's width."""

import random

import pytest

from daymove.play.models import Match
from daymove.round import moves as move_service
from games.registry import all_games
from tests.factories import PASSWORD, MatchFactory, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE_WIDTH = 375


def test_a_player_plays_a_whole_game_against_a_bot(open_tab):
    bot = UserFactory(username="bot-beginner")
    bot.player.is_bot, bot.player.bot_level = True, "beginner"
    bot.player.save()
    UserFactory(username="dora")
    tab = open_tab()
    tab.log_in("dora", PASSWORD)
    page = tab.go("/")
    page.click(f'a[href="/challenges/new/abrana/?opponent={bot.username}"]')
    page.select_option("select[name=seat]", "0")
    page.click("form.stack button[type=submit]")
    match = Match.objects.get()
    assert page.url.endswith(match.get_absolute_url())
    rng = random.Random(5)
    while True:
        match.refresh_from_db()
        if not match.is_active:
            break
        assert match.to_move == 0, "the bot answers within the request that handed it the turn"
        text = rng.choice(match.rules.legal_move_strings(match.position()))
        tab.go(match.get_absolute_url())
        for token in match.rules.move_tokens(text):
            # Each click redraws the play area: wait for it, or the next click may land on the old one.
            play = page.locator("#play").element_handle()
            page.locator(f'[data-token="{token}"]').first.click()
            page.wait_for_function("el => !el.isConnected", arg=play)
        with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/")):
            page.locator("button.confirm-move").click()
    tab.go(match.get_absolute_url())
    assert match.result_text() in page.inner_text(".status")
    assert match.moves.filter(seat=1).exists()
    tab.screenshot("abrana-against-a-bot")
    assert tab.console_errors == []


def _match_with_moves(slug, alice, bob, count=6):
    rules = all_games()[slug]
    match = MatchFactory(game=slug, player0=alice, player1=bob)
    rng = random.Random(2)
    for _ in range(count):
        if not match.is_active:
            break
        text = rng.choice(rules.legal_move_strings(match.position()))
        match = move_service.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return match


def test_pages_fit_a_phone(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    tab = open_tab(width=PHONE_WIDTH)
    tab.log_in("alice", PASSWORD)
    paths = ["/", "/accounts/login/", "/settings/", f"/players/{alice.username}/"]
    for slug in all_games():
        match = _match_with_moves(slug, alice, bob)
        paths += [match.get_absolute_url(), f"/games/{slug}/rules/", f"/challenges/new/{slug}/"]
    for path in paths:
        response = tab.page.goto(tab.base_url + path)
        assert response.status == 200, path  # an error page would fit a phone too
        assert tab.page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH + 1, path
    for slug in all_games():
        tab.go(Match.objects.filter(game=slug).first().get_absolute_url())
        tab.screenshot(f"{slug}-phone")
    assert tab.console_errors == []
