from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SafetyConfig(AppConfig):
    name = "daymove.safety"
    label = "safety"
    verbose_name = _("Safety between players")

    def ready(self):
        from daymove.safety import names, receivers  # noqa: F401 - connect the name-key and account receivers
