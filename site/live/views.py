"""The Server-Sent Events stream of a browser's pages, what a page missed before it joined it, and the nav's count.

A stream sends only event names ("position", "offer", "chat", "turns", "places"), each with its topic
("match-12", "user-3", "ladder-2"); a page then asks its own views for the parts that changed, so what a viewer
sees is decided where it always is. Events are filtered per viewer too: chat is announced to the two players only,
draw offers to the players only. One stream serves all the open pages of a browser (static/js/live-worker.js): it
names every match they show and every page topic (`notices.PAGE_TOPICS`, such as a ladder's), and each event's
topic says which pages it is for.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from asgiref.sync import sync_to_async
from django.db import connection
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from daymove.live import notices
from daymove.live.context import complete_since
from daymove.live.hub import hub
from daymove.live.models import Notice
from daymove.play.models import Match
from daymove.play.turns import waiting_count
from daymove.players.viewer import page_fact

KEEPALIVE_SECONDS = 20  # a comment line this often keeps proxies from closing an idle stream
RETRY_MILLISECONDS = 2000  # how soon the browser reconnects after the stream drops
NOTICES_KEPT = timedelta(minutes=10)  # a page older than this, reconnecting, refreshes all its live parts
MOST_MATCHES = 200  # match pages open in one browser, sharing its stream (the query and the URL stay small)


def wanted_topics(user, match_ids: list[int], page_topics: Sequence[str] = ()) -> dict[str, frozenset[str]] | None:
    """The topics and events this viewer's pages listen to; None if `match_ids` names matches and none exists
    (a match gone while a page of it was open is left out of the others' stream). Page topics are open to anyone."""
    wanted = {topic: notices.page_topic_events(topic) for topic in page_topics}
    if user.is_authenticated:
        wanted[notices.user_topic(user.pk)] = frozenset({notices.TURNS})
    if match_ids:
        found = list(Match.objects.filter(pk__in=match_ids).values_list("pk", "player0_id", "player1_id"))
        for match_id, *players in found:
            is_player = user.is_authenticated and user.pk in players
            events = {notices.POSITION, notices.AWAY} | ({notices.OFFER, notices.CHAT} if is_player else set())
            wanted[notices.match_topic(match_id)] = frozenset(events)
        if not found:
            return None
    return wanted


def missed_events(wanted: dict[str, frozenset[str]], since: datetime | None) -> list[tuple[str, str]]:
    """The (topic, event) pairs announced since the page was drawn: a page that connects late or reconnects
    refreshes what changed meanwhile (a page older than the notices kept refreshes everything it shows)."""
    if since is None:
        return []
    if since < datetime.now(UTC) - NOTICES_KEPT:
        return [(topic, event) for topic, events in wanted.items() for event in sorted(events)]
    found = Notice.objects.filter(topic__in=list(wanted), created__gt=since).values_list("topic", "event")
    return sorted({(topic, event) for topic, event in found if event in wanted[topic]})


def _closing(function):
    """`function` for an async view, closing its thread's database connection after: a stream lives for hours and
    must not hold a connection all that time (500 open pages would be 500 PostgreSQL connections)."""

    def run(*args):
        try:
            return function(*args)
        finally:
            if not connection.in_atomic_block:  # (a test's own transaction is not this view's to end)
                connection.close()

    return sync_to_async(run)


def _match_ids(request) -> list[int] | None:
    """The match ids named by `m` (repeated), distinct; None if one is not a number."""
    values = request.GET.getlist("m")
    if not all(value.isascii() and value.isdigit() and len(value) < 19 for value in values):
        return None
    return sorted({int(value) for value in values})


def _page_topics(request) -> list[str] | None:
    """The page topics named by `p` (repeated), distinct; None if one is not a page topic."""
    topics = sorted(set(request.GET.getlist("p")))
    return topics if all(notices.page_topic_events(topic) for topic in topics) else None


def _since(value: str | None) -> datetime | None:
    try:
        return datetime.fromtimestamp(float(value), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def _refused(match_ids: list[int] | None, page_topics: list[str] | None) -> HttpResponse | None:
    """The answer to a request naming a malformed match or page topic, or too many; None if they are fine."""
    if match_ids is None:
        return HttpResponse("No such match.", status=404, content_type="text/plain")
    if page_topics is None:
        return HttpResponse("No such page.", status=404, content_type="text/plain")
    if len(match_ids) > MOST_MATCHES or len(page_topics) > MOST_MATCHES:
        return HttpResponse(f"At most {MOST_MATCHES} matches.", status=400, content_type="text/plain")
    return None


def _event(name: str, data: str) -> str:
    """One event, with the moment up to which the stream is complete (a reconnecting browser sends it back)."""
    return f"id: {complete_since()}\nevent: {name}\ndata: {data}\n\n"


async def _stream(wanted: dict[str, frozenset[str]], since: datetime | None, viewer: str):
    """Listen from the first read on (an answer nobody reads registers nothing), after the catch-up.

    The first event, "ready", says whose stream it is and which event names it may carry: from then on nothing
    announced on its topics is missed. "alive" keeps proxies from closing an idle stream and moves its id on.
    """
    listener = hub.listen(wanted)
    try:
        for topic, event in await _closing(missed_events)(wanted, since):
            listener.add(topic, event)
        names = sorted(set().union(*wanted.values()))
        yield f"retry: {RETRY_MILLISECONDS}\n" + _event("ready", json.dumps({"viewer": viewer, "events": names}))
        while True:
            try:
                await asyncio.wait_for(listener.wake.wait(), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield _event("alive", "alive")
                continue
            yield "".join(_event(event, topic) for topic, event in listener.take())
    finally:
        hub.leave(listener)


@never_cache
@require_GET
async def events(request):
    """The event stream of a browser's pages: `m` = the id of each match page open (repeated), `p` = each other
    page's topic (repeated), `t` = since when events are wanted (epoch seconds: when the page was drawn, or what
    the browser heard last)."""
    match_ids, page_topics = _match_ids(request), _page_topics(request)
    if refused := _refused(match_ids, page_topics):
        return refused
    user = await request.auser()
    wanted = await _closing(wanted_topics)(user, match_ids, page_topics)
    if wanted is None:
        return HttpResponse("No such match.", status=404, content_type="text/plain")
    if not wanted:
        return HttpResponse(status=204)  # nothing this viewer could be told (the browser stops asking)
    since = _since(request.headers.get("Last-Event-ID") or request.GET.get("t"))
    viewer = str(user.pk) if user.is_authenticated else ""
    response = StreamingHttpResponse(_stream(wanted, since, viewer), content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # a proxy must pass each event on at once
    return response


@never_cache
@require_GET
def missed(request):
    """What a page (`m`: its match, or `p`: its topic, if any) missed between when it was drawn (`t`) and when
    it joined the browser's stream: the names of the events, as JSON."""
    match_ids, page_topics = _match_ids(request), _page_topics(request)
    if refused := _refused(match_ids, page_topics):
        return refused
    if len(match_ids) + len(page_topics) > 1:
        return HttpResponse("One page at a time.", status=400, content_type="text/plain")
    wanted = wanted_topics(request.user, match_ids, page_topics)
    if wanted is None:
        return HttpResponse("No such match.", status=404, content_type="text/plain")
    found = missed_events(wanted, _since(request.GET.get("t")))
    return JsonResponse({"events": sorted({event for _topic, event in found})})


@never_cache
@require_GET
def turn_count(request):
    """htmx: the nav's count of matches waiting for the viewer; 204 while it is still `n`."""
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    count = page_fact(request, "turns_waiting", lambda: waiting_count(request.user))
    if request.GET.get("n") == str(count):
        return HttpResponse(status=204)
    return render(request, "partials/turn_count.html", {"turn_count": count})
