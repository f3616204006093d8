"""A whole move by keyboard alone in every game, focus following each click, a phone keeping the board in view."""

import pytest
from playwright.sync_api import expect

from daymove.play.models import Match
from games.registry import all_games
from tests.factories import PASSWORD, UserFactory
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

MOST_TABS = 150
# The share of the board (or of the screen, if the board is taller) that is on screen.
BOARD_IN_VIEW = """() => {
  const box = document.querySelector('.board-wrap svg').getBoundingClientRect();
  const shown = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return shown / Math.min(box.height, innerHeight);
}"""
FOCUSED_TOKEN = "document.activeElement && document.activeElement.getAttribute('data-token')"


def longest_move(match) -> str:
    """A legal move with the most clicks, so that every step of a multi-click move is exercised."""
    rules = match.rules
    return max(rules.legal_move_strings(match.position()), key=lambda text: len(rules.move_tokens(text)))


def focus_settled(page, selector):
    """Wait until focus lands on an element matching `selector` (the play area settles just after it swaps)."""
    page.wait_for_function(f"() => document.activeElement.matches({selector!r})", timeout=3000)


def tab_to(page, token) -> int:
    """Press Tab until the element for `token` has focus; the number of presses it took."""
    for presses in range(1, MOST_TABS + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_TOKEN) == token:
            return presses
    raise AssertionError(f"{token} never took focus in {MOST_TABS} Tabs")


@pytest.mark.parametrize("slug", list(all_games()))
def test_a_whole_move_by_keyboard_alone(open_tab, slug):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match(slug, alice, bob)
    text = longest_move(match)
    tokens = match.rules.move_tokens(text)
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())

    tab_to(page, tokens[0])
    for done, token in enumerate(tokens):
        if done:
            # Focus went on to the points on offer after the last click: the next one is a few Tabs away at most.
            focus_settled(page, "#play svg.board a.opt, #play .choices a")
            assert tab_to(page, token) <= 40
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#play[data-selected="{" ".join(tokens[: done + 1])}"]')
    focus_settled(page, "button.confirm-move")
    with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/")):
        page.keyboard.press("Enter")
    page.wait_for_selector('#play[data-selected=""]')
    # The new status is read out from the page's lasting live region (each click's step prompt was read out before).
    status = " ".join(page.inner_text("#play .status").split())
    expect(page.locator("#announcer")).to_contain_text(status, timeout=3000)
    match.refresh_from_db()
    assert match.moves.last().notation == text or match.status != Match.Status.ACTIVE
    assert tab.console_errors == []


def test_the_skip_link_leads_past_the_header(open_tab):
    UserFactory(username="alice")
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    page = tab.go("/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.querySelector('main').contains(document.activeElement)")


@pytest.mark.parametrize("slug", list(all_games()))
def test_clicking_a_move_on_a_phone_keeps_the_board_in_view(open_tab, slug):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match(slug, alice, bob)
    tokens = match.rules.move_tokens(longest_move(match))
    tab = open_tab(width=375)
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())
    page.evaluate("document.querySelector('.board-wrap').scrollIntoView()")
    top = page.evaluate("window.scrollY")
    for done, token in enumerate(tokens):
        page.locator(f'[data-token="{token}"]').first.click()
        page.wait_for_selector(f'#play[data-selected="{" ".join(tokens[: done + 1])}"]')
        page.wait_for_timeout(100)  # focus moves when the swap settles
        # The page does not scroll (a shorter page may pull it back a line), and the board stays in view.
        assert abs(page.evaluate("window.scrollY") - top) < 30, f"the page scrolled after clicking {token}"
        assert page.evaluate(BOARD_IN_VIEW) >= 0.8, f"the board left the screen after clicking {token}"
    button = page.locator("button.confirm-move").bounding_box()
    assert button["y"] >= 0 and button["y"] + button["height"] <= page.viewport_size["height"], "Play is in view"
    assert button["height"] >= 44
