"""The ladder page in a browser: it follows a ladder game's ending without a reload, axe-core finds nothing serious,
it fits a 375 px phone (screenshot in test-artifacts/), and a challenge is made from the keyboard alone (the focus
kept on its button when the rows are redrawn live)."""

import time

import pytest
from playwright.sync_api import expect

from daymove.ladders.catalogue import ensure_ladders
from daymove.ladders.models import LadderGame
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.factories import PASSWORD, UserFactory
from tests.support.axe import serious_violations
from tests.support.ladders import a_ladder, both_move, line_up

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
LIVE_SECONDS = 2.0  # a change shows on an open page within this (tests/browser/test_live_updates.py)


def _ladder_of(*names):
    """The first game's ladder with these players on it, in this order."""
    ladder = a_ladder()
    players = [UserFactory(username=name) for name in names]
    line_up(ladder, players)
    return ladder, players


def _open(tab, path):
    page = tab.go(path)
    page.wait_for_function("() => document.body.dataset.liveState === 'open'")  # it hears its ladder's events
    return page


def test_the_ladder_page_follows_a_ladder_game_ending_without_reload(open_tab):
    ladder, (alice, bob, carol) = _ladder_of("alice", "bob", "carol")
    match = both_move(challenge_on_ladder(ladder, carol, "bob"))
    watcher = open_tab()  # a visitor, not signed in: ladders are public and live for everyone
    page = _open(watcher, ladder.get_absolute_url())
    expect(page.locator("#place-3")).to_contain_text("carol")
    expect(page.locator("#open-games-title + ul")).to_contain_text(f"#{match.pk}")
    page.evaluate("window.notReloaded = true")

    endings.resign(match.pk, bob)  # carol, the challenger, wins: she takes bob's place
    ended = time.monotonic()
    expect(page.locator("#place-2")).to_contain_text("carol", timeout=LIVE_SECONDS * 1000)
    assert time.monotonic() - ended < LIVE_SECONDS
    expect(page.locator("#place-3")).to_contain_text("bob")
    expect(page.locator("#ladder-live")).to_contain_text("No ladder game is being played.")
    expect(page.locator("#recent-title + ul")).to_contain_text("place 3 → 2")
    assert page.evaluate("window.notReloaded") is True  # the same document: redrawn, not reloaded
    assert watcher.console_errors == []


def test_the_ladder_pages_are_accessible_fit_a_phone_and_a_challenge_is_made_by_keyboard(open_tab):
    names = [f"climber{n}" for n in range(1, 9)] + ["a-player-with-a-rather-long-name"]
    ladder, players = _ladder_of(*names)
    # A game being played (place 8 challenged place 7), and so reasons beside buttons.
    playing = both_move(challenge_on_ladder(ladder, players[7], players[6].username))
    me = players[-1]
    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in(me.username, PASSWORD)
    found = {}
    for path in (
        "/ladders/",
        ladder.get_absolute_url(),
        f"{ladder.get_absolute_url()}players/{me.username}/",
        f"/players/{me.username}/",
        ensure_ladders()[1].get_absolute_url(),  # an empty ladder: "Be the first on this ladder"
    ):
        page = tab.go(path)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, path
        found[path] = serious_violations(page)
    assert {path: found for path, found in found.items() if found} == {}

    page = _open(tab, ladder.get_absolute_url() + "#place-9")
    expect(page.locator("#place-9")).to_have_class("you")
    tab.screenshot("ladder-375")

    # From the keyboard: tab to the first challenge button (the rows in reach of place 9) and press Enter.
    first_button = page.locator("#ladder-rows button").first
    expect(first_button).to_contain_text("Challenge")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.closest('#ladder-rows button') !== null"):
            break
    else:
        pytest.fail("no challenge button was reached with Tab")
    focused = page.evaluate("document.activeElement.id")

    # The places change while the button has the focus: the rows are redrawn and the focus stays on that button.
    endings.resign(playing.pk, players[6])
    expect(page.locator("#place-7")).to_contain_text(players[7].username, timeout=LIVE_SECONDS * 1000)
    assert page.evaluate("document.activeElement.id") == focused
    with page.expect_navigation():
        page.keyboard.press("Enter")
    game = LadderGame.objects.get(challenger=me)
    assert page.url.endswith(game.match.get_absolute_url())
    assert tab.console_errors == []
