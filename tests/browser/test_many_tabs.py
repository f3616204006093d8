"""Many tabs in one browser: twenty open match pages all load and all hear a move, and the lobby still opens.

The server is uvicorn, which speaks HTTP/1.1 as under `make run`, and Chromium opens at most six connections to a
host per profile (a Playwright context): with an event stream per page the seventh page never loaded. The pages of a
browser share one stream (js/live-worker.js), so the server holds one however many are open.
"""

import time

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from daymove.live.hub import hub
from games.registry import all_games, get_game
from tests.factories import PASSWORD, MatchFactory, UserFactory
from tests.support.browser import Tab

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

TABS = 20
LOAD_MS = 10_000  # a page that waited for a connection held by streams never loaded at all
LIVE_MS = 5_000  # twenty pages each asking their parts again, on a machine running other tests too


def _matches_waiting_for_the_opponent(alice, opponents) -> list:
    """Twenty matches of alice's across every game, as in the demo data, each waiting for her opponent's move."""
    slugs = sorted(all_games())
    matches = []
    for number in range(TABS):
        slug, opponent = slugs[number % len(slugs)], opponents[number % len(opponents)]
        game = get_game(slug)
        first = game.current_player(game.initial_state(game.normalize_options({})))
        seats = (opponent, alice) if first == 0 else (alice, opponent)
        matches.append(MatchFactory(game=slug, player0=seats[0], player1=seats[1]))
    return matches


def _opponent_moves(match, opponent):
    """The opponent plays their first legal move through the site's move URL (as from their own browser)."""
    client = Client()
    client.force_login(opponent)
    move = match.rules.legal_move_strings(match.position())[0]
    response = client.post(reverse("play_move", args=[match.pk]), {"move": move, "ply": match.ply})
    assert response.status_code == 302, response.content.decode()[:500]


@pytest.fixture
def streams_before() -> frozenset:
    """The streams the live server holds as the test starts: an earlier test's browser, closed at its teardown, may
    still be letting its own go on a loaded machine, so a test counts only the streams opened since."""
    return hub.listeners()


def _wait_for_one_stream(before: frozenset, within: float = 5.0):
    """The server ends up holding a single stream for the browser (a new one replaces the old when pages join)."""
    deadline = time.monotonic() + within
    while len(hub.listeners() - before) != 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(hub.listeners() - before) == 1


def test_twenty_match_pages_in_one_browser_all_load_and_all_hear_a_move(browser, live_server, streams_before):
    alice = UserFactory(username="alice")
    opponents = [UserFactory(username=name) for name in ("bob", "carol", "dora", "erin")]
    matches = _matches_waiting_for_the_opponent(alice, opponents)
    tab = Tab(browser, live_server.url)
    tab.log_in("alice", PASSWORD)

    errors = []
    tab.context.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    pages = []
    for match in matches:
        page = tab.context.new_page()
        began = time.monotonic()
        page.goto(live_server.url + match.get_absolute_url(), timeout=LOAD_MS)
        page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
        assert time.monotonic() - began < LOAD_MS / 1000
        expect(page.locator(".status")).not_to_contain_text("Your turn")
        pages.append(page)
    _wait_for_one_stream(streams_before)

    # A new tab still opens while the twenty are open, and joins the same stream.
    lobby = tab.context.new_page()
    lobby.goto(live_server.url + "/", timeout=LOAD_MS)
    lobby.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    expect(lobby.locator("#turn-count")).not_to_contain_text("(")

    for match in matches:
        _opponent_moves(match, match.player0 if match.player1 == alice else match.player1)
    moved = time.monotonic()
    for page in pages:
        expect(page.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)
    expect(lobby.locator("#turn-count")).to_contain_text(f"({TABS})", timeout=LIVE_MS)
    assert time.monotonic() - moved < LIVE_MS / 1000
    _wait_for_one_stream(streams_before)
    assert errors == []
    tab.context.close()


def test_without_shared_workers_one_page_holds_the_stream_and_another_takes_over_when_it_closes(
    browser, live_server, streams_before
):
    """As in a browser without shared workers: the page holding a Web Lock runs the stream for all the others."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    matches = [MatchFactory(player0=bob, player1=alice) for _ in range(8)]  # more than six; bob to move
    context = browser.new_context()
    context.add_init_script("delete window.SharedWorker;")
    tab = Tab(browser, live_server.url, context=context)
    tab.log_in("alice", PASSWORD)  # this first page (the lobby) leads
    assert tab.page.evaluate("typeof SharedWorker") == "undefined"
    pages = []
    for match in matches:
        page = context.new_page()
        page.goto(live_server.url + match.get_absolute_url(), timeout=LOAD_MS)
        page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
        pages.append(page)
    _wait_for_one_stream(streams_before)
    for match in matches:
        _opponent_moves(match, bob)
    for page in pages:
        expect(page.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)

    tab.page.close()  # the leader goes: another page takes the lock and opens the stream again
    client = Client()
    client.force_login(bob)
    for match in matches:
        client.post(reverse("chat_post", args=[match.pk]), {"text": "Your move, alice."})
    for page in pages:
        expect(page.locator("#chat-lines")).to_contain_text("Your move, alice.", timeout=LIVE_MS)
    _wait_for_one_stream(streams_before)
    context.close()


def test_without_shared_workers_or_broadcast_channels_a_page_has_a_stream_of_its_own(browser, live_server):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=bob, player1=alice)
    context = browser.new_context()
    context.add_init_script("delete window.SharedWorker; delete window.BroadcastChannel;")
    tab = Tab(browser, live_server.url, context=context)
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())
    page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    _opponent_moves(match, bob)
    expect(page.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)
    assert tab.console_errors == []
    context.close()


def test_a_page_hears_of_a_move_made_between_its_drawing_and_its_joining_the_stream(browser, live_server):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=bob, player1=alice)
    tab = Tab(browser, live_server.url)
    tab.log_in("alice", PASSWORD)  # the lobby: the browser's stream is open, naming no match yet
    tab.page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    page = tab.context.new_page()

    def move_then_serve(route):
        _opponent_moves(match, bob)  # the page is drawn, its script not yet run
        route.continue_()

    page.route("**/js/live.js", move_then_serve)
    page.goto(live_server.url + match.get_absolute_url())
    expect(page.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)
    tab.context.close()


def test_a_page_acts_only_on_the_events_of_its_own_match(browser, live_server):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    here = MatchFactory(player0=bob, player1=alice)
    there = MatchFactory(player0=carol, player1=alice)
    tab = Tab(browser, live_server.url)
    tab.log_in("alice", PASSWORD)
    page_here = tab.go(here.get_absolute_url())
    page_there = tab.context.new_page()
    page_there.goto(live_server.url + there.get_absolute_url())
    for page in (page_here, page_there):
        page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    asked_here = []
    page_here.on("request", lambda request: asked_here.append(request.url) if "/live/play/" in request.url else None)

    _opponent_moves(there, carol)
    expect(page_there.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)
    expect(page_here.locator("#turn-count")).to_contain_text("(1)", timeout=LIVE_MS)  # alice's own event: every page
    assert asked_here == []  # the other match's position is not this page's
    _opponent_moves(here, bob)
    expect(page_here.locator(".status")).to_contain_text("Your turn", timeout=LIVE_MS)
    assert len(asked_here) == 1
    tab.context.close()


def test_a_page_drawn_for_someone_who_signed_out_since_hears_nothing_more(browser, live_server):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    UserFactory(username="carol")
    match = MatchFactory(player0=bob, player1=alice)
    tab = Tab(browser, live_server.url)
    tab.log_in("alice", PASSWORD)
    alices_page = tab.go(match.get_absolute_url())
    alices_page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    # In another tab alice signs out and carol signs in: the browser's stream is carol's from then on.
    carols_page = tab.context.new_page()
    carols_page.goto(live_server.url + "/accounts/logout/")
    carols_page.click("main form button[type=submit]")
    carols_page.goto(live_server.url + "/accounts/login/")
    carols_page.fill("input[name=login]", "carol")
    carols_page.fill("input[name=password]", PASSWORD)
    carols_page.click("form button[type=submit]")
    carols_page.goto(live_server.url + match.get_absolute_url())
    carols_page.wait_for_function("() => document.body.dataset.liveState === 'open'", timeout=LOAD_MS)
    asked = []
    alices_page.on("request", lambda request: asked.append(request.url) if "/live/" in request.url else None)

    _opponent_moves(match, bob)
    expect(carols_page.locator(".status")).to_contain_text("(alice) to move", timeout=LIVE_MS)
    carols_page.wait_for_timeout(500)
    assert asked == []  # alice's page would be drawn again for carol
    tab.context.close()
