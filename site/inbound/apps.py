from django.apps import AppConfig


class InboundConfig(AppConfig):
    name = "daymove.inbound"
    label = "inbound"
    verbose_name = "Inbound mail"

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.inbound import answers, receivers, webhooks  # noqa: F401 - the answer job, the receivers
