from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "daymove.players"
    label = "players"
    verbose_name = "Players"

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.players import languages, receivers  # noqa: F401 - connects the profile and login receivers
