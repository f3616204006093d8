from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "daymove.moderation"
    label = "moderation"
    verbose_name = _("Moderation")

    def ready(self):
        from daymove.moderation import receivers  # noqa: F401 - logs the mass-timeout rule
        from daymove.moderation.warnings import unread_warning_of
        from daymove.players import viewer

        viewer.register("has_unread_warning", unread_warning_of)
