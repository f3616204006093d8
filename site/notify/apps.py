from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "daymove.notify"
    label = "notify"
    verbose_name = "Emails"

    def ready(self):
        from daymove.notify import mailer  # noqa: F401 - registers the email job handler
