"""Withdrawing from a league season in a browser, by keyboard alone at phone width: the disclosure opens, says what
happens to the player's games, and the confirmed form withdraws them; axe-core finds nothing serious or critical
with it open."""

import pytest
from playwright.sync_api import expect

from daymove.competitions.models import Entry, Season
from tests.factories import PASSWORD, UserFactory
from tests.support.axe import serious_violations
from tests.support.leagues import a_division, a_season, a_series

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}


def _tab_to(page, locator, presses=150):
    """Press Tab until `locator` has the focus."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return
    pytest.fail("not reached with Tab")


def test_a_player_withdraws_by_keyboard_after_reading_what_happens_to_their_games(open_tab):
    players = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]
    division = a_division(a_season(a_series("Withdraw league"), status=Season.Status.RUNNING), players)
    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in("ann", PASSWORD)
    page = tab.go(division.get_absolute_url())
    summary = page.locator("summary", has_text="Withdraw from this season")
    _tab_to(page, summary)
    page.keyboard.press("Enter")
    disclosure = page.locator("details.league-withdraw")
    expect(disclosure).to_have_attribute("open", "")
    expect(disclosure).to_contain_text("You have finished 0 of your 3 games, fewer than half")
    expect(disclosure).to_contain_text("against ben, cat and dan, are aborted, unrated")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert serious_violations(page) == []

    page.keyboard.press("Tab")  # the confirmation box
    page.keyboard.press("Space")
    expect(disclosure.locator('input[name="confirm"]')).to_be_checked()
    page.keyboard.press("Tab")  # the button
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_contain_text("You have withdrawn from this season.")
    assert Entry.objects.get(division=division, player=players[0]).withdrawn_at is not None
    expect(page.locator("details.league-withdraw")).to_have_count(0)
    assert tab.console_errors == []
