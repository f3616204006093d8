"""Bots play through the outbox: recorded with the move, run once, swept up if lost."""

from unittest import mock

import pytest

from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.play.models import Match
from daymove.round import challenges, moves
from games.registry import all_games


def challenge_bot(user, bot, seat, django_capture_on_commit_callbacks, game="abande"):
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenges.create_challenge(user, game, {}, bot.username, creator_seat=seat)
    return Match.objects.get(pk=challenge.match.pk)


def test_bot_accepts_at_once_and_moves_first(alice, bot, django_capture_on_commit_callbacks):
    match = challenge_bot(alice, bot, 1, django_capture_on_commit_callbacks)
    assert match.player0 == bot and match.ply == 1 and match.to_move == 1
    assert Job.objects.get(kind="bot_turn").status == Job.Status.DONE


def test_bot_answers_each_move(alice, bot, django_capture_on_commit_callbacks):
    match = challenge_bot(alice, bot, 0, django_capture_on_commit_callbacks)
    assert match.ply == 0
    with django_capture_on_commit_callbacks(execute=True):
        moves.submit_move(match.pk, alice, "d4", 0)
    match.refresh_from_db()
    assert match.ply == 2 and match.to_move == 0
    assert list(Job.objects.filter(kind="bot_turn").values_list("key", "status")) == [(f"bot:{match.pk}:1", "done")]


def test_a_redelivered_job_does_nothing(alice, bot, django_capture_on_commit_callbacks):
    match = challenge_bot(alice, bot, 1, django_capture_on_commit_callbacks)
    job = Job.objects.get(kind="bot_turn")
    Job.objects.filter(pk=job.pk).update(status=Job.Status.PENDING)  # as if the done mark was lost
    jobs.run(job.pk)
    match.refresh_from_db()
    assert match.ply == 1 and match.moves.count() == 1


def test_moves_succeed_when_the_broker_is_down_and_the_sweep_catches_up(alice, bot, django_capture_on_commit_callbacks):
    with mock.patch("daymove.outbox.tasks.run_job.apply_async", side_effect=OSError("connection refused")):
        match = challenge_bot(alice, bot, 1, django_capture_on_commit_callbacks)
    assert match.ply == 0  # the bot's turn is waiting, not lost
    job = Job.objects.get(kind="bot_turn")
    assert job.status == Job.Status.PENDING
    Job.objects.filter(pk=job.pk).update(created=job.created - jobs.SWEEP_GRACE * 2)
    assert jobs.sweep() == 1
    match.refresh_from_db()
    assert match.ply == 1
    assert jobs.sweep() == 0  # done jobs are not handed over again


def test_a_failing_job_is_retried_later(db):
    calls = []

    @jobs.handler("test_fail")
    def fail(payload):
        calls.append(payload)
        raise RuntimeError("boom")

    try:
        job = Job.objects.create(kind="test_fail", key="t:1", payload={"n": 1})
        jobs.run(job.pk)
        job.refresh_from_db()
        assert (job.status, job.attempts, calls) == (Job.Status.PENDING, 1, [{"n": 1}])
        assert "boom" in job.last_error
        jobs.run(job.pk)  # not due yet: nothing runs
        assert len(calls) == 1
    finally:
        del jobs.HANDLERS["test_fail"]


@pytest.mark.parametrize("slug", list(all_games()))
def test_a_whole_game_against_a_bot(alice, bot, slug, django_capture_on_commit_callbacks):
    import random

    rng = random.Random(1)
    match = challenge_bot(alice, bot, 0, django_capture_on_commit_callbacks, game=slug)
    while match.is_active:
        assert match.to_move == 0
        legal = match.rules.legal_move_strings(match.position())
        with django_capture_on_commit_callbacks(execute=True):
            moves.submit_move(match.pk, alice, rng.choice(legal), match.ply)
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


@pytest.mark.parametrize(
    "kind,payload,queue",
    [
        ("bot_turn", {"match": 1, "ply": 0}, "bots"),
        ("email", {"kind": "your_turn", "user": 1}, "mail"),
        ("email", {"kind": "reminder", "user": 1}, "mail"),
        ("email", {"kind": "draw_offer", "user": 1}, "mail"),
        ("email", {"kind": "digest", "user": 1}, "bulk"),
    ],
)
def test_jobs_go_to_their_queue_so_that_nobody_waits_behind_bulk_work(db, kind, payload, queue):
    from django.conf import settings

    job = Job.objects.create(kind=kind, key=f"{kind}:{payload}", payload=payload)
    with mock.patch("daymove.outbox.tasks.run_job.apply_async") as apply_async:
        assert jobs.hand_over(job)
    assert apply_async.call_args.kwargs["queue"] == queue
    assert queue in {q.name for q in settings.CELERY_TASK_QUEUES}  # a worker without -Q takes from it
