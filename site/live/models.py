from django.db import models
from django.utils import timezone


class Notice(models.Model):
    """That something a page shows has changed: `event` on `topic` ("match-12" position, "user-3" turns).

    Only the kind of change is stored, never its content: pages fetch what changed through their own views.
    Kept a few minutes (pages that reconnect ask what they missed), then pruned.
    """

    topic = models.CharField(max_length=40)
    event = models.CharField(max_length=16)
    created = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self):
        return f"{self.topic} {self.event}"
