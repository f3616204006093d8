from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from daymove.round.seeding import load_seeds


class Command(BaseCommand):
    help = "Load seeds/*.json (accounts and example matches); safe to run again."

    def add_arguments(self, parser):
        parser.add_argument("--folder", default=str(settings.SEEDS_DIR))

    def handle(self, *args, folder, **options):
        for line in load_seeds(Path(folder)):
            self.stdout.write(line)
