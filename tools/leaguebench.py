"""League benchmark: a season of 1,000 entrants started by the seasons service, timed, and its emails counted.

    .venv/bin/python -m tools.leaguebench [--entrants 1000] [--seed 1] [--database-url URL] [--profile N]
        [--write docs/performance.md] [--keep]

The command makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/), seeds a site of
`--entrants` players with matches and ratings (`tools.seeding`, as the load benchmark does), opens a series of the
first game, registers every player through the registration service, and then times one call: the seasons
service starting the season (divisions, entries, every game with its clock, the jobs it records), committed and
handed over as in production (the folder queue under the scratch folder). It then counts what the start queued:
emails due now (one per player, the "season started" email, is right), reminders scheduled for later, and other
jobs. `--profile N` prints the N costliest functions of the start (cProfile). The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tools import figures, scratch
from tools.seeding import seed

SECTION = "leaguebench"
MATCHES_PER_PLAYER = 2.5  # the entrants' other matches, as on the load benchmark's sites


@dataclass
class Started:
    """What one season start made and queued, and how long it took."""

    entrants: int
    seconds: float
    cpu_seconds: float  # this process's CPU time in the start (the database server's is not counted)
    divisions: int
    sizes: Counter
    games: int
    emails_now: Counter  # emails due at once, by kind
    recipients: int  # distinct players among them
    later: Counter  # emails scheduled for later (reminders), by kind
    other_jobs: Counter  # jobs that are not emails, by kind
    seconds_registering: float


def open_season(entrants: int, rng: random.Random):
    """A site of `entrants` players, a series of the first game and its open season with every player registered."""
    from django.utils import timezone

    from daymove.competitions import registration
    from daymove.competitions.models import Season, Series
    from games.registry import all_games

    seeded = seed(entrants, round(entrants * MATCHES_PER_PLAYER), challenges=0, rng=rng)
    slug, game = next(iter(all_games().items()))
    series = Series.objects.create(
        slug=f"{slug}-bench", name=f"{game.name} league", game=slug, options=game.normalize_options({})
    )
    season = Season.objects.create(series=series, number=1, starts_at=timezone.now())
    from django.contrib.auth import get_user_model

    began = time.monotonic()
    for user in get_user_model().objects.filter(pk__in=seeded.user_ids):
        registration.register(series, user)
    return season, time.monotonic() - began


def start(season, entrants: int, seconds_registering: float, profile: int) -> Started:
    """Start `season` through the seasons service, timed; count what it made and queued."""
    from django.utils import timezone

    from daymove.competitions import seasons
    from daymove.competitions.models import Division, LeagueGame
    from daymove.outbox.models import Job

    before = set(Job.objects.values_list("pk", flat=True))
    profiler = cProfile.Profile() if profile else None
    began, cpu = time.monotonic(), time.process_time()
    if profiler:
        profiler.enable()
    seasons.start_season(season, timezone.now())
    if profiler:
        profiler.disable()
    seconds, cpu_seconds = time.monotonic() - began, time.process_time() - cpu
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(profile)
        print(out.getvalue())
    now = timezone.now()
    emails_now, later, other, recipients = Counter(), Counter(), Counter(), set()
    for job in Job.objects.exclude(pk__in=before).iterator():
        if job.kind != "email":
            other[job.kind] += 1
        elif job.run_after <= now:
            emails_now[job.payload.get("kind", "?")] += 1
            recipients.add(job.payload.get("user"))
        else:
            later[job.payload.get("kind", "?")] += 1
    divisions = Division.objects.filter(season=season)
    sizes = Counter(division.entries.count() for division in divisions)
    return Started(
        entrants,
        seconds,
        cpu_seconds,
        divisions.count(),
        sizes,
        LeagueGame.objects.filter(division__season=season).count(),
        emails_now,
        len(recipients),
        later,
        other,
        seconds_registering,
    )


def _counts(counter: Counter) -> str:
    return ", ".join(f"{count} {kind}" for kind, count in sorted(counter.items())) or "none"


def report(args, database: scratch.Database, started: Started) -> str:
    """The Markdown section for docs/performance.md."""
    from django.db import connection

    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    version = ".".join(map(str, connection.get_database_version()))
    command = f"python -m tools.leaguebench --entrants {started.entrants} --seed {args.seed}"
    sizes = ", ".join(f"{count} of {size}" for size, count in sorted(started.sizes.items(), reverse=True))
    emails = sum(started.emails_now.values())
    verdict = "one per player" if emails == started.recipients == started.entrants else "NOT one per player"
    return "\n".join(
        [
            "## Starting a league season",
            "",
            f"Run {when}: `{command}` (`make leaguebench`), {database.label} {version}, on this machine "
            f"({os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the end).",
            "",
            f"- {started.entrants} entrants registered through the registration service "
            f"({started.seconds_registering:.1f} s, not counted), each with {MATCHES_PER_PLAYER:g} other matches on "
            "average and ratings from them (`tools.seeding`).",
            f"- `seasons.start_season` took **{started.seconds:.1f} s** ({started.cpu_seconds:.1f} s of the "
            f"command's own CPU; the rest is PostgreSQL's and waiting): {started.divisions} divisions ({sizes}), "
            f"{started.games} games created with their clocks, committed and their jobs handed over to the folder "
            "queue.",
            f"- Emails queued to go at once: {emails} ({_counts(started.emails_now)}) to {started.recipients} "
            f"players: {verdict}. Reminders scheduled for later: {_counts(started.later)}. Other jobs: "
            f"{_counts(started.other_jobs)}.",
        ]
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.leaguebench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="random seed of the seeded site")
    parser.add_argument("--database-url", help=f"scratch database (default {scratch.default_database_url(SECTION)})")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions of the start")
    parser.add_argument("--write", type=Path, help="replace the leaguebench section of this Markdown file")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    env = scratch.server_environment(database.url, folder)
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"],
            cwd=scratch.CHECKOUT,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        season, seconds_registering = open_season(args.entrants, random.Random(args.seed))
        print(f"{args.entrants} players seeded and registered ({seconds_registering:.1f} s to register)", flush=True)
        started = start(season, args.entrants, seconds_registering, args.profile)
        text = report(args, database, started)
        print(text)
        if args.write:
            figures.write_section(args.write, text, SECTION)
            print(f"wrote the {SECTION} section of {args.write}")
        return 0 if sum(started.emails_now.values()) == started.recipients == started.entrants else 1
    finally:
        connections.close_all()
        database.drop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
