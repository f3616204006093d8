from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "daymove.play"
    label = "play"
    verbose_name = _("Play")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.play import receivers  # noqa: F401 - connects play to safety's signal
        from daymove.play.turns import waiting_count_of
        from daymove.players import viewer

        viewer.register("turns_waiting", waiting_count_of)
