from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotifyConfig(AppConfig):
    name = "daymove.notify"
    label = "notify"
    verbose_name = _("Emails")

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.notify import ladder_receivers, mailer, receivers  # noqa: F401 - the email job handler, receivers
