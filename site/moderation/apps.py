from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "daymove.moderation"
    label = "moderation"
    verbose_name = "Moderation"

    def ready(self):
        from daymove.moderation import receivers  # noqa: F401 - logs the mass-timeout rule
