from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TalkConfig(AppConfig):
    name = "daymove.talk"
    label = "talk"
    verbose_name = _("Chat and notes")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.play import match_facts
        from daymove.talk import receivers  # noqa: F401 - connects talk to players' signal
        from daymove.talk.services import NOTE, note_of

        match_facts.register(NOTE, note_of)
