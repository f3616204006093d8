"""A whole move by keyboard alone in every game (the board one tab stop, arrow keys between its points, focus back
on the board after each click and after the move), and a phone keeping the board in view while a move is clicked."""

import pytest
from playwright.sync_api import expect

from daymove.play.models import Match
from daymove.round import moves
from games.registry import all_games
from tests.factories import PASSWORD, UserFactory
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

MOST_PRESSES = 40
# The share of the board (or of the screen, if the board is taller) that is on screen.
BOARD_IN_VIEW = """() => {
  const box = document.querySelector('.board-wrap svg').getBoundingClientRect();
  const shown = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return shown / Math.min(box.height, innerHeight);
}"""
FOCUSED_TOKEN = "document.activeElement && document.activeElement.getAttribute('data-token')"
ON_BOARD = "() => document.getElementById('board').contains(document.activeElement)"
# The arrow key that heads from the focused point towards the point for `token` (null when it has focus).
ARROW_TOWARDS = """token => {
  const to = document.querySelector(`#board a.opt[data-token="${CSS.escape(token)}"]`);
  const from = document.activeElement;
  if (from === to) return null;
  const centre = el => { const b = el.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  const [fx, fy] = centre(from), [tx, ty] = centre(to);
  const dx = tx - fx, dy = ty - fy;
  return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
}"""


def longest_move(match) -> str:
    """A legal move with the most clicks, so that every step of a multi-click move is exercised."""
    rules = match.rules
    return max(rules.legal_move_strings(match.position()), key=lambda text: len(rules.move_tokens(text)))


def focus_settled(page, selector):
    """Wait until focus lands on an element matching `selector` (the play area settles just after it swaps)."""
    page.wait_for_function(f"() => document.activeElement.matches({selector!r})", timeout=3000)


def arrow_to(page, token) -> int:
    """Press the arrow keys from the focused point towards the point for `token` until it has focus; the presses."""
    for presses in range(MOST_PRESSES + 1):
        key = page.evaluate(ARROW_TOWARDS, token)
        if key is None:
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{token} never took focus in {MOST_PRESSES} arrow presses")


def tab_to(page, token) -> int:
    """Press Tab until the element for `token` (a choice button beside the board) has focus; the presses."""
    for presses in range(1, MOST_PRESSES + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_TOKEN) == token:
            return presses
    raise AssertionError(f"{token} never took focus in {MOST_PRESSES} Tabs")


def board_stops(page) -> int:
    """How many of the board's points are in the Tab order."""
    return page.evaluate("document.querySelectorAll('#board a.opt:not([tabindex=\"-1\"])').length")


@pytest.mark.parametrize("slug", list(all_games()))
def test_a_whole_move_by_keyboard_alone(open_tab, slug):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match(slug, alice, bob)
    text = longest_move(match)
    tokens = match.rules.move_tokens(text)
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())

    # The first Tab is the skip link; Enter puts focus on the board, which is one tab stop.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the board"
    page.keyboard.press("Enter")
    page.wait_for_function(ON_BOARD, timeout=3000)
    for done, token in enumerate(tokens):
        if done:
            # Focus went back onto the board (or a choice button) after the last click.
            focus_settled(page, "#board a.opt, #play .choices a")
        assert board_stops(page) <= 1
        if page.locator(f'#board a.opt[data-token="{token}"]').count():
            arrow_to(page, token)
        else:
            tab_to(page, token)
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#play[data-selected="{" ".join(tokens[: done + 1])}"]')
    focus_settled(page, "button.confirm-move")
    with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/")):
        page.keyboard.press("Enter")
    page.wait_for_selector('#play[data-selected=""]')
    # Focus is back on the board, and the new status is read out from the page's lasting live region.
    page.wait_for_function(ON_BOARD, timeout=3000)
    status = " ".join(page.inner_text("#play .status").split())
    expect(page.locator("#announcer")).to_contain_text(status, timeout=3000)
    match.refresh_from_db()
    assert match.moves.last().notation == text or match.status != Match.Status.ACTIVE
    assert tab.console_errors == []


CENTRE = """() => { const b = document.activeElement.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2, document.activeElement.getAttribute('data-token')]; }"""


@pytest.mark.parametrize("board", ["square", "hex"])
def test_arrow_keys_move_between_points_by_where_they_are_drawn(open_tab, board):
    """On Abande's empty board every point is on offer: the arrows follow rows and columns (or the hex grid), and
    they neither scroll the page nor step through the positions of the review."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match("abande", alice, bob, plies=0, options={"board": board})
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    url = tab.base_url + match.get_absolute_url()
    page = tab.go(match.get_absolute_url())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert board_stops(page) == 1
    page.keyboard.press("Home")
    x, y, first = page.evaluate(CENTRE)
    page.keyboard.press("ArrowRight")
    rx, ry, right = page.evaluate(CENTRE)
    assert right != first and rx > x and abs(ry - y) < 2, "Right goes along the row"
    page.keyboard.press("ArrowDown")
    dx, dy, down = page.evaluate(CENTRE)
    assert dy > ry + 10, "Down goes down a row"
    if board == "square":
        assert abs(dx - rx) < 2, "down the column"
    else:
        assert 0 < abs(dx - rx) < (rx - x), "to a neighbour half a step aside"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(CENTRE)[2] != down
    assert board_stops(page) == 1, "the tab stop follows the arrows"
    assert page.url == url and page.evaluate("window.scrollY") == 0
    page.keyboard.press("End")
    assert page.evaluate(CENTRE)[1] > y
    # Space clicks as Enter does.
    token = page.evaluate(FOCUSED_TOKEN)
    page.keyboard.press(" ")
    page.wait_for_selector(f'#play[data-selected="{token}"]')
    # One Tab leaves the board.
    focus_settled(page, "#board a.opt, button.confirm-move")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert not page.evaluate(ON_BOARD)
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


def test_the_skip_link_reaches_a_board_with_nothing_on_offer(open_tab):
    """A spectator's board has no point to click: the skip link lands on the board itself, a group named for
    screen readers."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    UserFactory(username="carol")
    match = played_match("parity", alice, bob)
    tab = open_tab()
    tab.log_in("carol", PASSWORD)
    page = tab.go(match.get_absolute_url())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement === document.querySelector('#board svg.board')")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "group"
    assert "Parity board" in page.evaluate("document.activeElement.getAttribute('aria-label')")


def test_focus_stays_on_the_board_when_the_opponent_moves(open_tab):
    """A live update replaces the board under the keyboard: focus goes back onto it, not to the page."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match("abrana", alice, bob)
    text = match.rules.legal_move_strings(match.position())[0]
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#board"
    page.keyboard.press("Enter")
    for done, token in enumerate(match.rules.move_tokens(text)):
        if done:
            # An arrow pressed before focus is back on the board would step the review instead (review.js).
            focus_settled(page, "#board a.opt")
        arrow_to(page, token)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.getElementById('play').dataset.selected.endsWith({token!r})")
    focus_settled(page, "button.confirm-move")
    page.keyboard.press("Enter")
    page.wait_for_function(ON_BOARD, timeout=3000)
    match.refresh_from_db()
    reply = match.rules.legal_move_strings(match.position())[0]
    moves.submit_move(match.pk, bob, reply, match.ply)
    page.wait_for_selector("#board a.opt", timeout=5000)  # alice's turn again, on the live board
    page.wait_for_function(ON_BOARD, timeout=3000)
    assert tab.console_errors == []


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
