"""seeds/ loads through the move service, twice without doubling, and replaycheck proves the caches."""

from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from daymove.play.models import Match, Move
from daymove.play.replaycheck import check_all_matches


def test_seeds_load_once_and_agree_with_their_moves(db):
    call_command("load_seeds")
    count = Match.objects.count()
    call_command("load_seeds")
    assert Match.objects.count() == count > 0
    assert Match.objects.filter(status=Match.Status.FINISHED).exists()
    assert Match.objects.filter(status=Match.Status.ACTIVE).exists()
    assert list(check_all_matches()) == []
    assert Path(settings.BASE_DIR, "seeds").is_dir()


def test_replaycheck_reports_a_tampered_cache(db, capsys):
    call_command("load_seeds")
    match = Match.objects.filter(status=Match.Status.ACTIVE).first()
    Move.objects.filter(match=match, ply=match.ply - 1).delete()
    problems = list(check_all_matches())
    assert [m.pk for m, _ in problems] == [match.pk]
