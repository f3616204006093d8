from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlansConfig(AppConfig):
    name = "daymove.plans"
    label = "plans"
    verbose_name = _("Analysis and conditional moves")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.plans import receivers  # noqa: F401 - forgets a leaving player's plans
