from django.core.management.base import BaseCommand, CommandError

from daymove.play.models import Match
from daymove.play.replaycheck import check_all_matches


class Command(BaseCommand):
    help = "Replay every match from its moves and report any mismatch with the cached position."

    def handle(self, *args, **options):
        problems = 0
        for match, problem in check_all_matches():
            problems += 1
            self.stdout.write(f"match {match.pk} ({match.game}): {problem}")
        total = Match.objects.count()
        if problems:
            raise CommandError(f"{problems} of {total} matches do not match their moves")
        self.stdout.write(f"all {total} matches agree with their moves")
