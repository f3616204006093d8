"""The failure check: its email count and report, and its scenario, short, on real services.

The scenario (Redis stopped mid-play, a worker killed mid-task) runs when DAYMOVE_REQUIRE_SERVICES=1
(`.ci/run` under CI, with PostgreSQL and Redis); then a private redis-server that cannot start fails the
test rather than skipping it. `make failurecheck` runs the long version.
"""

from __future__ import annotations

import collections
import os

import pytest
from django.conf import settings
from django.core.mail import EmailMessage, get_connection

from tests.support.celery_worker import web_side_broker
from tools import failurecheck

SHORT = failurecheck.Config(pairs=2, bot_matches=1, rounds=1, outage_seconds=3, settle_timeout=40, linger=3)
# The outbox of the workers: a dead worker's job is handed over again after 5 s, a new job left alone for 1 s.
OUTBOX = {"DAYMOVE_OUTBOX_STALE_CLAIM_SECONDS": "5", "DAYMOVE_OUTBOX_SWEEP_GRACE_SECONDS": "1"}


def test_the_email_count_finds_doubled_lost_and_unexpected_emails(tmp_path):
    backend = get_connection("django.core.mail.backends.filebased.EmailBackend", file_path=str(tmp_path))
    sent = [
        ("a@example.com", "Your turn: Abande #5 against b"),
        ("a@example.com", "Your turn: Abande #5 against b"),
        ("b@example.com", "Your turn: Abande #6 against a"),
        ("c@example.com", "Your turn: Abande #7 against d"),
    ]
    backend.send_messages([EmailMessage(subject, "body", "x@example.com", [to]) for to, subject in sent])
    expected = collections.Counter({("a@example.com", 5): 1, ("b@example.com", 6): 2})
    report = failurecheck.Report(failurecheck.Config())
    failurecheck.count_emails(report, expected, tmp_path)
    assert (report.emails_sent, report.emails_expected) == (4, 3)
    assert (report.duplicates, report.missing, report.unexpected) == (1, 1, 1)
    assert {"1 emails doubled", "1 emails lost", "1 unexpected emails"} <= set(report.problems)


@pytest.mark.integration
@pytest.mark.skipif(
    os.environ.get("DAYMOVE_REQUIRE_SERVICES") != "1",
    reason="needs redis-server and real workers: set DAYMOVE_REQUIRE_SERVICES=1 (CI does)",
)
def test_no_move_lost_no_email_doubled_and_the_bot_moves_after_an_outage_and_a_killed_worker(
    private_redis, celery_workers, tmp_path, monkeypatch
):
    monkeypatch.setattr(settings, "DAYMOVE_TURN_EMAIL_GRACE_SECONDS", 0)  # the check counts turn emails, not looks
    # The web side must fail fast on a dead broker, as configured for Redis (CI sets CELERY_BROKER_URL).
    assert settings.CELERY_BROKER_URL.startswith("redis://"), "run with CELERY_BROKER_URL=redis://…"
    with web_side_broker(private_redis.url):
        report = failurecheck.run(
            SHORT, private_redis, lambda: celery_workers(private_redis.url, **OUTBOX), tmp_path / "mail"
        )
    assert report.problems == [], (tmp_path / "worker.log").read_text()[-4000:]
    assert report.failed_moves == [] and len(report.latencies["outage"]) == SHORT.pairs + SHORT.bot_matches
    assert max(report.latencies["outage"]) < 1.5  # the dead broker does not hold a move up
    assert report.refused_hand_overs["outage"] >= SHORT.pairs + SHORT.bot_matches
    assert report.pending_after_outage == {"email": SHORT.pairs, "bot_turn": SHORT.bot_matches}
    assert report.bot_moves_after_recovery == SHORT.bot_matches
    assert report.emails_sent == report.emails_expected > 0 and report.duplicates == report.missing == 0
    assert report.killed_job and report.killed_job_attempts >= 2 and report.bot_moves_at_killed_ply == 1
    assert report.replay_mismatches == 0
