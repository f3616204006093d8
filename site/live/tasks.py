"""Beat prunes old notices: pages only ever ask for the last few minutes."""

from datetime import UTC, datetime, timedelta

from celery import shared_task

from daymove.live.models import Notice
from daymove.live.views import NOTICES_KEPT


@shared_task(ignore_result=True)
def prune_notices() -> int:
    """Delete notices older than any page still asks about; returns how many."""
    cutoff = datetime.now(UTC) - NOTICES_KEPT - timedelta(minutes=1)
    deleted, _ = Notice.objects.filter(created__lt=cutoff).delete()
    return deleted
