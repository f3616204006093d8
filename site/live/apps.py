from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "daymove.live"
    label = "live"
    verbose_name = _("Live updates")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.live import receivers  # noqa: F401 - connects live to play's and talk's signals
