from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotifyConfig(AppConfig):
    name = "daymove.notify"
    label = "notify"
    verbose_name = _("Emails")

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.notify import ladder_receivers, mailer, receivers  # noqa: F401 - the email job handler, receivers
        from daymove.notify.declines import DECLINED_AT, declined_at
        from daymove.notify.looks import UNSEEN, unseen
        from daymove.play import match_facts

        match_facts.register(DECLINED_AT, declined_at)
        match_facts.register(UNSEEN, unseen)
