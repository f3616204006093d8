from django.apps import AppConfig


class OutboxConfig(AppConfig):
    name = "daymove.outbox"
    label = "outbox"
    verbose_name = "Background jobs"
