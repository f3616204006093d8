from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "daymove.players"
    label = "players"
    verbose_name = _("Players")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.players import languages, receivers  # noqa: F401 - connects the profile and login receivers
