from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SafetyConfig(AppConfig):
    name = "daymove.safety"
    label = "safety"
    verbose_name = _("Safety between players")

    def ready(self):
        from daymove.players import viewer
        from daymove.safety import names, receivers  # noqa: F401 - connect the name-key and account receivers
        from daymove.safety.blocks import IN_A_BLOCK, in_a_block_of
        from daymove.safety.mutes import MUTED_UNTIL, muted_until_of

        viewer.register(MUTED_UNTIL, muted_until_of)
        viewer.register(IN_A_BLOCK, in_a_block_of)
