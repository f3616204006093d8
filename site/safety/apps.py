from django.apps import AppConfig


class SafetyConfig(AppConfig):
    name = "daymove.safety"
    label = "safety"
    verbose_name = "Safety between players"

    def ready(self):
        from daymove.safety import names, receivers  # noqa: F401 - connect the name-key and account receivers
