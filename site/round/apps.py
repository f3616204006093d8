from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoundConfig(AppConfig):
    name = "daymove.round"
    label = "round"
    verbose_name = _("Rounds")

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.round import bot_turns, receivers  # noqa: F401 - register the bot-turn job handler and receivers
