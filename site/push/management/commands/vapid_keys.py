"""`manage.py vapid_keys`: make the VAPID key pair for Web Push in var/ when there is none (`make run` runs it)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from daymove.push.keys import make_keys


class Command(BaseCommand):
    help = "Make the site's VAPID key pair for Web Push (var/vapid.json) unless settings or the file have one."

    def handle(self, *args, **options):
        if settings.DAYMOVE_VAPID_PRIVATE_KEY:
            self.stdout.write("VAPID keys come from DAYMOVE_VAPID_PRIVATE_KEY.")
        elif make_keys(Path(settings.DAYMOVE_VAPID_FILE)):
            self.stdout.write(f"Made VAPID keys in {settings.DAYMOVE_VAPID_FILE}.")
        else:
            self.stdout.write(f"VAPID keys are in {settings.DAYMOVE_VAPID_FILE}.")
