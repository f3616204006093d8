"""Planned replies in two browsers: alice plans on her analysis board, bob plays, her reply is on his page at once.

alice builds a two-ply conditional line (bob's expected move typed, her reply clicked on the analysis board),
bob plays the expected move in his own browser, and alice's reply shows on his open page within 2 seconds;
alice gets the "planned reply played" email and no "your turn" email. Then alice plans a second line, bob plays
another move, and alice's open page (and an email) tell her which line was dropped.
"""

import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core import mail
from playwright.sync_api import expect

from daymove.plans.models import ConditionalPlan
from daymove.play import lookups
from games.registry import all_games
from tests.factories import PASSWORD, MatchFactory, UserFactory
from tests.support.clocks import play_one
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

WITHIN = 2000  # ms: a change shows on the other page within this
# The analysis board was swapped in and focus went on to its next step (static/js/board.js), not to the page.
STEP_TAKEN = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') && "
    "document.activeElement.closest('#analysis') !== null"
)


def open_page(open_tab, username, path):
    tab = open_tab()
    tab.log_in(username, PASSWORD)
    page = tab.go(path)
    page.wait_for_function("() => document.body && htmx.find('body') !== null")
    page.wait_for_function("() => document.body.dataset.liveState === 'open'")
    return tab, page


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    violations = Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in ("serious", "critical")]


def legal_after(match, *texts) -> list[str]:
    state = match.position()
    for text in texts:
        state = match.rules.play(state, text)
    return match.rules.legal_move_strings(state)


def plan_on_the_board(page, rules, expected, reply):
    """Open the analysis board, type bob's expected move, click alice's reply, plan the line."""
    page.click("a.open-analysis")
    expect(page.locator("#analysis-move-text")).to_be_visible()
    page.fill("#analysis-move-text", expected)
    page.click("#analysis form.typed button")
    expect(page.locator("#analysis .analysis-steps")).to_contain_text(expected)
    for token in rules.move_tokens(reply):
        with page.expect_response(lambda r: "s=" in r.url):
            page.locator(f'#analysis [data-token="{token}"]').first.click()
    page.click("#analysis button.confirm-move")
    expect(page.locator("#analysis .analysis-steps")).to_contain_text(reply)
    page.click("#analysis button.plan-this")
    expect(page.locator("#analysis .plan-lines")).to_contain_text(f"{expected} → {reply}")


def bob_plays(page, text):
    page.fill("#move-text", text)
    page.click("#play form.typed button")


def test_a_planned_reply_is_played_at_once_and_a_deviation_drops_the_plan(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = play_one(MatchFactory(player0=alice, player1=bob))  # Abande: alice has moved, bob to move
    rules, url = match.rules, match.get_absolute_url()
    expected = legal_after(match)[0]
    reply = legal_after(match, expected)[-1]
    alice_tab, alice_page = open_page(open_tab, "alice", url)
    bob_tab, bob_page = open_page(open_tab, "bob", url)

    plan_on_the_board(alice_page, rules, expected, reply)
    alice_tab.screenshot("conditional-planned")
    mail.outbox.clear()
    bob_plays(bob_page, expected)
    played = time.monotonic()
    expect(bob_page.locator(".history")).to_contain_text(reply, timeout=WITHIN)  # alice's reply, at once
    assert time.monotonic() - played < WITHIN / 1000
    expect(bob_page.locator(".status")).to_contain_text("Your turn")
    bob_tab.screenshot("conditional-reply-on-bobs-page")
    match = lookups.get_match(match.pk)
    assert match.ply == 3 and match.moves.get(ply=2).notation == reply
    to_alice = [m.subject for m in mail.outbox if m.to == [alice.email]]
    assert to_alice == [f"Planned reply played: {reply} after {expected} (Abande #{match.pk})"]  # no "your turn"

    # A second line, from the new position; bob plays something else.
    second = legal_after(match)[0]
    deviation = legal_after(match)[1]
    answer = legal_after(match, second)[-1]
    alice_page.reload()
    plan_on_the_board(alice_page, rules, second, answer)
    mail.outbox.clear()
    bob_plays(bob_page, deviation)
    dropped = f"Your opponent played {deviation}, which your plan did not expect. Dropped: {second} {answer}."
    expect(alice_page.locator("#play .plan-note")).to_have_text(dropped, timeout=WITHIN)
    expect(alice_page.locator("#plan .plan-note")).to_have_text(dropped, timeout=WITHIN)  # the open board's too
    alice_tab.screenshot("conditional-dropped")
    assert ConditionalPlan.objects.get(match=match).status == ConditionalPlan.Status.DROPPED
    [email] = [m for m in mail.outbox if m.to == [alice.email]]
    assert email.subject.startswith(f"Your plan was dropped: bob played {deviation}")
    assert f"- {second} {answer}" in email.body and "It is your turn." in email.body
    assert not alice_tab.console_errors and not bob_tab.console_errors


def test_the_analysis_board_in_every_game_by_keyboard_without_serious_accessibility_violations(open_tab):
    """Opened in every game, the board passes axe-core (nothing serious or critical), and a move is tried with
    the keyboard alone: Tab to a point on offer, Enter, on to the confirm button, Enter."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    tab = open_tab()
    tab.log_in("alice", PASSWORD)
    found = {}
    for slug in all_games():
        match = played_match(slug, alice, bob)  # alice to move: she tries her move on her board
        page = tab.go(match.get_absolute_url())
        page.click("a.open-analysis")
        expect(page.locator("#analysis-move-text")).to_be_visible()
        found[slug] = serious_violations(page)
        tokens = match.rules.move_tokens(match.rules.legal_move_strings(match.position())[0])
        for token in tokens:
            page.locator(f'#analysis [data-token="{token}"]').first.focus()
            with page.expect_response(lambda r: "/analysis/" in r.url):
                page.keyboard.press("Enter")
            page.wait_for_function(STEP_TAKEN)  # focus has moved on to the next step on the new board
        page.locator("#analysis button.confirm-move").focus()
        with page.expect_response(lambda r: "/analysis/move/" in r.url):
            page.keyboard.press("Enter")
        expect(page.locator("#analysis .notice")).to_have_text("Move added to your analysis.")
        expect(page.locator("#analysis .variations")).to_contain_text(
            match.rules.legal_move_strings(match.position())[0]
        )
    tab.screenshot("analysis-board-last-game")
    failures = {slug: lines for slug, lines in found.items() if lines}
    assert not failures, failures
    assert not tab.console_errors
