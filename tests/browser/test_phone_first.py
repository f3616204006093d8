"""Phone first: on a 375×740 phone the match page shows the board and the move box (C#I Sequence's own hand is drawn
in the board) in the first screen, without scrolling, in every game and phase, before, during and after the clicks
of a move; the header is one row, its links behind a Menu disclosure that works without JavaScript."""

import random

import pytest
from playwright.sync_api import expect

from daymove.round import moves
from tests.factories import PASSWORD, MatchFactory, UserFactory
from tests.support.browser import ARTIFACTS, Tab
from tests.support.games import game_cases, played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
ONE_ROW = 56  # px: a header of one row of 44 px targets

# Where things are in the first screen: the board, every point drawn on it (the hands too), the move box, and the
# confirm bar pinned to the bottom of the screen once a move is complete (nothing may hide under it).
FIRST_SCREEN = """() => {
  const box = el => { const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom}; };
  const points = [...document.querySelectorAll('#board [data-point], #board [data-token]')].map(box);
  const entry = document.querySelector('#play .move-entry');
  const confirm = document.querySelector('#play .move-entry .confirm');
  return {
    scrollY, height: innerHeight,
    board: box(document.querySelector('#board svg.board')),
    points: {top: Math.min(...points.map(b => b.top)), bottom: Math.max(...points.map(b => b.bottom))},
    entry: entry && box(entry),
    bar: confirm && box(confirm),
    play: confirm && box(confirm.querySelector('button')),
  };
}"""


# The smallest text drawn on the board, in screen pixels (a board that gives up height is drawn smaller).
SMALLEST_TEXT = """() => {
  const svg = document.querySelector('#board svg.board'), frame = svg.getBoundingClientRect();
  const view = svg.viewBox.baseVal, scale = Math.min(frame.width / view.width, frame.height / view.height);
  const sizes = [...svg.querySelectorAll('text')].filter(t => t.getClientRects().length)
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return Math.min(...sizes);
}"""
SMALLEST_TEXT_PX = 9.5  # as tests/browser/test_board_legibility.py asks at 320 px wide


def assert_first_screen(page, where):
    """The board and the move controls are on the first screen, nothing of the board under the confirm bar."""
    seen = page.evaluate(FIRST_SCREEN)
    assert seen["scrollY"] == 0, where
    height = seen["height"]
    room = seen["bar"]["top"] if seen["bar"] else height
    for name in ("board", "points"):
        assert seen[name]["top"] >= 0 and seen[name]["bottom"] <= room + 0.5, f"{where}: the {name} {seen}"
    if seen["bar"]:
        assert seen["play"]["top"] >= 0 and seen["play"]["bottom"] <= height, f"{where}: Play {seen}"
    else:
        assert seen["entry"]["top"] >= 0 and seen["entry"]["bottom"] <= height + 0.5, f"{where}: the move box {seen}"


def longest_move(match) -> str:
    rules = match.rules
    return max(rules.legal_move_strings(match.position()), key=lambda text: len(rules.move_tokens(text)))


def match_after(game, options, plies):
    """A match between alice and bob after `plies` random moves (whoever is then to move)."""
    match = MatchFactory(
        game=game.slug,
        player0=UserFactory(username="alice"),
        player1=UserFactory(username="bob"),
        options=game.normalize_options(options),
    )
    rng = random.Random(3)
    while match.is_active and match.ply < plies:
        text = rng.choice(game.legal_move_strings(match.position()))
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return match


# Each seat's first move (Abrana's setup: a reservation, then each pawn placed) and a move later in the game.
@pytest.mark.parametrize("plies", [0, 1, 2, 6])
@pytest.mark.parametrize("game,options", game_cases(chosen_only=True))
def test_the_board_and_the_move_box_fit_the_first_screen_of_a_phone(open_tab, game, options, plies):
    match = match_after(game, options, plies)
    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in(match.players[match.to_move].username, PASSWORD)
    page = tab.go(match.get_absolute_url())
    name = "-".join([game.slug, *(f"{key}-{value}" for key, value in options.items()), f"ply-{match.ply}"])
    ARTIFACTS.mkdir(exist_ok=True)
    # caret="initial": hiding the caret would take an inline style, which the Content-Security-Policy refuses.
    page.screenshot(path=str(ARTIFACTS / f"phone-first-screen-{name}.png"), caret="initial")
    assert_first_screen(page, f"{name}, nothing clicked")
    assert page.evaluate(SMALLEST_TEXT) >= SMALLEST_TEXT_PX, "the board's text stays readable"
    tokens = match.rules.move_tokens(longest_move(match))
    for done, token in enumerate(tokens):
        page.locator(f'[data-token="{token}"]').first.click()
        page.wait_for_selector(f'#play[data-selected="{" ".join(tokens[: done + 1])}"]')
        page.evaluate("scrollTo(0, 0)")  # the first screen, as a page the player opened there would show it
        assert_first_screen(page, f"{name}, after clicking {' '.join(tokens[: done + 1])}")
    page.screenshot(path=str(ARTIFACTS / f"phone-first-screen-{name}-move-chosen.png"), caret="initial")
    assert tab.console_errors == []


AX_EXPANDED = """nodes => nodes.filter(n => n.name && n.name.value.trim() === 'Menu')
  .map(n => (n.properties || []).find(p => p.name === 'expanded')).filter(p => p).map(p => p.value.value)"""


AX_LINKS = """nodes => nodes.filter(n => !n.ignored && n.role && n.role.value === 'link' && n.name)
  .map(n => n.name.value.trim())"""


def accessibility_tree(page) -> list:
    """Chromium's accessibility tree of the page, as screen readers get it."""
    return page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]


def menu_expanded(page) -> list:
    """What the accessibility tree says of the Menu control's expanded state (one entry per control so named)."""
    return page.evaluate(AX_EXPANDED, accessibility_tree(page))


def test_the_header_is_one_row_on_a_phone_with_a_menu(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match("parity", alice, bob)
    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())
    assert page.locator("header.topbar").bounding_box()["height"] <= ONE_ROW
    expect(page.locator("#turn-count")).to_be_visible()  # the turn count stays in sight
    leaderboards = page.get_by_role("link", name="Leaderboards")
    expect(leaderboards).to_be_hidden()
    assert menu_expanded(page) == [False]
    page.locator("header summary").click()
    expect(leaderboards).to_be_visible()
    assert menu_expanded(page) == [True]
    assert page.locator("header.topbar").bounding_box()["height"] <= ONE_ROW, "the menu opens over the page"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Leaderboards"
    page.screenshot(path=str(ARTIFACTS / "phone-menu-open.png"), caret="initial")
    leaderboards.click()
    page.wait_for_url("**/leaderboard/**")
    assert tab.console_errors == []


def test_the_menu_opens_without_javascript(browser, live_server):
    UserFactory(username="alice")
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    tab = Tab(browser, live_server.url, context=context)
    try:
        tab.log_in("alice", PASSWORD)
        page = tab.go("/")
        expect(page.get_by_role("link", name="Settings")).to_be_hidden()
        page.locator("header summary").click()
        expect(page.get_by_role("link", name="Settings")).to_be_visible()
    finally:
        context.close()


def test_a_wide_screen_shows_the_links_without_a_menu(open_tab):
    UserFactory(username="alice")
    tab = open_tab(width=1100)
    tab.log_in("alice", PASSWORD)
    page = tab.go("/")
    expect(page.locator("header summary")).to_be_hidden()
    for name in ("Leaderboards", "alice", "Account", "Settings"):
        expect(page.get_by_role("link", name=name, exact=True).first).to_be_visible()
    assert menu_expanded(page) == []
    assert {"Leaderboards", "Account", "Settings"} <= set(page.evaluate(AX_LINKS, accessibility_tree(page)))
    assert page.locator("header.topbar").bounding_box()["height"] <= 70
    # The links are in the Tab order: skip link, brand, turn count, then the menu's first link.
    for _ in range(4):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Leaderboards"
