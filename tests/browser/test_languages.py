"""In a real browser: a Polish browser sees Polish from the first page, the footer switches language by keyboard, and
the Polish pages keep axe-core's serious and critical checks clean with <html lang> following the language."""

import pytest
from playwright.sync_api import expect

from daymove.players.models import Player
from games.registry import all_games
from tests.factories import PASSWORD, UserFactory
from tests.support.axe import serious_violations
from tests.support.browser import Tab
from tests.support.catalogues import compile_catalogues
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

compile_catalogues()


def test_a_polish_browser_reads_polish_and_switches_to_english_by_keyboard(browser, live_server):
    context = browser.new_context(locale="pl-PL", viewport={"width": 375, "height": 800})
    tab = Tab(browser, live_server.url, context=context)
    try:
        page = tab.go("/")
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.locator("h1")).to_have_text("Poczekalnia")
        assert serious_violations(page) == []
        english = page.locator('footer button[value="en"]')
        expect(english).to_have_text("English")
        english.focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("h1")).to_have_text("Lobby")
        expect(page.locator('footer button[value="pl"]')).to_have_text("Polski")
        assert tab.console_errors == []
    finally:
        context.close()


def test_a_player_who_chose_polish_plays_in_polish(browser, live_server):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    Player.objects.filter(user=alice).update(language="pl")
    match = played_match(next(iter(all_games())), alice, bob)
    context = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 900})
    tab = Tab(browser, live_server.url, context=context)
    try:
        tab.log_in("alice", PASSWORD)
        page = tab.go(match.get_absolute_url())
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.locator("#match-actions, .history h2").first).to_be_visible()
        expect(page.locator(".history h2")).to_have_text("Ruchy")
        assert serious_violations(page) == []
        assert tab.console_errors == []
    finally:
        context.close()
