"""The load benchmark on tiny sizes: the test database and a live server, Locust in a subprocess, no gunicorn."""

import argparse
import json
import random

import pytest
from django.db import connection

from daymove.play.models import Match, Move
from daymove.play.replaycheck import check_all_matches
from tools import loadbench, scratch, seeding


@pytest.mark.slow  # a live server and Locust in a child process
@pytest.mark.urls("tools.bench_floor")  # the site's URLs and the floors, as the benchmark's server has them
@pytest.mark.django_db(transaction=True)
def test_locust_times_every_endpoint_and_plays_real_moves(live_server, tmp_path):
    seeded = seeding.seed(24, 48, challenges=2, rng=random.Random(7), lines_per_variant=1)
    seeding.seed_leagues(seeded, random.Random(7))
    loadbench.settle_database()  # as after a real run's seeding (VACUUM needs no transaction open: none is)
    steps, needing = loadbench.plan(seeded, loadbench.dashboard_path(), random.Random(1), viewers=6, moves=6)
    assert needing == set(seeded.user_ids) & needing and set(steps["dashboard_users"]) <= needing
    plan_path = tmp_path / "plan.json"
    plan_path.write_text(json.dumps(steps | {"cookies": loadbench.make_sessions(needing)}))
    moves_before = Move.objects.count()
    rows_before = set(Match.objects.values_list("id", "ply", "updated"))

    results = loadbench.measure(live_server.url, plan_path, users=2, seconds=4, out=tmp_path, warm_up=0)

    assert [r.name for r in results] == [name for _, name in loadbench.ENDPOINTS]
    assert all(r.requests > 0 and r.failures == 0 for r in results), results
    assert all(0 < r.p50 <= r.p95 <= r.p99 for r in results)
    # PostgreSQL says how many blocks each request read from outside its buffer cache; SQLite cannot.
    on_postgres = connection.vendor == "postgresql"
    assert all((r.reads_per_request is not None) == on_postgres for r in results)
    # Every POST counted was a move applied by the server (those cut off by the end of the run are not counted),
    # and the matches still replay from their moves.
    moves = next(r for r in results if r.name == "POST /m/<id>/move/")
    assert Move.objects.count() >= moves_before + moves.requests
    assert list(check_all_matches()) == []
    # The write floor rewrote match rows as they were: only the real moves changed any.
    touched = {chain["match"] for chain in steps["moves"]}
    assert {row for row in rows_before if row[0] not in touched} <= set(
        Match.objects.values_list("id", "ply", "updated")
    )

    args = argparse.Namespace(
        matches_per_player=2, seconds=2, users=2, workers=1, seed=7, note="tiny run", sessions=6, move_matches=6
    )
    database = scratch.Database("sqlite:///loadbench.sqlite3", "SQLite", "loadbench")
    runs = [loadbench.SizeRun(players, seeded, 1.0, results, (0.5, 0.7), 0) for players in (6, 12)]
    text = loadbench.report(args, database, runs)
    assert "GET /healthz (baseline)" in text and "POST /m/<id>/move/" in text and "| ×1.0 |" in text
    assert "--sizes 6,12" in text and "### How the cost grows" in text and "| ×1.00 |" in text
    assert "| db reads / req |" in text
    assert "replayed after the run: all agree" in text and "- Note: tiny run" in text
    assert "The division page (10 players) costs ×" in text


def test_only_loopback_addresses_are_targets():
    assert loadbench.loopback("http://127.0.0.1:8000") == ("127.0.0.1", 8000)
    with pytest.raises(ValueError):
        loadbench.loopback("http://10.1.2.3:8000")
    with pytest.raises(ValueError):
        loadbench.loopback("https://127.0.0.1")
