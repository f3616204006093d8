"""The Server-Sent Events stream of a page, and the "your turn" count in the nav.

A stream sends only event names ("position", "offer", "chat", "turns"); the page then asks its own views for the
parts that changed, so what a viewer sees is decided where it always is. Events are filtered per viewer too:
chat is announced to the two players only, draw offers to the players only.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from asgiref.sync import sync_to_async
from django.db import connection
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from daymove.live import notices
from daymove.live.hub import hub
from daymove.live.models import Notice
from daymove.play.models import Match
from daymove.play.turns import waiting_count

KEEPALIVE_SECONDS = 20  # a comment line this often keeps proxies from closing an idle stream
RETRY_MILLISECONDS = 2000  # how soon the browser reconnects after the stream drops
NOTICES_KEPT = timedelta(minutes=10)  # a page older than this, reconnecting, refreshes all its live parts


def wanted_topics(user, match_id) -> dict[str, frozenset[str]] | None:
    """The topics and events this viewer's page listens to; None if `match_id` names no match."""
    wanted = {}
    if user.is_authenticated:
        wanted[notices.user_topic(user.pk)] = frozenset({notices.TURNS})
    if match_id is not None:
        players = Match.objects.filter(pk=match_id).values_list("player0_id", "player1_id").first()
        if players is None:
            return None
        is_player = user.is_authenticated and user.pk in players
        events = {notices.POSITION, notices.AWAY} | ({notices.OFFER, notices.CHAT} if is_player else set())
        wanted[notices.match_topic(match_id)] = frozenset(events)
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


def _match_id(request) -> int | None | bool:
    value = request.GET.get("m")
    if value is None:
        return None
    return int(value) if value.isascii() and value.isdigit() and len(value) < 19 else False


def _since(request) -> datetime | None:
    try:
        return datetime.fromtimestamp(float(request.GET["t"]), tz=UTC)
    except (KeyError, ValueError, OverflowError, OSError):
        return None


async def _stream(wanted: dict[str, frozenset[str]], since: datetime | None):
    """Listen from the first read on (an answer nobody reads registers nothing), after the catch-up."""
    listener = hub.listen(wanted)
    try:
        for topic, event in await _closing(missed_events)(wanted, since):
            listener.add(topic, event)
        yield f"retry: {RETRY_MILLISECONDS}\n\n"
        while True:
            try:
                await asyncio.wait_for(listener.wake.wait(), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            for event in listener.take():
                yield f"event: {event}\ndata: {event}\n\n"
    finally:
        hub.leave(listener)


@never_cache
@require_GET
async def events(request):
    """The page's event stream: `m` = the match page's id, `t` = when the page was drawn (epoch seconds)."""
    match_id = _match_id(request)
    if match_id is False:
        return HttpResponse("No such match.", status=404, content_type="text/plain")
    user = await request.auser()
    wanted = await _closing(wanted_topics)(user, match_id)
    if wanted is None:
        return HttpResponse("No such match.", status=404, content_type="text/plain")
    if not wanted:
        return HttpResponse(status=204)  # nothing this viewer could be told (the browser stops asking)
    response = StreamingHttpResponse(_stream(wanted, _since(request)), content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # a proxy must pass each event on at once
    return response


@never_cache
@require_GET
def turn_count(request):
    """htmx: the nav's count of matches waiting for the viewer; 204 while it is still `n`."""
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    count = waiting_count(request.user)
    if request.GET.get("n") == str(count):
        return HttpResponse(status=204)
    return render(request, "partials/turn_count.html", {"turn_count": count})
