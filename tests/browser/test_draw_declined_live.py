"""The offerer hears a declined draw live: bob declines in his browser, alice's open page says so within 2 seconds."""

import time

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, MatchFactory, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

LIVE_SECONDS = 2.0


def _player_page(open_tab, username, path):
    tab = open_tab()
    tab.log_in(username, PASSWORD)
    page = tab.go(path)
    page.wait_for_function("() => document.body.dataset.liveState === 'open'")
    return tab, page


def test_the_offerers_open_page_hears_the_decline(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=alice, player1=bob)  # alice (seat 0) to move
    url = match.get_absolute_url()
    alice_tab, alice_page = _player_page(open_tab, "alice", url)
    bob_tab, bob_page = _player_page(open_tab, "bob", url)

    alice_page.click("details.draw summary")
    alice_page.click("details.draw button")
    expect(bob_page.locator(".offer")).to_contain_text("offers a draw", timeout=LIVE_SECONDS * 1000)
    alice_page.wait_for_function("() => document.body.dataset.liveState === 'open'")  # back on the stream

    bob_page.click("text=Decline")
    declined = time.monotonic()
    status = alice_page.locator("#match-actions [role=status]")
    expect(status).to_have_text("bob declined your draw offer.", timeout=LIVE_SECONDS * 1000)
    expect(alice_page.locator("#announcer")).to_contain_text("bob declined your draw offer")  # said to screen readers
    assert time.monotonic() - declined < LIVE_SECONDS
    expect(alice_page.locator("details.draw summary")).to_be_visible()  # she may offer again
    assert alice_tab.console_errors == [] and bob_tab.console_errors == []
