from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "daymove.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.ratings import receivers  # noqa: F401 - connects ratings to play's signals
