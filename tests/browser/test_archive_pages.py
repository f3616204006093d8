"""The archive and the watch page in a browser: on a phone nothing is wider than the screen, and the search works
from the keyboard alone (htmx swaps the results in and the address follows the search)."""

import pytest
from playwright.sync_api import expect

from daymove.round import endings
from tests.factories import PASSWORD, UserFactory
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}


def overflow(page) -> int:
    """How many pixels the page is wider than the screen (0 when it fits)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_the_new_pages_fit_a_phone(open_tab):
    alice, bob = UserFactory(username="alice-with-a-rather-long-name"), UserFactory(username="bob")
    played_match("abande", alice, bob, options={"board": "hex"})
    endings.resign(played_match("parity", bob, alice).pk, alice)
    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in(alice.username, PASSWORD)
    for path in (
        "/games/",
        f"/players/{alice.username}/games/?game=abande&board=hex",
        f"/players/{alice.username}/games/?since=bad",
        "/watch/",
        f"/players/{bob.username}/",
        "/settings/",
    ):
        page = tab.go(path)
        assert overflow(page) <= 0, path
    assert [e for e in tab.console_errors if "status of 400" not in e] == []  # the bad search answers 400


def test_the_search_works_from_the_keyboard(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    won = played_match("parity", alice, bob)
    endings.resign(won.pk, bob)
    other = played_match("abande", alice, bob)
    tab = open_tab()
    page = tab.go("/players/alice/games/")
    expect(page.locator(f'#archive-results a[href="{other.get_absolute_url()}"]')).to_be_visible()
    page.get_by_label("Game", exact=True).focus()
    page.keyboard.press("ArrowDown")  # Abande is first: ArrowDown moves through the games
    page.get_by_label("Game", exact=True).select_option("parity")
    page.get_by_label("Result", exact=True).focus()
    page.get_by_label("Result", exact=True).select_option("won")
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Search").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/players/alice/games/?*result=won*")
    results = page.locator("#archive-results")
    expect(results.locator(f'a[href="{won.get_absolute_url()}"]')).to_be_visible()
    expect(results.locator(f'a[href="{other.get_absolute_url()}"]')).to_have_count(0)
    expect(results).to_contain_text("Won")
    assert tab.console_errors == []
