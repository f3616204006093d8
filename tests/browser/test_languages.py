"""In a real browser: a Polish browser sees Polish from the first page, the footer switches language by keyboard, a
Polish newcomer signs up, plays a bot in every game and reads every rules page in Polish, and the Polish pages keep
axe-core's serious and critical checks clean with <html lang> following the language."""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from daymove.play.models import Match
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


def test_a_polish_newcomer_signs_up_plays_a_bot_in_every_game_and_reads_every_rules_page(browser, live_server):
    """Issue 30's walk in Polish: every page on the way says lang="pl", keeps axe-core clean, and speaks Polish."""
    bot = UserFactory(username="bot-beginner")
    bot.player.is_bot, bot.player.bot_level = True, "beginner"
    bot.player.save()
    with translation.override("pl"):
        doubt_note = gettext("A translation: in case of doubt, the English rules decide.")
    assert doubt_note != "A translation: in case of doubt, the English rules decide."
    context = browser.new_context(locale="pl-PL", viewport={"width": 1100, "height": 900})
    tab = Tab(browser, live_server.url, context=context)
    try:
        welcome = tab.sign_up("ewa", "a-long-browser-password")
        assert "Potwierdź swój adres e-mail" in welcome.subject, welcome.subject
        for slug, game in all_games().items():
            page = tab.go(f"/challenges/new/{slug}/?opponent={bot.username}")
            _polish_and_clean(page)
            page.select_option("select[name=seat]", "0")
            page.click("form.stack button[type=submit]")
            match = Match.objects.filter(game=slug).get()
            page.wait_for_url(f"**{match.get_absolute_url()}")
            text = match.rules.legal_move_strings(match.position())[0]
            for token in match.rules.move_tokens(text):
                play = page.locator("#play").element_handle()
                page.locator(f'[data-token="{token}"]').first.click()
                page.wait_for_function("el => !el.isConnected", arg=play)
            with page.expect_response(lambda r, m=match: r.url.endswith(f"/m/{m.pk}/move/")):
                page.locator("button.confirm-move").click()
            match.refresh_from_db()
            assert match.moves.filter(seat=0).exists() and match.moves.filter(seat=1).exists(), "the bot answered"
            page = tab.go(match.get_absolute_url())
            expect(page.locator(".history h2")).to_have_text("Ruchy")
            _polish_and_clean(page)

            page = tab.go(f"/games/{slug}/rules/")
            expect(page.locator("article.rules .note")).to_have_text(doubt_note)
            assert page.locator("article.rules [lang=en]").count() == 0, f"{game.name}: the rules fell back to English"
            _polish_and_clean(page)
        assert tab.console_errors == []
    finally:
        context.close()


def _polish_and_clean(page):
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    assert serious_violations(page) == [], page.url
