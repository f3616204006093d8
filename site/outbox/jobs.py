"""Record, hand over, claim and run jobs."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from daymove.outbox.models import Job

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# A running job whose worker died is handed over again after this long (5 minutes; run_job's time limit is 90 s).
STALE_CLAIM = timedelta(seconds=settings.OUTBOX_STALE_CLAIM_SECONDS)
# Jobs younger than this are left to their own after-commit hand-over by the sweep (20 s).
SWEEP_GRACE = timedelta(seconds=settings.OUTBOX_SWEEP_GRACE_SECONDS)


# The Celery queues (all listed in settings.CELERY_TASK_QUEUES), so that nobody waits behind bulk work: a worker
# takes from each queue in turn, so a bot's turn or a waiting player's email starts while a thousand digests queue.
BOTS = "bots"  # bot turns: a person is watching the page
MAIL = "mail"  # emails a person waits for or acts on: your turn, draw offers, challenges, results, reminders
BULK = "bulk"  # emails nobody waits for at this minute: daily digests


@dataclass(frozen=True)
class Handler:
    """What runs a kind of job, and on which Celery queue (a name, or a function of the job's payload)."""

    run: Callable[[dict], None]
    queue: str | Callable[[dict], str]

    def queue_for(self, payload: dict) -> str:
        return self.queue(payload) if callable(self.queue) else self.queue


HANDLERS: dict[str, Handler] = {}


def handler(kind: str, queue: str | Callable[[dict], str] = MAIL):
    """Register the function that runs jobs of `kind`, and the queue its jobs go to."""

    def register(function):
        HANDLERS[kind] = Handler(function, queue)
        return function

    return register


def record(kind: str, key: str, payload: dict, run_after=None) -> Job:
    """Record a job in the current transaction (once per key) and hand it over after commit."""
    job, created = Job.objects.get_or_create(
        key=key, defaults={"kind": kind, "payload": payload, "run_after": run_after or timezone.now()}
    )
    if created and job.run_after <= timezone.now():
        transaction.on_commit(lambda: hand_over(job))
    return job


def record_many(kind: str, due_now: list[tuple[str, dict]]) -> None:
    """Record many jobs due now as (key, payload) in one insert, once per key, and hand each over after commit.

    For a fan-out to many players at once (a league season's start: one email per player), where `record`'s
    query or two per job would add up to seconds.
    """
    keys = [key for key, _ in due_now]
    known = set(Job.objects.filter(key__in=keys).values_list("key", flat=True))
    now = timezone.now()
    jobs = [Job(kind=kind, key=key, payload=payload, run_after=now) for key, payload in due_now if key not in known]
    Job.objects.bulk_create(jobs, batch_size=500, ignore_conflicts=True)
    # A job another transaction recorded meanwhile may be handed over twice: claiming it lets one run only.
    recorded = list(Job.objects.filter(key__in=[job.key for job in jobs], status=Job.Status.PENDING))
    if recorded:
        transaction.on_commit(lambda: [hand_over(job) for job in recorded])


# Jobs for later recorded inside `held_later()`, inserted together at its end (None outside one).
_held = threading.local()


def record_later(kind: str, due: list[tuple[str, dict, datetime]]) -> None:
    """Record many jobs of one kind at once as (key, payload, run_after), once per key; the sweep hands them over."""
    jobs = [Job(kind=kind, key=key, payload=payload, run_after=run_after) for key, payload, run_after in due]
    held = getattr(_held, "jobs", None)
    if held is not None:
        held.extend(jobs)
        return
    Job.objects.bulk_create(jobs, batch_size=500, ignore_conflicts=True)


@contextmanager
def held_later():
    """Jobs for later recorded inside the block go in one insert at its end, in the same transaction (a move's
    reminders and its turn email); nothing is inserted if the block raises. Nested blocks insert with the outer one."""
    if getattr(_held, "jobs", None) is not None:
        yield
        return
    _held.jobs = []
    try:
        yield
        jobs = _held.jobs
    finally:
        _held.jobs = None
    if jobs:
        Job.objects.bulk_create(jobs, batch_size=500, ignore_conflicts=True)


def reschedule(key: str, run_after) -> bool:
    """Move a pending job to a new time (a deadline moved); False if no job with this key is pending."""
    return bool(Job.objects.filter(key=key, status=Job.Status.PENDING).update(run_after=run_after))


def hand_over(job: Job) -> bool:
    """Queue the job in Celery; False (and the sweep will retry) if the broker is unreachable."""
    from daymove.outbox.tasks import run_job  # (tasks imports this module: the task is looked up when used)

    queue = HANDLERS[job.kind].queue_for(job.payload) if job.kind in HANDLERS else "celery"
    try:
        run_job.apply_async((job.pk,), queue=queue, retry=False)
    except Exception as error:  # noqa: BLE001 - any broker failure: the job stays pending for the sweep
        log.warning("could not queue job %s (%s); the sweep will retry", job.key, error)
        return False
    return True


def claim(job_id: int) -> Job | None:
    """Take a pending (or stale running) job for this worker; None if another worker has it or it is done."""
    now = timezone.now()
    claimable = Q(status=Job.Status.PENDING, run_after__lte=now) | Q(
        status=Job.Status.RUNNING, claimed_at__lt=now - STALE_CLAIM
    )
    taken = Job.objects.filter(claimable, pk=job_id).update(
        status=Job.Status.RUNNING, claimed_at=now, attempts=F("attempts") + 1
    )
    return Job.objects.get(pk=job_id) if taken else None


def run(job_id: int) -> None:
    """Run a job once: claim it, call its handler, mark it done (or pending again after an error)."""
    job = claim(job_id)
    if job is None:
        return
    try:
        HANDLERS[job.kind].run(job.payload)
    except Exception as error:
        log.exception("job %s failed", job.key)
        failed = job.attempts >= MAX_ATTEMPTS
        Job.objects.filter(pk=job.pk).update(
            status=Job.Status.FAILED if failed else Job.Status.PENDING,
            last_error=f"{type(error).__name__}: {error}",
            run_after=timezone.now() + timedelta(minutes=2**job.attempts),
        )
        return
    Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE, done_at=timezone.now())


def sweep() -> int:
    """Hand over every job that is due and not in a worker's hands; returns how many."""
    now = timezone.now()
    # A job recorded for later (a reminder) was never handed over at commit: no grace for it.
    due = Job.objects.filter(
        Q(created__lte=now - SWEEP_GRACE) | Q(run_after__gt=F("created")), status=Job.Status.PENDING, run_after__lte=now
    )
    stale = Job.objects.filter(status=Job.Status.RUNNING, claimed_at__lt=now - STALE_CLAIM)
    count = 0
    for job in (due | stale).order_by("run_after")[:500]:
        count += hand_over(job)
    return count
