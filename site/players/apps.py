from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "daymove.players"
    label = "players"
    verbose_name = "Players"

    def ready(self):
        from daymove.players import signals  # noqa: F401 - connects the profile signal
