"""The league benchmark on a tiny season: the start is timed, and what it queued is counted and reported."""

import argparse
import random

from tools import leaguebench, scratch


def test_a_season_start_is_timed_and_its_emails_counted_one_per_player(db):
    season, _ = leaguebench.open_season(8, random.Random(2))

    started = leaguebench.start(season, 8, 0.5, profile=0)

    assert (started.divisions, dict(started.sizes), started.games) == (1, {8: 1}, 28)  # 8 players: 28 games
    assert started.emails_now == {"season_started": 8} and started.recipients == 8
    assert started.seconds > 0 and not started.other_jobs.get("email")
    args = argparse.Namespace(seed=2)
    text = leaguebench.report(args, scratch.Database("sqlite:///leaguebench.sqlite3", "SQLite", "leaguebench"), started)
    assert "--entrants 8 --seed 2" in text and "to 8 players: one per player" in text
