from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OutboxConfig(AppConfig):
    name = "daymove.outbox"
    label = "outbox"
    verbose_name = _("Background jobs")
