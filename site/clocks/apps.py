from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "daymove.clocks"
    label = "clocks"
    verbose_name = "Clocks and vacations"

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.clocks import receivers  # noqa: F401 - forgets a leaving player's vacations
