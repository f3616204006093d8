"""Live updates: notices recorded with each change, the hub that hands them to streams, the streams per viewer,
and the parts a page asks for ("nothing new" while what they show is current)."""

import asyncio
import contextlib
import json
import re
import threading
import time
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connections, transaction
from django.test import AsyncClient
from django.urls import reverse

from daymove.clocks import vacations
from daymove.errors import Refused
from daymove.live import notices
from daymove.live.hub import Hub, hub
from daymove.live.models import Notice
from daymove.live.views import MOST_MATCHES, missed_events
from daymove.play.challenges import decline_challenge
from daymove.play.draws import decline_draw
from daymove.round import challenges, draws, endings, moves
from daymove.talk.services import post_message, set_hidden
from tests.factories import MatchFactory, UserFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


def recorded():
    return sorted(Notice.objects.values_list("topic", "event"))


def test_a_move_announces_the_position_and_both_players_games(alice, bob, match):
    moves.submit_move(match.pk, alice, "d4", 0)
    assert recorded() == sorted(
        [(f"match-{match.pk}", "position"), (f"user-{alice.pk}", "turns"), (f"user-{bob.pk}", "turns")]
    )


def test_offers_chat_endings_and_challenges_are_announced(alice, bob, carol, match):
    draws.offer_draw(match.pk, bob)
    decline_draw(match.pk, alice)
    post_message(match, alice, "hello")
    Notice.objects.all().delete()
    endings.resign(match.pk, alice)
    assert (f"match-{match.pk}", "position") in recorded()
    Notice.objects.all().delete()
    challenge = challenges.create_challenge(carol, "abande", {}, "alice", rated=False)
    decline_challenge(challenge.pk, alice)
    assert recorded() == sorted([(f"user-{carol.pk}", "turns"), (f"user-{alice.pk}", "turns")] * 2)


def test_offer_and_chat_are_their_own_events(alice, bob, match):
    draws.offer_draw(match.pk, bob)
    decline_draw(match.pk, alice)
    post_message(match, alice, "hello")
    assert recorded() == [(f"match-{match.pk}", "chat")] + [(f"match-{match.pk}", "offer")] * 2


def test_a_refused_or_rolled_back_change_announces_nothing(alice, bob, match):
    with pytest.raises(Refused):
        moves.submit_move(match.pk, bob, "d4", 0)  # not bob's turn
    with transaction.atomic():
        moves.submit_move(match.pk, alice, "d4", 0)
        transaction.set_rollback(True)
    assert recorded() == []


def test_the_players_parts_answer_nothing_new_until_their_version_changes(alice, bob, match, client):
    client.force_login(alice)
    play, actions = (reverse("match_part", args=[match.pk, part]) for part in ("play", "actions"))
    current = {"ply": 0, "status": "active", "offer": ""}
    assert client.get(play, current, **HTMX).status_code == 204
    draws.offer_draw(match.pk, bob)
    assert client.get(play, current, **HTMX).status_code == 204  # the position did not change
    response = client.get(actions, current, **HTMX)
    assert response.status_code == 200 and "Your opponent offers a draw" in response.content.decode()
    assert 'id="match-actions"' in response.content.decode() and 'id="play"' not in response.content.decode()
    assert client.get(actions, current | {"offer": 1}, **HTMX).status_code == 204
    assert client.get(reverse("match_part", args=[match.pk, "nothing"]), **HTMX).status_code == 404


def _chat_version(response) -> str:
    return re.search(r"after=([0-9.]+)", response.content.decode()).group(1)


def test_chat_lines_answer_nothing_new_until_a_line_is_posted_or_hidden(alice, bob, match, client):
    client.force_login(alice)
    url = reverse("chat_read", args=[match.pk])
    first = _chat_version(client.get(match.get_absolute_url()))
    assert client.get(url, {"after": first}, **HTMX).status_code == 204
    line = post_message(match, bob, "your move")
    response = client.get(url, {"after": first}, **HTMX)
    assert "your move" in response.content.decode()
    posted = _chat_version(response)
    assert client.get(url, {"after": posted}, **HTMX).status_code == 204
    Notice.objects.all().delete()
    assert set_hidden(line, True) and not set_hidden(line, True)  # the second changes nothing
    assert recorded() == [(f"match-{match.pk}", "chat")]
    response = client.get(url, {"after": posted}, **HTMX)
    assert "your move" not in response.content.decode() and "hidden by a moderator" in response.content.decode()
    assert client.get(url, {"after": _chat_version(response)}, **HTMX).status_code == 204


def test_a_vacation_updates_the_clocks_on_the_opponents_open_page(alice, bob, match, client):
    client.force_login(bob)
    clock = reverse("match_part", args=[match.pk, "clock"])
    assert "is away" not in client.get(clock, **HTMX).content.decode()
    today = vacations.local_today(alice)
    vacation = vacations.book_vacation(alice, today, today + timedelta(days=2))
    topic = f"match-{match.pk}"
    assert (topic, "away") in recorded() and (f"user-{bob.pk}", "turns") in recorded()
    assert "alice is away until" in client.get(clock, **HTMX).content.decode()
    Notice.objects.all().delete()
    vacations.cancel_vacation(alice, vacation.pk)
    assert (topic, "away") in recorded()
    assert "away until" not in client.get(clock, **HTMX).content.decode()


def test_the_next_game_part_offers_a_match_that_became_the_players_turn_while_the_page_was_open(
    alice, bob, carol, match, client
):
    there = MatchFactory(player0=carol, player1=bob)  # carol to move there; bob waits for alice here
    part = reverse("match_part", args=[match.pk, "next_game"])
    client.force_login(bob)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'hx-trigger="sse:turns"' in page and 'id="next-game"' not in page
    assert 'id="next-game"' not in client.get(part, **HTMX).content.decode()
    moves.submit_move(there.pk, carol, there.rules.legal_move_strings(there.position())[0], 0)
    assert (f"user-{bob.pk}", "turns") in recorded()  # what makes the open page ask for the part again
    answer = client.get(part, **HTMX).content.decode()
    assert f"Next game: Abande #{there.pk} against carol" in answer and 'id="play"' not in answer
    client.force_login(carol)  # a spectator of this match has no next game to be offered here
    assert "next-game" not in client.get(part, **HTMX).content.decode()


def test_the_nav_count_and_title_follow_the_games_waiting(alice, bob, match, client):
    client.force_login(bob)
    page = client.get(reverse("lobby")).content.decode()
    assert "<title>Lobby · Daymove</title>" in page and 'data-count="0"' in page
    moves.submit_move(match.pk, alice, "d4", 0)
    page = client.get(reverse("lobby")).content.decode()
    assert "<title>(1) Lobby · Daymove</title>" in page and 'data-count="1"' in page
    assert client.get(reverse("turn_count"), {"n": 1}, **HTMX).status_code == 204
    assert 'data-count="1"' in client.get(reverse("turn_count"), {"n": 0}, **HTMX).content.decode()


def test_pages_join_their_browsers_stream(alice, match, client):
    anonymous_lobby = client.get(reverse("lobby")).content.decode()
    assert "data-live-events" not in anonymous_lobby  # nothing to tell a visitor there
    spectator_page = client.get(match.get_absolute_url()).content.decode()
    assert 'data-live-events="/live/events/"' in spectator_page
    assert f'data-live-match="{match.pk}" data-live-viewer="" data-live-since="' in spectator_page
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'data-live-match="" data-live-viewer="{alice.pk}" data-live-since="' in lobby


def test_a_late_page_catches_up_with_what_was_announced_after_it_was_drawn(alice, bob, match):
    drawn = time.time()
    wanted = {f"match-{match.pk}": frozenset({"position", "offer"}), f"user-{bob.pk}": frozenset({"turns"})}
    from datetime import UTC, datetime

    since = datetime.fromtimestamp(drawn, tz=UTC)
    assert missed_events(wanted, since) == []
    moves.submit_move(match.pk, alice, "d4", 0)
    post_message(match, alice, "psst")  # chat: not wanted by this viewer
    assert missed_events(wanted, since) == [(f"match-{match.pk}", "position"), (f"user-{bob.pk}", "turns")]
    long_ago = datetime.fromtimestamp(drawn - 3600, tz=UTC)
    assert len(missed_events(wanted, long_ago)) == 3  # older than the notices kept: everything


# ---- the stream, read as a browser reads it ---------------------------------------------------------------


async def _read_events(response, count: int, timeout: float = 3.0) -> list[str]:
    """The next `count` event names of a stream ("ready" and "alive" skipped)."""
    return [event for event, _topic in await _read_pairs(response, count, timeout)]


async def _read_pairs(response, count: int, timeout: float = 3.0, skip=("ready", "alive")) -> list[tuple[str, str]]:
    """The next `count` (event, data) pairs of a stream."""
    pairs = []
    chunks = response.streaming_content.__aiter__()
    async with asyncio.timeout(timeout):
        while len(pairs) < count:
            chunk = (await chunks.__anext__()).decode()
            found = re.findall(r"^event: (.*)\ndata: (.*)$", chunk, re.MULTILINE)
            pairs += [(event, data) for event, data in found if event not in skip]
    return pairs


@pytest.fixture
def stopped_hub():
    yield hub
    hub.stop()


@pytest.mark.django_db(transaction=True)
def test_each_viewer_hears_only_of_what_their_page_shows(stopped_hub):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    match = MatchFactory(player0=alice, player1=bob)
    url = f"{reverse('live_events')}?m={match.pk}&t={time.time():.1f}"

    async def scenario():
        player, spectator = AsyncClient(), AsyncClient()
        await player.aforce_login(alice)
        await spectator.aforce_login(carol)
        alice_stream = await player.get(url)
        carol_stream = await spectator.get(url)
        assert alice_stream["Content-Type"] == "text/event-stream"
        # Open both streams (the first read registers them), then bob offers a draw and chats, alice moves.
        readers = [
            asyncio.ensure_future(_read_events(alice_stream, 4)),
            asyncio.ensure_future(_read_events(carol_stream, 1)),
        ]
        await asyncio.sleep(0.5)
        await sync_to_async(draws.offer_draw)(match.pk, bob)
        await sync_to_async(post_message)(match, bob, "hi")
        await asyncio.sleep(0.6)  # so that the move's events come in a read of their own
        await sync_to_async(moves.submit_move)(match.pk, alice, "d4", 0)
        alice_events, carol_events = await asyncio.gather(*readers)
        assert sorted(alice_events[:2]) == ["chat", "offer"]
        assert sorted(alice_events[2:]) == ["position", "turns"]
        assert carol_events == ["position"]  # a spectator is told neither of offers nor of the players' chat
        for response in (alice_stream, carol_stream):
            with contextlib.suppress(Exception):
                await response.streaming_content.aclose()

    _in_a_thread(async_to_sync(scenario))


def _in_a_thread(function):
    """Run `function` in a thread of its own (no event loop may be running where async_to_sync runs) and re-raise."""
    failures = []

    def run():
        try:
            function()
        except BaseException as error:  # noqa: BLE001 - handed back to the test's thread
            failures.append(error)
        finally:
            connections.close_all()  # this thread's own, before the test database goes

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if failures:
        raise failures[0]


@pytest.mark.django_db
def test_a_stream_for_no_match_is_refused_and_a_visitor_without_one_gets_none(client):
    assert client.get(reverse("live_events"), {"m": "999999"}).status_code == 404
    assert client.get(reverse("live_events"), {"m": "²"}).status_code == 404
    assert client.get(reverse("live_events")).status_code == 204


# ---- the hub: from the table, and from Redis when it has it -----------------------------------------------


def _listen(test_hub, topic):
    """A listener of `topic` on an event loop of its own thread (the browser tests' Playwright runs a loop in this
    one), and a way to read what it got."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    async def register():
        return test_hub.listen({topic: frozenset({"position"})})

    listener = asyncio.run_coroutine_threadsafe(register(), loop).result(5)

    def received(within: float) -> list[str]:
        async def wait():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listener.wake.wait(), within)
            return listener.take()

        return asyncio.run_coroutine_threadsafe(wait(), loop).result(within + 5)

    return listener, received


@pytest.mark.django_db(transaction=True)
def test_the_hub_reads_notices_from_the_table():
    test_hub = Hub(poll_seconds=0.1)
    try:
        _, received = _listen(test_hub, "match-7")
        time.sleep(0.3)
        notices.publish("match-7", "position")
        notices.publish("match-8", "position")  # not listened to
        assert received(within=2.0) == [("match-7", "position")]
        assert received(within=0.5) == []  # delivered once, though the table is read again
    finally:
        test_hub.stop()


@pytest.mark.django_db(transaction=True)
def test_a_page_opened_while_the_hub_is_idle_hears_at_once_not_after_a_whole_poll():
    test_hub = Hub(poll_seconds=5.0)  # as with Redis (a safety-net poll), here without it
    try:
        first, _ = _listen(test_hub, "match-7")
        test_hub.leave(first)
        time.sleep(0.5)  # the hub's thread has found nobody listening and waits
        _, received = _listen(test_hub, "match-7")
        notices.publish("match-7", "position")
        began = time.monotonic()
        assert received(within=2.0) == [("match-7", "position")]
        assert time.monotonic() - began < 1.5
    finally:
        test_hub.stop()


@pytest.mark.django_db(transaction=True)
@pytest.mark.integration
def test_with_redis_a_page_opened_just_after_the_last_one_closed_hears_at_once(private_redis, settings):
    settings.LIVE_REDIS_URL = private_redis.url
    notices._redis = None
    test_hub = Hub(poll_seconds=5.0, redis_url=private_redis.url)
    try:
        first, _ = _listen(test_hub, "match-7")
        time.sleep(0.5)  # subscribed
        test_hub.leave(first)
        time.sleep(1.5)  # past the hub's 1 s wait for a message: it has found nobody listening and unsubscribed
        _, received = _listen(test_hub, "match-7")
        time.sleep(0.5)
        with transaction.atomic():
            notices.publish("match-7", "position")
        began = time.monotonic()
        assert received(within=2.0) == [("match-7", "position")]
        assert time.monotonic() - began < 1.0  # not after the 5 s safety-net read or resubscription delay
    finally:
        test_hub.stop()
        notices._redis = None


@pytest.mark.django_db(transaction=True)
@pytest.mark.integration
def test_with_redis_a_notice_is_instant_and_one_redis_lost_comes_from_the_table(private_redis, settings):
    settings.LIVE_REDIS_URL = private_redis.url
    notices._redis = None
    test_hub = Hub(poll_seconds=2.0, redis_url=private_redis.url)
    try:
        _, received = _listen(test_hub, "match-7")
        time.sleep(0.5)  # subscribed
        with transaction.atomic():
            notices.publish("match-7", "position")
        began = time.monotonic()
        assert received(within=1.0) == [("match-7", "position")]
        assert time.monotonic() - began < 0.5  # Redis, not the table read every 2 s
        private_redis.stop()
        with transaction.atomic():
            notices.publish("match-7", "position")  # Redis is down: the publish fails, the move does not
        assert received(within=6.0) == [("match-7", "position")]  # the table, a little later
    finally:
        test_hub.stop()
        notices._redis = None


# ---- one stream for all the pages of a browser, and what a page missed before it joined --------------------------


@pytest.mark.django_db(transaction=True)
def test_one_stream_serves_every_match_page_of_a_browser_each_event_named_with_its_match(stopped_hub):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    playing = MatchFactory(player0=alice, player1=bob)
    watching = MatchFactory(player0=bob, player1=carol)
    gone = 999999  # a page of a match deleted since: the other pages are still served
    url = f"{reverse('live_events')}?m={playing.pk}&m={watching.pk}&m={gone}&t={time.time():.1f}"

    async def scenario():
        browser = AsyncClient()
        await browser.aforce_login(alice)
        stream = await browser.get(url)
        assert stream.status_code == 200
        ready = await _read_pairs(stream, 1, skip=())
        assert ready[0][0] == "ready"
        assert json.loads(ready[0][1]) == {
            "viewer": str(alice.pk),
            "events": ["away", "chat", "offer", "position", "turns"],
        }
        reader = asyncio.ensure_future(_read_pairs(stream, 2))
        await sync_to_async(post_message)(watching, bob, "hi carol")  # their chat: not alice's to hear of
        await sync_to_async(draws.offer_draw)(playing.pk, bob)
        await asyncio.sleep(0.6)
        await sync_to_async(moves.submit_move)(watching.pk, bob, "d4", 0)  # alice watches it: the position
        assert sorted(await reader) == [("offer", f"match-{playing.pk}"), ("position", f"match-{watching.pk}")]
        with contextlib.suppress(Exception):
            await stream.streaming_content.aclose()

    _in_a_thread(async_to_sync(scenario))


@pytest.mark.django_db(transaction=True)
def test_a_stream_resumed_after_a_drop_repeats_what_was_announced_since_its_last_event(stopped_hub):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(player0=alice, player1=bob)
    last_heard = f"{time.time() - 1:.1f}"
    moves.submit_move(match.pk, alice, "d4", 0)  # while bob's browser was reconnecting

    async def scenario():
        browser = AsyncClient()
        await browser.aforce_login(bob)
        # The browser resumes the stream it had (its URL still says when its first page was drawn: later).
        stream = await browser.get(
            f"{reverse('live_events')}?m={match.pk}&t={time.time():.1f}", headers={"Last-Event-ID": last_heard}
        )
        assert sorted(await _read_pairs(stream, 2)) == [("position", f"match-{match.pk}"), ("turns", f"user-{bob.pk}")]
        with contextlib.suppress(Exception):
            await stream.streaming_content.aclose()

    _in_a_thread(async_to_sync(scenario))


def test_a_page_asks_what_it_missed_before_it_joined_as_its_viewer_may_hear_it(alice, bob, carol, match, client):
    drawn = f"{time.time() - 1:.1f}"
    missed = reverse("live_missed")
    client.force_login(alice)
    assert client.get(missed, {"m": match.pk, "t": drawn}).json() == {"events": []}
    draws.offer_draw(match.pk, bob)
    post_message(match, bob, "hi")
    assert client.get(missed, {"m": match.pk, "t": drawn}).json() == {"events": ["chat", "offer"]}
    assert client.get(missed, {"t": drawn}).json() == {"events": []}  # another page of alice's: her games unchanged
    client.force_login(carol)
    assert client.get(missed, {"m": match.pk, "t": drawn}).json() == {"events": []}  # the players' chat and offers
    client.logout()
    assert client.get(missed, {"m": match.pk, "t": drawn}).json() == {"events": []}
    assert client.get(missed, {"m": "999999", "t": drawn}).status_code == 404
    assert client.get(missed, {"m": [match.pk, match.pk + 1], "t": drawn}).status_code == 400


@pytest.mark.django_db
def test_a_stream_names_at_most_so_many_matches(client):
    assert client.get(reverse("live_events"), {"m": list(range(1, MOST_MATCHES + 2))}).status_code == 400
