from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClocksConfig(AppConfig):
    name = "daymove.clocks"
    label = "clocks"
    verbose_name = _("Clocks and vacations")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.clocks import receivers  # noqa: F401 - forgets a leaving player's vacations
        from daymove.clocks.vacations import BOOKED, booked
        from daymove.play import match_facts

        match_facts.register(BOOKED, booked)
