"""Recording notices, in the transaction of the change they announce.

The notice row commits (or rolls back) with the change, so a web process never announces a change that did
not happen and never misses one that did: its hub reads the rows. With Redis configured, the notice is also
published on commit for an instant wake-up; a publish that fails only delays the page until the hub's next
read of the table.
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.db import connection, transaction

from daymove.live.models import Notice
from daymove.play.signals import is_replaying_history

log = logging.getLogger(__name__)

# What changed on a match page, and on a player's list of games.
POSITION = "position"  # a move or an ending: board, status, clock, history, header
OFFER = "offer"  # a draw offer made or declined
CHAT = "chat"  # a chat line
AWAY = "away"  # the clocks changed but not by a move (a vacation booked or cancelled, a deadline extended)
TURNS = "turns"  # one of the player's matches or challenges: the lobby lists and the "your turn" count
PLACES = "places"  # a ladder's places: its rows, its open games, its recent changes
TABLE = "table"  # a league division's table: standings, statuses, crosstable, fixtures

# Pages anyone may open that follow one object: the kind of topic each names (data-live-topic="ladder-3") and the
# events it carries. A match page names its match instead (its events depend on whether the viewer plays in it).
PAGE_TOPICS = {"ladder": frozenset({PLACES}), "division": frozenset({TABLE})}

_redis = None


def match_topic(match_id) -> str:
    return f"match-{match_id}"


def user_topic(user_id) -> str:
    return f"user-{user_id}"


def ladder_topic(ladder_id) -> str:
    return f"ladder-{ladder_id}"


def division_topic(division_id) -> str:
    return f"division-{division_id}"


def page_topic_events(topic: str) -> frozenset[str] | None:
    """The events a page's topic ("ladder-3") carries; None if it is not one."""
    kind, _, number = topic.partition("-")
    if kind not in PAGE_TOPICS or not (number.isascii() and number.isdigit() and len(number) < 19):
        return None
    return PAGE_TOPICS[kind]


def publish(topic: str, event: str) -> None:
    """Record that `event` happened on `topic` (call inside the transaction of the change; nothing for replayed
    history: no page is open on a match being seeded)."""
    _publish_all([(topic, event)])


def _publish_all(pairs: list[tuple[str, str]]) -> None:
    """Record each (topic, event) notice in one insert, as `publish` says."""
    if is_replaying_history() or not pairs:
        return
    notices = Notice.objects.bulk_create([Notice(topic=topic, event=event) for topic, event in pairs])
    if settings.LIVE_REDIS_URL:
        transaction.on_commit(lambda: [_broadcast(notice) for notice in notices])


def match_changed(match, event: str) -> None:
    """A match page's `event` part changed; a new position also changes both players' lists of games."""
    players = (match.player0_id, match.player1_id) if event == POSITION else ()
    _publish_all([(match_topic(match.pk), event), *_turns_of(players)])


def players_changed(*user_ids) -> None:
    """The lists of games (lobby, "your turn" count) of these players changed."""
    _publish_all(_turns_of(user_ids))


def _turns_of(user_ids) -> list[tuple[str, str]]:
    return [(user_topic(user_id), TURNS) for user_id in sorted({pk for pk in user_ids if pk is not None})]


def redis_channel() -> str:
    """The Redis channel of this site's notices (named after its database, so sites sharing a Redis stay apart)."""
    return f"daymove:live:{connection.settings_dict['NAME']}"


def redis_client():
    """This process's Redis client for live notices (fails fast: a page waits, a move never does)."""
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
    return _redis


def _broadcast(notice: Notice) -> None:
    message = json.dumps({"id": notice.pk, "topic": notice.topic, "event": notice.event})
    try:
        redis_client().publish(redis_channel(), message)
    except Exception as error:  # noqa: BLE001 - any Redis failure: the hubs read the notice from the table
        log.warning("live notice %s not published to Redis (%s); pages get it from the table", notice.pk, error)
