from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    name = "daymove.ladders"
    label = "ladders"
    verbose_name = _("Ladders")

    def ready(self):
        # Imported once the models are loaded (Django's rule for receivers), not to dodge a cycle.
        from daymove.ladders import receivers  # noqa: F401 - a leaving player leaves every ladder
        from daymove.ladders.catalogue import ensure_after_migrate

        # After every migrate (and a test database's flush): every game's ladders, without a manual step.
        post_migrate.connect(ensure_after_migrate, sender=self, dispatch_uid="ladders.ensure_after_migrate")
