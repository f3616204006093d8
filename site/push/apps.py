from django.apps import AppConfig


class PushConfig(AppConfig):
    name = "daymove.push"
    label = "push"
    verbose_name = "Push notifications"

    def ready(self):
        # Imported once the models are loaded (Django's rule for handlers and receivers), not to dodge a cycle.
        from daymove.push import receivers, sender  # noqa: F401 - register the push job handler and receivers
