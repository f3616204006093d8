"""The load benchmark's measuring, on tiny sizes: the test database and a live server, no gunicorn."""

import argparse
import dataclasses
import random

import pytest

from daymove.play.models import Match, Move
from daymove.play.replaycheck import check_all_matches
from tools import loadbench, scratch, seeding


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
