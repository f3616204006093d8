from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "daymove.play"
    label = "play"
    verbose_name = "Play"

    def ready(self):
        from daymove.play import bots  # noqa: F401 - registers the bot-turn job handler
