from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "daymove.play"
    label = "play"
    verbose_name = _("Play")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.play import receivers  # noqa: F401 - connects play to safety's signal
