from django.apps import AppConfig


class RoundConfig(AppConfig):
    name = "daymove.round"
    label = "round"
    verbose_name = "Rounds"

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.round import bot_turns, receivers  # noqa: F401 - register the bot-turn job handler and receivers
