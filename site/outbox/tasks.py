"""Celery tasks of the outbox: run one job; sweep up jobs that were never handed over."""

from celery import shared_task

from daymove.outbox import jobs


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=60, time_limit=90)
def run_job(job_id: int) -> None:
    """Run the job (a duplicate delivery finds it claimed or done and does nothing)."""
    jobs.run(job_id)


@shared_task(ignore_result=True)
def sweep_outbox() -> int:
    """Hand over pending jobs (beat runs this every minute)."""
    return jobs.sweep()
