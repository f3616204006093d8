"""The load benchmark's seeding and measuring, on tiny sizes: the test database and a live server, no gunicorn."""

import argparse
import dataclasses
import random
from collections import Counter

import pytest
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.play.models import Challenge, Match, Move
from daymove.play.replaycheck import check_all_matches
from daymove.players.models import Player
from daymove.ratings.models import RatingChange
from games.registry import all_games
from tools import figures, loadbench, scratch, seeding


def test_seeded_matches_replay_from_their_moves_and_every_player_has_several(db):
    seeded = seeding.seed(8, 40, challenges=3, rng=random.Random(5), lines_per_variant=1)

    matches = list(Match.objects.all())
    assert len(matches) == 40 and seeded.counts["matches"] == 40
    assert list(check_all_matches()) == []
    assert Move.objects.count() == sum(m.ply for m in matches) == seeded.counts["moves"]
    assert {m.status for m in matches} == {Match.Status.ACTIVE, Match.Status.FINISHED}
    assert {m.game for m in matches} <= set(all_games())
    # Player rows are made by the seeding itself: bulk_create sends no post_save.
    assert Player.objects.filter(user_id__in=seeded.user_ids).count() == 8
    per_player = Counter(uid for m in matches for uid in (m.player0_id, m.player1_id))
    assert min(per_player[uid] for uid in seeded.user_ids) >= 40 // 8
    assert Challenge.objects.filter(status=Challenge.Status.OPEN, clock__isnull=False).count() == 3

    clocks = {c.match_id: c for c in MatchClock.objects.all()}
    for match in matches:
        clock = clocks[match.pk]
        assert clock.running_seat == match.to_move
        if match.is_active:
            assert clock.deadline_of(match.to_move) > timezone.now() >= match.updated > match.created
    finished_rated = [m for m in matches if m.status == Match.Status.FINISHED and m.rated]
    assert RatingChange.objects.count() == 2 * len(finished_rated)

    active = {m.pk: m for m in matches if m.is_active}
    assert sorted(t.match_id for t in seeded.move_tasks) == sorted(active)
    for task in seeded.move_tasks:
        match = active[task.match_id]
        assert (task.ply, task.user_id) == (match.ply, match.players[match.to_move].pk)
        match.rules.play(match.position(), task.notation)  # legal where the match stands


@pytest.mark.django_db(transaction=True)
def test_measuring_a_live_server_times_every_endpoint_and_plays_real_moves(live_server):
    seeded = seeding.seed(6, 12, challenges=2, rng=random.Random(7), lines_per_variant=1)
    cookies = loadbench.make_sessions(seeded.user_ids)
    moves_before = Move.objects.count()
    points = loadbench.endpoints(seeded, cookies, live_server.url, loadbench.dashboard_path())

    results = loadbench.run_all(live_server.url, points, requests=6, seconds=60, concurrency=2, warm_up=2)

    assert [(r.requests, r.ok, r.errors) for r in results] == [(6, 6, 0)] * 4
    assert all(0 < r.percentile(50) <= r.percentile(95) <= r.percentile(99) for r in results)
    assert all(r.throughput > 0 for r in results)
    # Every POST was a move applied by the server, and the matches still replay from their moves.
    assert Move.objects.count() == moves_before + 6
    assert list(check_all_matches()) == []
    args = argparse.Namespace(
        players=6, matches=12, challenges=2, seconds=60, requests=6, concurrency=2, workers=1, seed=7, note="tiny run"
    )
    database = scratch.Database("sqlite:///loadbench.sqlite3", "SQLite", "loadbench")
    text = loadbench.report(args, database, seeded, results, (0.5, 0.7), points[-1].left, 0, 1.0)
    assert "GET /healthz (baseline)" in text and "POST /m/<id>/move/" in text and "| ×1.0 |" in text
    assert "6 players, 12 matches" in text and "all matches agree" in text and "- Note: tiny run" in text


@pytest.mark.django_db(transaction=True)
def test_a_refused_move_is_counted_apart_from_errors_and_not_followed(live_server):
    seeded = seeding.seed(4, 6, challenges=0, rng=random.Random(3), lines_per_variant=1)
    cookies = loadbench.make_sessions(seeded.user_ids)
    task = seeded.move_tasks[0]
    # Seats swapped: the move comes from the player who is not to move ("It is not your turn").
    wrong_player = dataclasses.replace(task, players=task.players[::-1])
    moves = loadbench.Moves([wrong_player], cookies, live_server.url)

    result = loadbench.measure(live_server.url, moves, requests=5, seconds=30, concurrency=1)

    assert (result.requests, result.refused, result.errors) == (1, 1, 0)
    assert result.statuses == {409: 1}
    assert Match.objects.get(pk=task.match_id).ply == task.ply
    assert moves.left == 0


def test_only_loopback_addresses_are_targets():
    assert loadbench.loopback("http://127.0.0.1:8000") == ("127.0.0.1", 8000)
    with pytest.raises(ValueError):
        loadbench.loopback("http://10.1.2.3:8000")
    with pytest.raises(ValueError):
        loadbench.loopback("https://127.0.0.1")


def test_write_section_replaces_only_its_own_part(tmp_path):
    doc = tmp_path / "docs" / "performance.md"
    figures.write_section(doc, "first figures", "loadbench")
    assert doc.read_text().startswith("# Performance\n") and "first figures" in doc.read_text()

    doc.write_text(doc.read_text() + "\n## Rules engines\n\nother helper's figures\n")
    figures.write_section(doc, "second figures", "loadbench")

    text = doc.read_text()
    assert "first figures" not in text and "second figures" in text and "other helper's figures" in text
    assert text.count("<!-- loadbench:start -->") == text.count("<!-- loadbench:end -->") == 1


def test_a_scratch_database_must_say_so_in_its_name(tmp_path):
    with pytest.raises(SystemExit):
        scratch.open_database("sqlite:///" + str(tmp_path / "db.sqlite3"), tmp_path, "loadbench")
