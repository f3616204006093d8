"""A real Celery worker and beat on Redis send the emails a move causes, once each, also after an outage.

Runs when DAYMOVE_REQUIRE_SERVICES=1 (`.ci/run` under CI, with PostgreSQL and Redis); then an
unreachable Redis fails the test rather than skipping it. Without that variable it is skipped:
the same paths are covered in-process, with eager Celery, by test_notify.py.
"""

from __future__ import annotations

import email
import os
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.outbox.models import Job
from daymove.play import lookups
from daymove.round import challenges, endings, moves
from tests.factories import UserFactory
from tests.support.celery_worker import web_side_broker
from tools.liveservices import emails_in

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        os.environ.get("DAYMOVE_REQUIRE_SERVICES") != "1",
        reason="needs Redis and a real worker: set DAYMOVE_REQUIRE_SERVICES=1 (CI does)",
    ),
]

DEAD_BROKER = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused at once
REDIS_DB = "15"  # a database of its own on the Redis server, emptied before each test
WAIT = 90  # seconds for the worker to start and deliver


def _broker_url() -> str:
    url = settings.CELERY_BROKER_URL
    assert url.startswith("redis://"), f"the integration tests need a Redis broker, not {url}"
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{REDIS_DB}"))


@pytest.fixture
def broker():
    """The real Redis broker, reachable (else the test fails), with an empty database of its own."""
    url = _broker_url()
    client = redis.Redis.from_url(url, socket_connect_timeout=5)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis at {url} is unreachable: {error}")
    client.flushdb()
    yield url
    client.flushdb()


@pytest.fixture
def start_worker(broker, celery_workers, tmp_path):
    """Starts `celery -A daymove worker --beat` on the broker, writing mail to files; stopped afterwards."""

    def start() -> Path:
        celery_workers(broker, concurrency=1)
        return tmp_path / "mail"

    return start


def wait_for(folder: Path, count: int, log: Path) -> list[email.message.Message]:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = emails_in(folder)
        if len(found) >= count:
            return found
        time.sleep(0.5)
    pytest.fail(f"{len(emails_in(folder))} of {count} emails after {WAIT} s; worker log:\n{log.read_text()[-4000:]}")


def summary(messages) -> list[tuple[str, str]]:
    return sorted((m["To"], m["Subject"]) for m in messages)


def first_legal(match) -> str:
    match = lookups.get_match(match.pk)
    return match.rules.legal_move_strings(match.position())[0]


def test_a_move_sends_one_turn_email_and_one_reminder_at_the_threshold(broker, start_worker, tmp_path):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    mail_dir = start_worker()
    with web_side_broker(broker):
        challenge = challenges.create_challenge(alice, "abande", {}, creator_seat=1, rated=False)
        match = challenges.accept_challenge(challenge.pk, bob)  # bob moves first: he is on the page
        moves.submit_move(match.pk, bob, first_legal(match), 0)
    # alice's turn email waits for her to look at the match page; she does not, and beat's sweep sends it.
    turn = Job.objects.get(key=f"mail:{match.pk}:1:your_turn:{alice.pk}")
    waited = (turn.run_after - turn.created).total_seconds()
    assert abs(waited - settings.DAYMOVE_TURN_EMAIL_GRACE_SECONDS) < 1
    Job.objects.filter(pk=turn.pk).update(run_after=timezone.now() + timedelta(seconds=2))
    found = wait_for(mail_dir, 1, tmp_path / "worker.log")
    assert summary(found) == [("alice@example.com", f"Your turn: Abande #{match.pk} against bob")]
    assert found[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert found[0]["List-Id"] == "Daymove your turn emails <your-turn.daymove.localhost>"

    # The reminder is recorded for 24 hours before alice's deadline; let that moment come now.
    reminder = Job.objects.get(key=f"mail:{match.pk}:1:reminder-24h:{alice.pk}")
    assert reminder.run_after == MatchClock.objects.get(match=match).deadline1 - timedelta(hours=24)
    Job.objects.filter(pk=reminder.pk).update(run_after=timezone.now() + timedelta(seconds=2))
    found = wait_for(mail_dir, 2, tmp_path / "worker.log")
    time.sleep(5)  # several more sweeps: nothing may be sent again
    found = emails_in(mail_dir)
    subjects = [subject for _, subject in summary(found)]
    assert len(found) == 2 and sum(s.startswith("Reminder: your move") for s in subjects) == 1
    assert Job.objects.get(pk=reminder.pk).status == Job.Status.DONE


def test_with_the_broker_down_moves_stay_fast_and_after_recovery_each_email_goes_once(
    broker, start_worker, tmp_path, caplog
):
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    with web_side_broker(DEAD_BROKER):
        started = []
        for opponent in (bob, carol, bob):
            challenge = challenges.create_challenge(alice, "abande", {}, creator_seat=1, rated=False)
            started.append(challenges.accept_challenge(challenge.pk, opponent))
        first, second, third = started
        timings = []
        for match, player in ((first, bob), (second, carol)):
            began = time.monotonic()
            moves.submit_move(match.pk, player, first_legal(match), 0)
            timings.append(time.monotonic() - began)
        began = time.monotonic()
        endings.resign(third.pk, alice)
        timings.append(time.monotonic() - began)
    assert max(timings) < 1.5, timings  # the unreachable broker does not hold a move up
    emails = Job.objects.filter(kind="email").exclude(payload__kind="reminder")  # reminders are days away
    assert emails.count() == 4 and not emails.exclude(status=Job.Status.PENDING).exists()
    assert emails.filter(run_after__gt=timezone.now()).count() == 2  # the turn emails wait for a look
    refused = [r for r in caplog.records if "could not queue job mail:" in r.getMessage()]
    assert len(refused) == 2  # each hand-over (the results) met the dead broker, and none reached the live one
    assert redis.Redis.from_url(broker).llen("celery") == 0
    # The broker comes back after a while, the turn emails' grace passed unseen: the sweep (every second here)
    # hands the jobs over.
    a_while_ago = timezone.now() - timedelta(minutes=1)
    emails.update(created=a_while_ago - timedelta(minutes=5), run_after=a_while_ago)
    mail_dir = start_worker()
    found = wait_for(mail_dir, 4, tmp_path / "worker.log")
    time.sleep(5)
    found = emails_in(mail_dir)
    assert summary(found) == sorted(
        [
            ("alice@example.com", f"Your turn: Abande #{first.pk} against bob"),
            ("alice@example.com", f"Your turn: Abande #{second.pk} against carol"),
            ("alice@example.com", f"You lost: Abande #{third.pk} against bob"),
            ("bob@example.com", f"You won: Abande #{third.pk} against alice"),
        ]
    )
    assert not emails.exclude(status=Job.Status.DONE).exists()
