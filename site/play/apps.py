from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "daymove.play"
    label = "play"
    verbose_name = "Play"

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.play import bots, receivers  # noqa: F401 - register the bot-turn job handler and receivers
