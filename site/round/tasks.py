"""Celery tasks of the round: the timeout sweep (beat runs it every minute)."""

from celery import shared_task

from daymove.round.timeouts import sweep_timeouts


@shared_task(ignore_result=True)
def sweep_timeouts_task() -> int:
    """End every match whose player to move is past the deadline."""
    return sweep_timeouts()
