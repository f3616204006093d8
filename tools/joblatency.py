"""Job latency: how soon a job recorded with a change starts in a worker (commit -> start), idle and behind a burst.

    .venv/bin/python -m tools.joblatency [--brokers folder,redis] [--bulk 1000] [--samples 40] [--bot-moves 4]
        [--write docs/performance.md]

For each broker (the embedded folder queue, and a private redis-server on a free loopback port) the command makes
a scratch SQLite database (as `make run` has), starts `celery -A daymove worker --beat --concurrency 2` (as
`make run` does) and measures, from the commit of the transaction that records a job to the moment the worker
claims it (the start of its handler):
- idle: "your turn" emails recorded one at a time, as moves record them;
- burst: 1,000 daily digests (the bulk queue, each a real email) recorded at once, then, while the worker works
  them off, "your turn" emails and bot turns recorded one at a time; and how fast the digests are done.
With the folder broker it also measures bot replies: a person's move to the bot's move stored, at the default
level, with the worker idle, in every game. It removes the worker, the server and the scratch database after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from tools import figures, scratch
from tools.liveservices import CeleryWorker, RedisServer

SECTION = "joblatency"
GAP = 0.25  # seconds between two jobs recorded one at a time


def _commit_times(record_one, count: int) -> list[tuple[int, float]]:
    """Record `count` jobs one at a time (each in its transaction); their ids with the wall time of each commit."""
    from django.db import transaction

    recorded = []
    for index in range(count):
        with transaction.atomic():
            job = record_one(index)
        recorded.append((job.pk, time.time()))
        time.sleep(GAP)
    return recorded


def _start_delays(recorded: list[tuple[int, float]], timeout: float = 120) -> list[float]:
    """Seconds from each job's commit to its claim by the worker (waits until every one has started)."""
    from daymove.outbox.models import Job

    deadline = time.monotonic() + timeout
    ids = [pk for pk, _ in recorded]
    while Job.objects.filter(pk__in=ids, claimed_at__isnull=True).exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"jobs did not start within {timeout:.0f} s")
        time.sleep(0.1)
    claimed = dict(Job.objects.filter(pk__in=ids).values_list("pk", "claimed_at"))
    return [claimed[pk].timestamp() - committed for pk, committed in recorded]


def _last_done(ids: list[int], timeout: float):
    """When the last of these jobs was done (waits until every one is: claimed is not yet done)."""
    from daymove.outbox.models import Job

    deadline = time.monotonic() + timeout
    while Job.objects.filter(pk__in=ids, done_at__isnull=True).exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"jobs were not done within {timeout:.0f} s")
        time.sleep(0.1)
    return max(Job.objects.filter(pk__in=ids).values_list("done_at", flat=True))


def _people(count: int, prefix: str) -> list:
    """People with verified addresses, each with an Abande match waiting for their move."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from daymove.notify.models import EmailPreferences
    from daymove.play.models import Match
    from games.registry import get_game

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com") for i in range(count)]
    )
    users = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    EmailAddress.objects.bulk_create([EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users])
    EmailPreferences.objects.filter(user__in=users).delete()
    game = get_game("abande")
    state = game.initial_state(game.normalize_options({}))
    opponent = User.objects.create(username=f"{prefix}opponent")
    Match.objects.bulk_create(
        [
            Match(
                game="abande",
                options=game.normalize_options({}),
                player0=u,
                player1=opponent,
                state=game.to_json(state),
                to_move=0,
            )
            for u in users
        ]
    )
    return users


def measure_broker(name: str, samples: int, bulk: int) -> dict:
    """Idle and burst latencies on the broker this process and the worker use."""
    from daymove.notify.events import KIND, email_key
    from daymove.notify.models import EmailPreferences
    from daymove.outbox.jobs import record
    from daymove.outbox.models import Job
    from daymove.play.models import Match

    people = _people(samples, f"{name}-p")
    matches = {m.player0_id: m for m in Match.objects.filter(player0__in=people)}

    def your_turn(round_: str):
        def record_one(index: int):
            user = people[index % len(people)]
            match = matches[user.pk]
            key = email_key(match.pk, 1000 + index, f"your_turn-{round_}", user.pk)
            return record(KIND, key, {"kind": "your_turn", "user": user.pk, "match": match.pk, "ply": match.ply})

        return record_one

    idle = _start_delays(_commit_times(your_turn("idle"), samples))

    readers = _people(bulk, f"{name}-d")
    EmailPreferences.objects.bulk_create(
        [EmailPreferences(user=u, turn_emails=EmailPreferences.TurnEmails.DIGEST) for u in readers]
    )
    from django.db import transaction

    began = time.time()
    with transaction.atomic():
        digests = [
            record(KIND, f"digest:{u.pk}:bench", {"kind": "digest", "user": u.pk, "date": "2026-01-01"})
            for u in readers
        ]
    burst = _start_delays(_commit_times(your_turn("burst"), samples))
    waiting_after = Job.objects.filter(pk__in=[d.pk for d in digests], claimed_at__isnull=True).count()
    last_done = _last_done([d.pk for d in digests], timeout=600)
    rate = bulk / (last_done.timestamp() - began)
    return {"idle": idle, "burst": burst, "bulk_rate": rate, "bulk_left": waiting_after}


def measure_bots(moves_per_game: int, seed: int = 1) -> dict[str, list[float]]:
    """Seconds from a person's move to the bot's move stored, idle worker, per game: at the default level, or the
    strongest level the game offers below it (Parity offers beginner only)."""
    from django.contrib.auth import get_user_model

    from daymove.play.models import Match, Move
    from daymove.players.models import Player
    from daymove.round import moves
    from games.bot.levels import level_in
    from games.registry import all_games

    User = get_user_model()
    rng = random.Random(seed)
    person = User.objects.create(username="bench-person")
    bot = User.objects.create(username="bench-bot")
    results = {}
    for slug, game in all_games().items():
        Player.objects.filter(user=bot).update(is_bot=True, bot_level=level_in(game))
        options = game.normalize_options({})
        state = game.initial_state(options)
        first = game.current_player(state)
        players = (person, bot) if first == 0 else (bot, person)  # the person begins
        match = Match.objects.create(
            game=slug, options=options, player0=players[0], player1=players[1], state=game.to_json(state), to_move=first
        )
        delays = []
        for _ in range(moves_per_game):
            match.refresh_from_db()
            if not match.is_active or match.players[match.to_move] != person:
                break
            text = rng.choice(game.legal_move_strings(match.position()))
            move = moves.submit_move(match.pk, person, text, match.ply).move
            deadline = time.monotonic() + 60
            while not Move.objects.filter(match=match, ply=move.ply + 1).exists():
                if time.monotonic() > deadline:
                    raise SystemExit(f"the bot did not answer in {slug} within 60 s")
                time.sleep(0.02)
            reply = Move.objects.get(match=match, ply=move.ply + 1)
            delays.append((reply.created - move.created).total_seconds())
            time.sleep(0.5)  # the worker is idle before the next move
        results[slug] = delays
    return results


def _row(label: str, delays: list[float]) -> str:
    p50, p95 = figures.percentile(delays, 50), figures.percentile(delays, 95)
    return f"| {label} | {len(delays)} | {p50:.0f} ms | {p95:.0f} ms | {1000 * max(delays):.0f} ms |"


def report(results: dict, bots: dict, args) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d")
    lines = [
        "## Job latency",
        "",
        f"Measured {when} with `python -m tools.joblatency --brokers {args.brokers} --bulk {args.bulk} "
        f"--samples {args.samples} --bot-moves {args.bot_moves}` on this machine (2 cores; SQLite as `make run`; one "
        "worker with 2 processes and beat, as `make run`). Commit of the transaction that records a job to the "
        f"worker's claim of it (its handler starts). Burst: {args.bulk} daily digests (bulk queue, each a real email) "
        'recorded at once, then "your turn" emails recorded one every 0.25 s while the digests are worked off.',
        "",
        "| broker, situation | jobs | p50 | p95 | max |",
        "|---|---|---|---|---|",
    ]
    for broker, result in results.items():
        lines += [
            _row(f"{broker}, idle worker", result["idle"]),
            _row(f"{broker}, {args.bulk} digests queued", result["burst"]),
        ]
    lines += [
        "",
        'Digests done per second while "your turn" emails passed them: '
        + ", ".join(
            f"{broker} {result['bulk_rate']:.0f}/s ({result['bulk_left']} still queued when the last sample started)"
            for broker, result in results.items()
        )
        + ".",
    ]
    if bots:
        every = [d for delays in bots.values() for d in delays]
        lines += [
            "",
            "### Bot replies",
            "",
            "A person's move to the bot's move stored (default level club, or the strongest level the game offers "
            f"below it; folder broker, worker idle), {args.bot_moves} moves per game:",
            "",
            "| game | moves | p50 | p95 | max |",
            "|---|---|---|---|---|",
            *[_row(slug, delays) for slug, delays in bots.items()],
            _row("all games", every),
        ]
    return "\n".join(lines)


def _run_broker(name: str, folder: Path, args, with_bots: bool) -> dict:
    """One broker, in a process of its own (its settings are read from the environment set here)."""
    database = scratch.open_database(f"sqlite:///{folder / f'{SECTION}-{name}.sqlite3'}", folder, SECTION)
    redis = RedisServer(folder / "redis.log") if name == "redis" else None
    env = scratch.server_environment(database.url, folder / name)
    if redis is not None:
        redis.start()
        env["CELERY_BROKER_URL"] = redis.url
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    worker = CeleryWorker(env | {"LOG_LEVEL": "INFO"}, folder / f"worker-{name}.log")
    try:
        call_command("migrate", "--noinput", verbosity=0)
        worker.start()
        worker.wait_ready()
        time.sleep(2)
        print(f"{name}: measuring...", flush=True)
        result = measure_broker(name, args.samples, args.bulk)
        result["bots"] = measure_bots(args.bot_moves) if with_bots else {}
    finally:
        worker.stop()
        if redis is not None:
            redis.stop()
        connections.close_all()
        database.drop()
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.joblatency", description=__doc__.split("\n\n")[0])
    parser.add_argument("--brokers", default="folder,redis", help="folder, redis or both (comma-separated)")
    parser.add_argument("--bulk", type=int, default=1000, help="digests queued at once")
    parser.add_argument("--samples", type=int, default=40, help="jobs recorded one at a time, idle and in the burst")
    parser.add_argument("--bot-moves", type=int, default=4, help="person moves against the bot per game (0: none)")
    parser.add_argument("--write", type=Path, help="replace the joblatency section of this Markdown file")
    parser.add_argument("--only", help=argparse.SUPPRESS)  # internal: measure one broker, in a child process
    args = parser.parse_args(argv)
    folder = scratch.fresh_folder(SECTION)
    if args.only:
        result = _run_broker(args.only, folder, args, with_bots=args.bot_moves > 0)
        (folder.parent / f"{SECTION}-{args.only}.json").write_text(json.dumps(result))
        return 0
    results = {}
    for index, name in enumerate(args.brokers.split(",")):
        child = [sys.executable, "-m", "tools.joblatency", "--only", name, "--bulk", str(args.bulk)]
        child += ["--samples", str(args.samples), "--bot-moves", str(args.bot_moves if index == 0 else 0)]
        subprocess.run(child, check=True, cwd=scratch.CHECKOUT)
        out = folder.parent / f"{SECTION}-{name}.json"
        results[name] = json.loads(out.read_text())
        out.unlink()
    bots = {slug: delays for result in results.values() for slug, delays in result["bots"].items()}
    text = report(results, bots, args)
    print(text)
    if args.write:
        figures.write_section(args.write, text, SECTION)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
