from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlansConfig(AppConfig):
    name = "daymove.plans"
    label = "plans"
    verbose_name = _("Analysis and conditional moves")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.plans import receivers  # noqa: F401 - forgets a leaving player's plans
        from daymove.plans.analysis import PUBLISHED, any_published
        from daymove.plans.conditional import HAS_PLAN, has_plan
        from daymove.play import match_facts

        match_facts.register(HAS_PLAN, has_plan)
        match_facts.register(PUBLISHED, any_published)
