"""Celery tasks of the ladders: the idle sweep (beat runs it every hour)."""

from celery import shared_task

from daymove.ladders.idle import sweep_idle


@shared_task(ignore_result=True)
def sweep_idle_task() -> int:
    """Drop, warn and remove idle ladder players; how many rungs changed."""
    swept = sweep_idle()
    return swept.dropped + swept.warned + swept.removed
