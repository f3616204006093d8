from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InboundConfig(AppConfig):
    name = "daymove.inbound"
    label = "inbound"
    verbose_name = _("Inbound mail")

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.inbound import answers, receivers, webhooks  # noqa: F401 - the answer job, the receivers
        from daymove.inbound.bounces import bouncing_of
        from daymove.players import viewer

        viewer.register("has_bouncing_address", bouncing_of)
