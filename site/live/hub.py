"""One hub per web process: reads new notices and wakes the event streams that listen to their topics.

Without Redis (the embedded default) the hub reads the notice table every `LIVE_POLL_SECONDS` (a quarter of a
second): one indexed query per process whatever the number of open pages, and it sees notices written by any
process (web or worker). With Redis it also subscribes to the notices' channel, delivers them at once, and reads
the table only as a safety net (every few seconds), so a notice Redis lost arrives late but arrives.

The hub runs in a thread of its own and hands each notice to the streams' event loops thread-safely.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Max
from django.utils import timezone

from daymove.live.models import Notice
from daymove.live.notices import redis_channel

log = logging.getLogger(__name__)

# A notice id may commit after a higher one (PostgreSQL); the table is read again this far back.
COMMIT_LAG = timedelta(seconds=5)
SEEN_KEPT_SECONDS = 120.0  # how long delivered ids are remembered (longer than COMMIT_LAG)
FALLBACK_POLL = 0.25  # how often the table is read while Redis is away (seconds)
RESUBSCRIBE_SECONDS = 5.0  # how often a lost Redis subscription is tried again


@dataclass(eq=False)
class Listener:
    """One open stream: the topics and events it wants, and the (topic, event) pairs waiting to be sent (each once)."""

    loop: asyncio.AbstractEventLoop
    wanted: dict[str, frozenset[str]]
    pending: list[tuple[str, str]] = field(default_factory=list)
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def add(self, topic: str, event: str) -> None:
        """Queue `event` on `topic` if this stream wants it (call in the stream's loop)."""
        if event in self.wanted.get(topic, ()) and (topic, event) not in self.pending:
            self.pending.append((topic, event))
            self.wake.set()

    def take(self) -> list[tuple[str, str]]:
        """The (topic, event) pairs waiting, oldest first; the queue is empty after."""
        events, self.pending = self.pending, []
        self.wake.clear()
        return events


class Hub:
    """The process's reader of notices and its register of listeners."""

    def __init__(self, poll_seconds: float, redis_url: str = ""):
        self.poll_seconds = poll_seconds
        self.redis_url = redis_url
        self._listeners: dict[str, set[Listener]] = {}
        self._seen: dict[int, float] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._someone_came = threading.Event()  # ends the idle wait: a first page must not wait a whole poll
        self._watermark: int | None = None
        self._polls = 0

    # ---- listeners (called from the streams' event loops) ----------------------------------------------
    def listen(self, wanted: dict[str, frozenset[str]]) -> Listener:
        """Register a stream for `wanted` (topic -> events); starts the hub's thread on first use."""
        listener = Listener(asyncio.get_running_loop(), wanted)
        with self._lock:
            for topic in wanted:
                self._listeners.setdefault(topic, set()).add(listener)
            self._someone_came.set()
            if self._thread is None:
                self._stopping.clear()
                self._thread = threading.Thread(target=self._run, name="live-hub", daemon=True)
                self._thread.start()
        return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            for topic in listener.wanted:
                listeners = self._listeners.get(topic, set())
                listeners.discard(listener)
                if not listeners:
                    self._listeners.pop(topic, None)

    def listeners(self) -> frozenset:
        """The streams held now (the tests count those a browser opens)."""
        with self._lock:
            return frozenset(listener for listeners in self._listeners.values() for listener in listeners)

    # ---- delivery (any thread) ---------------------------------------------------------------------------
    def deliver(self, notice_id: int, topic: str, event: str) -> None:
        """Wake the listeners of `topic`, once per notice whichever way (table or Redis) it came."""
        now = time.monotonic()
        with self._lock:
            if notice_id in self._seen:
                return
            self._seen[notice_id] = now
            listeners = list(self._listeners.get(topic, ()))
        for listener in listeners:
            with contextlib.suppress(RuntimeError):  # that stream's loop has closed; it leaves on its own
                listener.loop.call_soon_threadsafe(listener.add, topic, event)

    # ---- the thread ----------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Stop the thread and close its database connection (tests; a process exit needs no call)."""
        thread = self._thread
        if thread is not None:
            self._stopping.set()
            self._someone_came.set()
            thread.join(timeout=10)
            self._thread = None

    def _run(self) -> None:
        pubsub = None
        next_read = next_subscribe = 0.0
        try:
            while not self._stopping.is_set():
                try:
                    if not self._listeners:
                        # Nobody listens: nothing to read. Listeners that come catch up by themselves.
                        pubsub = self._close(pubsub)
                        self._watermark = None
                        # The next listener is served at once: subscribe and read the table without waiting for
                        # the timers of the last active spell (a page opened right after another closed).
                        next_read = next_subscribe = 0.0
                        self._someone_came.wait(self.poll_seconds)
                        self._someone_came.clear()
                        continue
                    if self.redis_url and pubsub is None and time.monotonic() >= next_subscribe:
                        next_subscribe = time.monotonic() + RESUBSCRIBE_SECONDS
                        pubsub = self._subscribe()
                        next_read = 0.0  # messages may have been missed while unsubscribed: read the table now
                    wait = max(0.0, next_read - time.monotonic())
                    if pubsub is not None:
                        message = self._next_message(pubsub, min(wait, 1.0))
                        if message is False:
                            pubsub = self._close(pubsub)
                        elif message is not None:
                            self._deliver_message(message)
                            continue
                    else:
                        self._stopping.wait(wait)
                    if time.monotonic() >= next_read:
                        self._read_table()
                        # Without Redis (or while it is away) the table is the only way: read it often.
                        interval = self.poll_seconds if pubsub is not None else min(self.poll_seconds, FALLBACK_POLL)
                        next_read = time.monotonic() + interval
                except Exception as error:  # noqa: BLE001 - database or Redis away: pages wait, the hub tries again
                    log.warning("live hub: %s: %s; trying again in a second", type(error).__name__, error)
                    pubsub = self._close(pubsub)
                    connection.close()
                    self._stopping.wait(1.0)
        finally:
            self._close(pubsub)
            connection.close()

    @staticmethod
    def _next_message(pubsub, timeout: float):
        """The next Redis message (None if none came in `timeout`); False if the subscription is lost."""
        try:
            return pubsub.get_message(ignore_subscribe_messages=True, timeout=timeout)
        except Exception as error:  # noqa: BLE001 - any client error: read the table until Redis is back
            log.warning("live hub: Redis subscription lost (%s); reading the notice table meanwhile", error)
            return False

    @staticmethod
    def _close(pubsub) -> None:
        if pubsub is not None:
            with contextlib.suppress(Exception):
                pubsub.close()

    def _subscribe(self):
        import redis

        client = redis.Redis.from_url(self.redis_url, socket_connect_timeout=1, health_check_interval=15)
        pubsub = client.pubsub()
        pubsub.subscribe(redis_channel())
        return pubsub

    def _deliver_message(self, message: dict) -> None:
        try:
            data = json.loads(message["data"])
            self.deliver(int(data["id"]), str(data["topic"]), str(data["event"]))
        except (ValueError, KeyError, TypeError):
            log.warning("live hub: ignored a malformed message %r", message)

    def _read_table(self) -> None:
        """Deliver the notices after the watermark; move it past those old enough that none before them can still
        commit. Notices are never renumbered downwards, but a test database is emptied: then start over."""
        if self._watermark is None:  # (re)starting: from a little before the first listener came
            earlier = Notice.objects.filter(created__lt=timezone.now() - COMMIT_LAG)
            self._watermark = earlier.aggregate(top=Max("pk"))["top"] or 0
        rows = list(
            Notice.objects.filter(pk__gt=self._watermark)
            .order_by("pk")
            .values_list("pk", "topic", "event", "created")[:5000]
        )
        settled = timezone.now() - COMMIT_LAG
        advancing = True
        for pk, topic, event, created in rows:
            self.deliver(pk, topic, event)
            advancing = advancing and created < settled
            if advancing:
                self._watermark = pk
        self._polls += 1
        if not rows and self._polls % 40 == 0:
            top = Notice.objects.aggregate(top=Max("pk"))["top"] or 0
            if top < self._watermark:
                self._watermark = top
        self._forget_old_ids()

    def _forget_old_ids(self) -> None:
        horizon = time.monotonic() - SEEN_KEPT_SECONDS
        with self._lock:
            if len(self._seen) > 1000 or self._polls % 100 == 0:
                self._seen = {pk: at for pk, at in self._seen.items() if at >= horizon}


hub = Hub(settings.LIVE_POLL_SECONDS, settings.LIVE_REDIS_URL)
