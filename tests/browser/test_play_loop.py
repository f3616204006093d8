"""The loop of playing in a browser: the lobby leads with your turn, a move leads on to the next game (by button, or
at once for those who chose it), and review steps through the positions by buttons and arrow keys."""

import random
import re

import pytest
from playwright.sync_api import expect

from daymove.play import lookups
from daymove.players.models import Player
from daymove.round import moves
from tests.factories import PASSWORD, ChallengeFactory, UserFactory
from tests.support.clocks import play_one, start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def _logged_in(open_tab, username, width=1100):
    tab = open_tab(width)
    tab.log_in(username, PASSWORD)
    return tab


def _click_first_move(page, match):
    """Enter the first legal move by clicking its tokens on the board (or buttons), then confirm it."""
    text = match.rules.legal_move_strings(match.position())[0]
    for token in match.rules.move_tokens(text):
        with page.expect_response(lambda r: "s=" in r.url):
            page.locator(f'[data-token="{token}"]').first.click()
    page.click("button.confirm-move")


def test_on_a_phone_the_lobby_opens_on_your_turn_then_challenges_to_you(open_tab):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    yours = start(bob, alice, seat=1)  # alice moves first
    theirs = play_one(start(alice, carol))
    ChallengeFactory(creator=carol, opponent=alice, game="parity")
    tab = _logged_in(open_tab, "alice", width=375)
    page = tab.go("/")
    your_turn = page.locator("#your-turn")
    expect(your_turn.get_by_role("link", name=f"Abande #{yours.pk}")).to_be_visible()
    assert your_turn.evaluate("list => list.getBoundingClientRect().y") < 300, "your turn is the first thing on a phone"
    # All positions are read in one script run: a live refresh of a list swaps it between runs, never during one.
    heights, theirs_y = page.evaluate(
        """([names, href]) => {
            const y = element => element.getBoundingClientRect().y;
            const headings = [...document.querySelectorAll("h2")];
            return [names.map(name => y(headings.find(h => h.textContent.trim() === name))),
                    y(document.querySelector(`a[href="${href}"]`))];
        }""",
        [["Your turn", "Challenges to you", "Waiting for your opponent", "Open challenges"], theirs.get_absolute_url()],
    )
    assert heights == sorted(heights)
    assert theirs_y > heights[2]
    tab.screenshot("lobby-375")


def test_after_a_move_the_next_game_button_leads_to_the_match_waiting_for_you(open_tab):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    here, there = start(alice, bob), start(alice, carol)
    tab = _logged_in(open_tab, "alice")
    page = tab.go(here.get_absolute_url())
    expect(page.locator("#next-game")).to_have_count(0)
    _click_first_move(page, here)
    button = page.locator("#next-game")
    expect(button).to_have_text(f"Next game: Abande #{there.pk} against carol →")
    button.click()
    expect(page).to_have_url(re.compile(rf"{there.get_absolute_url()}$"))
    expect(page.locator(".status")).to_contain_text("Your turn.")
    assert not tab.console_errors


def test_with_the_setting_on_a_move_goes_straight_to_the_next_game(open_tab):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    here, there = start(alice, bob), start(alice, carol)
    Player.objects.filter(user=alice).update(next_game_after_move=True)
    tab = _logged_in(open_tab, "alice")
    page = tab.go(here.get_absolute_url())
    _click_first_move(page, here)
    expect(page).to_have_url(re.compile(rf"{there.get_absolute_url()}$"))
    expect(page.locator(".messages")).to_contain_text(f"in Abande #{here.pk}")
    assert lookups.get_match(here.pk).ply == 1
    assert not tab.console_errors


def test_review_follows_the_latest_move_and_steps_by_buttons_and_arrow_keys(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = start(alice, bob, game="parity")
    rng = random.Random(3)
    while match.ply < 50 and match.is_active:  # a long game: the move list overflows its box
        text = rng.choice(match.rules.legal_move_strings(match.position()))
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    last = match.ply
    url = match.get_absolute_url()
    tab = _logged_in(open_tab, "alice")
    page = tab.go(url)
    box = page.locator(".history .moves")
    current = page.locator(".history li.current")
    expect(current).to_have_count(1)
    assert box.evaluate("b => b.scrollHeight > b.clientHeight"), "the list overflows: the test means something"

    def in_sight():
        """True once the current move is scrolled into the list's view (the page scrolls it after each swap)."""
        page.wait_for_function(
            """() => { const b = document.querySelector('.history .moves')?.getBoundingClientRect();
                       const c = document.querySelector('.history li.current')?.getBoundingClientRect();
                       return b && c && c.top >= b.top && c.bottom <= b.bottom; }""",
            timeout=2000,
        )
        return True

    assert in_sight(), "the latest move is in sight"
    expect(page.locator(".history .viewing")).to_have_text(f"Latest: move {last}")

    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(rf"{url}\?at={last - 1}$"))
    expect(page.locator(".history .viewing")).to_have_text(f"Move {last - 1} of {last}")
    expect(page.locator(".status")).to_contain_text(f"position after {last - 1} moves")

    tab.screenshot("review-previous")
    page.click('.review a[data-step="first"]')
    expect(page).to_have_url(re.compile(rf"{url}\?at=0$"))
    expect(page.locator('.history li[aria-current="step"]')).to_have_text("start")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(rf"{url}\?at=1$"))
    expect(page.locator(".history .viewing")).to_have_text(f"Move 1 of {last}")

    page.click('.review a[data-step="last"]')
    expect(page).to_have_url(re.compile(rf"{url}$"))
    expect(page.locator(".history .viewing")).to_have_text(f"Latest: move {last}")
    assert in_sight()
    # Every position has its own address: opening one shows it.
    page = tab.go(f"{url}?at=7")
    expect(page.locator(".history .viewing")).to_have_text(f"Move 7 of {last}")
    assert in_sight(), "the position viewed is in sight in the list"
    assert not tab.console_errors


def test_time_bank_fields_show_only_when_a_time_bank_is_chosen(open_tab):
    UserFactory(username="alice")
    page = _logged_in(open_tab, "alice").go("/challenges/new/abande/")
    bank = page.locator("#id_bank_initial")
    expect(bank).to_be_hidden()  # days per move is the default
    page.select_option("#id_clock", "bank")
    expect(bank).to_be_visible()
    page.select_option("#id_clock", "3")
    expect(bank).to_be_hidden()


def test_the_chat_counts_what_is_left_and_keeps_a_message_that_is_too_long(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = start(alice, bob)
    tab = _logged_in(open_tab, "alice")
    page = tab.go(match.get_absolute_url())
    page.fill("#chat-text", "x" * 498)
    expect(page.locator("#chat-text-length")).to_have_text("2 of 500 characters left.")
    page.fill("#chat-text", "x" * 503)  # as pasted: nothing is cut
    expect(page.locator("#chat-text-length")).to_have_text("3 characters too many: shorten it to send it.")
    page.click(".chat-form button[type=submit]")
    expect(page.locator("#chat p.error")).to_contain_text("Your message is 503 characters long")
    expect(page.locator("#chat-text-length")).to_have_text("3 characters too many: shorten it to send it.")
    expect(page.locator("#chat-text")).to_have_value("x" * 503)
