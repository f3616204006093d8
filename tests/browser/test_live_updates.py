"""Live updates in two browsers: what one player does appears on the other's open page within 2 seconds.

The changes are made the way the site makes them (the opponent's own browser, or the services a worker runs),
and the page of the player to move is never reloaded: it hears of each change through its event stream.
"""

import time

import pytest
from playwright.sync_api import expect

from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.round import challenges
from daymove.round import moves as move_service
from tests.factories import PASSWORD, MatchFactory, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

LIVE_SECONDS = 2.0  # the acceptance bar: a change shows on the other page within this
WITHIN = LIVE_SECONDS * 1000


def _player_page(open_tab, username, path):
    tab = open_tab()
    tab.log_in(username, PASSWORD)
    page = tab.go(path)
    page.wait_for_function("() => document.body && htmx.find('body') !== null")
    _wait_for_stream(page)
    return tab, page


def _wait_for_stream(page):
    """Wait until the page hears its events (it joined the browser's stream and caught up since it was drawn)."""
    page.wait_for_function("() => document.body.dataset.liveState === 'open'")


def test_the_player_to_move_sees_a_draw_offer_a_chat_line_and_a_resignation(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=alice, player1=bob)  # Abande: alice (seat 0) to move
    url = match.get_absolute_url()
    alice_tab, alice_page = _player_page(open_tab, "alice", url)
    bob_tab, bob_page = _player_page(open_tab, "bob", url)

    # alice has half made a move (a point clicked) and typed something: no update may throw it away.
    first = match.rules.move_tokens(match.rules.legal_move_strings(match.position())[0])[0]
    with alice_page.expect_response(lambda r: "s=" in r.url):
        alice_page.locator(f'[data-token="{first}"]').first.click()
    expect(alice_page.locator("#play")).to_have_attribute("data-selected", first)
    alice_page.fill("#move-text", "my plan")

    bob_page.click("details.draw summary")
    bob_page.click("details.draw button")
    offered = time.monotonic()
    expect(alice_page.locator(".offer")).to_contain_text("offers a draw", timeout=WITHIN)
    assert time.monotonic() - offered < LIVE_SECONDS

    bob_page.fill("#chat-text", "Good luck, alice!")
    with bob_page.expect_response(lambda r: r.url.endswith("/chat/post/")):
        bob_page.click(".chat-form button")
    said = time.monotonic()
    expect(alice_page.locator("#chat-lines")).to_contain_text("Good luck, alice!", timeout=WITHIN)
    assert time.monotonic() - said < LIVE_SECONDS

    # Neither update changed the position: alice's selection and typed text are still there.
    expect(alice_page.locator("#play")).to_have_attribute("data-selected", first)
    assert alice_page.input_value("#move-text") == "my plan"

    bob_page.goto(bob_tab.base_url + f"/m/{match.pk}/resign/")
    bob_page.click("button.danger")
    resigned = time.monotonic()
    expect(alice_page.locator(".status")).to_contain_text("resign", timeout=WITHIN)
    assert time.monotonic() - resigned < LIVE_SECONDS
    expect(alice_page.locator("#move-text")).to_have_count(0)
    assert alice_tab.console_errors == [] and bob_tab.console_errors == []


def test_a_bots_reply_appears_without_reload(open_tab, monkeypatch):
    bot = UserFactory(username="bot-beginner")
    bot.player.is_bot, bot.player.bot_level = True, "beginner"
    bot.player.save()
    dora = UserFactory(username="dora")
    match = MatchFactory(game="abrana", player0=bot, player1=dora)  # Abrana: the second seat begins
    # The bot's turn is run here, as the worker would run it, so that it is not part of dora's request.
    monkeypatch.setattr(jobs, "hand_over", lambda job: False)
    tab, page = _player_page(open_tab, "dora", match.get_absolute_url())

    text = match.rules.legal_move_strings(match.position())[0]
    page.fill("#move-text", text)
    with page.expect_response(lambda r: r.url.endswith("/move/")):
        page.click("form.typed button")
    expect(page.locator(".status")).not_to_contain_text("Your turn")

    job = Job.objects.get(kind="bot_turn")
    jobs.run(job.pk)  # the bot thinks and its move is stored
    stored = time.monotonic()
    expect(page.locator(".status")).to_contain_text("Your turn", timeout=WITHIN)
    assert time.monotonic() - stored < LIVE_SECONDS
    expect(page.locator(".history li")).to_have_count(3)  # start, dora's move, the bot's
    assert tab.console_errors == []


def test_the_lobby_and_the_title_count_follow_the_players_games(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=alice, player1=bob)
    tab, page = _player_page(open_tab, "bob", "/")
    expect(page.locator("#your-turn")).to_contain_text("No match is waiting for you.")
    assert not page.title().startswith("(")

    move_service.submit_move(match.pk, alice, match.rules.legal_move_strings(match.position())[0], 0)
    moved = time.monotonic()
    expect(page.locator("#your-turn")).to_contain_text(f"#{match.pk}", timeout=WITHIN)
    expect(page).to_have_title("(1) Lobby · Daymove", timeout=WITHIN)
    expect(page.locator("#turn-count")).to_contain_text("(1)")
    assert time.monotonic() - moved < LIVE_SECONDS

    challenges.create_challenge(alice, "parity", {}, "bob", None, False)
    expect(page.locator("#your-games")).to_contain_text("alice challenges you", timeout=WITHIN)

    # Elsewhere on the site the count follows too: bob moves, the count and title drop.
    other = tab.go("/leaderboard/abande/")
    _wait_for_stream(other)
    expect(other).to_have_title("(1) Abande leaderboard · Daymove")
    match.refresh_from_db()
    move_service.submit_move(match.pk, bob, match.rules.legal_move_strings(match.position())[0], 1)
    expect(other.locator("#turn-count")).not_to_contain_text("(", timeout=WITHIN)
    expect(other).not_to_have_title("(1) Abande leaderboard · Daymove", timeout=WITHIN)
    assert tab.console_errors == []


def test_the_next_game_button_appears_when_another_game_becomes_the_players_turn(open_tab):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    here = MatchFactory(player0=bob, player1=alice)  # bob to move: alice waits here
    there = MatchFactory(player0=carol, player1=alice)  # carol to move there too
    _tab, page = _player_page(open_tab, "alice", here.get_absolute_url())
    expect(page.locator("#next-game")).to_have_count(0)
    move_service.submit_move(there.pk, carol, there.rules.legal_move_strings(there.position())[0], 0)
    moved = time.monotonic()
    button = page.locator("#next-game")
    expect(button).to_have_text(f"Next game: Abande #{there.pk} against carol →", timeout=WITHIN)
    assert time.monotonic() - moved < LIVE_SECONDS
    button.click()
    expect(page.locator(".status")).to_contain_text("Your turn.")
