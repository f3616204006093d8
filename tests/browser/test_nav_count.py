"""The nav's count of matches waiting for the player reads "Your turn (1)" as drawn, and after a live update."""

import pytest
from playwright.sync_api import expect

from daymove.round import moves as move_service
from tests.factories import PASSWORD, MatchFactory, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_the_turn_count_has_a_space_before_the_number_as_drawn_and_when_it_changes_live(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    MatchFactory(player0=bob, player1=alice)  # bob to move
    second = MatchFactory(player0=alice, player1=bob)  # alice to move: bob's turn once she has
    tab = open_tab()
    tab.log_in("bob", PASSWORD)
    page = tab.go("/")
    count = page.locator("#turn-count")
    # innerText as laid out, not normalised: a flex item boundary before the count shows as "Your turn\n(1)".
    assert count.inner_text() == "Your turn (1)"

    move_service.submit_move(second.pk, alice, second.rules.legal_move_strings(second.position())[0], 0)
    expect(count).to_have_attribute("data-count", "2", timeout=10_000)
    assert count.inner_text() == "Your turn (2)"
    assert tab.console_errors == []
