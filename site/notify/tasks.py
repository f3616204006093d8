"""Celery tasks of the emails: the daily digest (beat runs it every 15 minutes)."""

from celery import shared_task

from daymove.notify.digest import record_digests


@shared_task(ignore_result=True)
def send_digests() -> int:
    """Record the digests whose local hour has come (each is sent by its outbox job)."""
    return record_digests()
