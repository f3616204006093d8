from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PushConfig(AppConfig):
    name = "daymove.push"
    label = "push"
    verbose_name = _("Push notifications")

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.push import ladder_receivers, receivers, sender  # noqa: F401 - the push job handler, receivers
