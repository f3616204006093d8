from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "daymove.ladders"
    label = "ladders"
    verbose_name = "Ladders"

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.ladders import receivers  # noqa: F401 - a leaving player leaves every ladder
