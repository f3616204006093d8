"""seeds/ loads through the move service, twice without doubling, and replaycheck proves the caches."""

import json
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from daymove.play.models import Match, Move
from daymove.play.replaycheck import check_all_matches
from daymove.players.bots import bot_players
from games.bot.levels import LEVELS

pytestmark = pytest.mark.slow  # each test loads the whole of seeds/ (10-20 s): `make test`, not `make check`

SEEDS = Path(settings.BASE_DIR, "seeds")


def test_seeds_load_once_and_agree_with_their_moves(db):
    call_command("load_seeds")
    count = Match.objects.count()
    call_command("load_seeds")
    assert Match.objects.count() == count > 0
    assert Match.objects.filter(status=Match.Status.FINISHED).exists()
    assert Match.objects.filter(status=Match.Status.ACTIVE).exists()
    assert list(check_all_matches()) == []
    seeded = Counter(
        entry["game"] for path in SEEDS.glob("*.json") for entry in json.loads(path.read_text()).get("matches", [])
    )
    # league games are made by their season's start, ladder games by seeds/zz-ladders.json's challenges
    examples = Match.objects.filter(league_game__isnull=True, ladder_game__isnull=True)
    assert Counter(examples.values_list("game", flat=True)) == seeded  # every example match of every file


def test_the_readme_demo_logins_work_after_loading_the_seeds(db):
    call_command("load_seeds")
    for name in ("alice", "bob"):
        client = Client()
        assert client.login(username=name, password="daymove-demo")
        assert client.get("/").status_code == 200
    admin = Client()
    assert admin.login(username="admin", password="daymove-admin")
    assert admin.get("/admin/play/match/").status_code == 200
    # The lobby's "play a bot" offers each seeded bot, weakest first.
    seeded = {
        entry["bot"] for entry in json.loads((SEEDS / "00-players.json").read_text())["players"] if "bot" in entry
    }
    assert [user.player.bot_level for user in bot_players()] == [level for level in LEVELS if level in seeded]
    assert len(seeded) >= 4


def test_replaycheck_reports_a_tampered_cache(db, capsys):
    call_command("load_seeds")
    match = Match.objects.filter(status=Match.Status.ACTIVE, ply__gt=0).first()  # one with a move to take away
    Move.objects.filter(match=match, ply=match.ply - 1).delete()
    problems = list(check_all_matches())
    assert [m.pk for m, _ in problems] == [match.pk]


def test_seeding_queues_no_email_and_no_reminder_for_the_seeded_history(db):
    """Demo history is nobody's news, and its backlog would hold up a new player's first emails."""
    from daymove.outbox.models import Job

    call_command("load_seeds")
    assert Match.objects.filter(status=Match.Status.ACTIVE).exists()
    assert not Job.objects.filter(kind="email").exists()


def test_every_leaderboard_shows_established_players_rated_by_their_seeded_matches(db):
    """The first thing a visitor clicks is not empty: each game's demo players are established (deviation < 110)."""
    from django.urls import reverse
    from django.utils import timezone

    from daymove.ratings.glicko2 import PROVISIONAL_DEVIATION
    from daymove.ratings.models import Rating, RatingChange
    from games.registry import all_games

    call_command("load_seeds")
    now = timezone.now()
    for slug in all_games():
        page = Client().get(reverse("leaderboard", args=[slug])).content.decode()
        assert "No established players yet." not in page and "<table" in page, slug
        established = Rating.objects.filter(game=slug, established_until__gt=now, user__player__is_bot=False)
        assert established.count() >= 4, slug
        for rating in established:
            assert rating.current(now).deviation < PROVISIONAL_DEVIATION
            assert rating.user.username in page
            # Honest history: every rated game counted is a finished rated match of theirs, each rated once.
            rated = Match.objects.filter(game=slug, rated=True, status=Match.Status.FINISHED).involving(rating.user)
            assert rating.games == rated.count() == RatingChange.objects.filter(user=rating.user, game=slug).count()
    assert list(check_all_matches()) == []  # and every seeded match replays to its cached position
