"""Load benchmark: sites of two sizes seeded and served with gunicorn; Locust times the busy pages against /healthz.

    .venv/bin/python -m tools.loadbench [--sizes 2000,20000] [--matches-per-player 2.5] [--seconds 15] [--users 8]
        [--workers 3] [--database-url URL] [--write docs/performance.md] [--keep]

For each size the command makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/),
migrates and seeds it (`tools.seeding`: that many players, matches and open challenges in proportion), serves it
with gunicorn on 127.0.0.1, and runs Locust (`tools/locustfile.py`, headless, one user class at a time, a closed
loop of `--users` users) against it: the trivial /healthz, the dashboard, a match page, a league division page
(10 players; a season per game started by the competitions' services, half its games ended) and real move
submissions.
Traffic goes to loopback addresses only, every run stops by time, and the server and the database are removed at
the end. Locust does the requests, the timing and the percentiles; this module seeds, serves and reports.
"""

from __future__ import annotations

import argparse
import http.client
import ipaddress
import json
import math
import os
import random
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from tools import figures, scratch
from tools.liveservices import free_port
from tools.seeding import Seeded, seed, seed_leagues

SECTION = "loadbench"
LOCUSTFILE = Path(__file__).with_name("locustfile.py")
# Locust's user classes (tools/locustfile.py) and the names their requests are reported under, baseline first and
# the moves (which change data) last.
ENDPOINTS = [
    ("Healthz", "GET /healthz (baseline)"),
    ("SignedInFloor", "GET signed-in floor"),
    ("WriteFloor", "POST write floor"),
    ("Dashboard", "GET / (dashboard)"),
    ("MatchPage", "GET /m/<id>/ (match page)"),
    ("DivisionPage", "GET /leagues/<series>/<season>/<division>/ (division page, 10 players)"),
    ("Archive", "GET /players/<name>/games/?filters (archive)"),
    ("Move", "POST /m/<id>/move/"),
]
POOL_SIZE = 2  # database connections kept by each gunicorn worker (DB_POOL_SIZE)
WARM_UP_SECONDS = 3  # each GET endpoint runs this long unmeasured first (caches, connections, the code paths)


def make_sessions(user_ids) -> dict[int, str]:
    """A logged-in session and a CSRF secret per user, as the Cookie header a browser would send."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.db import transaction
    from django.utils.crypto import get_random_string

    engine = import_module(settings.SESSION_ENGINE)
    cookies = {}
    with transaction.atomic():
        for user in get_user_model().objects.filter(pk__in=list(user_ids)).only("pk", "password"):
            session = engine.SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            cookies[user.pk] = (
                f"{settings.SESSION_COOKIE_NAME}={session.session_key}; "
                f"{settings.CSRF_COOKIE_NAME}={get_random_string(32)}"
            )
    return cookies


# ---- the plan Locust follows --------------------------------------------------------------------------------


def plan(seeded: Seeded, dashboard: str, rng: random.Random, viewers: int, moves: int) -> tuple[dict, set[int]]:
    """What the Locust users do (JSON-able, cookies still to add) and the players who need a session.

    Pages are viewed by a sample of `viewers` players (sessions for all 20,000 players of a large site would take
    longer to make than the run); moves are the next plies of up to `moves` active matches."""
    sample = set(rng.sample(seeded.user_ids, min(viewers, len(seeded.user_ids))))
    tasks = rng.sample(seeded.move_tasks, min(moves, len(seeded.move_tasks)))
    pages = [[mid, uid] for mid, uid in seeded.viewers if uid in sample]
    divisions = [[path, uid] for path, uid in seeded.division_viewers]
    chains = [
        {
            "match": t.match_id,
            "players": list(t.players),
            "seats": list(t.line.seats),
            "notations": list(t.line.notations),
            "ply": t.ply,
        }
        for t in tasks
    ]
    users = sample | {uid for t in tasks for uid in t.players} | {uid for _, uid in divisions}
    steps = {
        "dashboard_path": dashboard,
        "dashboard_users": sorted(sample),
        "viewers": pages,
        "division_viewers": divisions,
        "moves": chains,
    }
    return steps | {"archive_paths": archive_paths(sorted(sample), rng)}, users


def archive_paths(user_ids: list[int], rng: random.Random) -> list[str]:
    """Archive pages searched with filters: each sampled player's won games in one game, newest first."""
    from urllib.parse import urlencode

    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from games.registry import all_games

    names = get_user_model().objects.filter(pk__in=user_ids).order_by("pk").values_list("username", flat=True)
    games = sorted(all_games())
    return [
        reverse("player_archive", args=[name]) + "?" + urlencode({"game": rng.choice(games), "result": "won"})
        for name in names
    ]


@dataclass(frozen=True)
class Result:
    """One endpoint's figures, as Locust reported them (latencies in whole milliseconds)."""

    name: str
    requests: int
    failures: int
    p50: float
    p95: float
    p99: float
    per_second: float
    reads_per_request: float | None = None  # PostgreSQL blocks read from outside its buffer cache, per request


def run_locust(base_url: str, user_class: str, plan_path: Path, *, users: int, seconds: float, out: Path) -> Result:
    """Run one Locust user class headless against `base_url` for `seconds`; its figures from Locust's final stats."""
    loopback(base_url)
    stats_path = out / f"{user_class}.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "locust",
            "-f",
            str(LOCUSTFILE),
            user_class,
            "--headless",
            "--users",
            str(users),
            "--spawn-rate",
            str(100 * users),
            "--run-time",
            f"{seconds:g}s",
            "--host",
            base_url,
            "--json-file",
            str(stats_path.with_suffix("")),
            "--only-summary",
            "--loglevel",
            "WARNING",
            "--exit-code-on-error",
            "0",
        ],  # fmt: skip
        env=os.environ | {"LOADBENCH_PLAN": str(plan_path)},
        cwd=scratch.CHECKOUT,
        check=True,
        timeout=seconds + 120,
        stdout=subprocess.DEVNULL,
    )
    name = dict(ENDPOINTS)[user_class]
    entry = next((e for e in json.loads(stats_path.read_text()) if e["name"] == name), None)
    if entry is None or not entry["num_requests"]:
        return Result(name, 0, 0, math.nan, math.nan, math.nan, 0.0)
    histogram = sorted((float(ms), count) for ms, count in entry["response_times"].items())
    elapsed = max(entry["last_request_timestamp"] - entry["start_time"], 1e-9)
    return Result(
        name,
        entry["num_requests"],
        entry["num_failures"],
        _percentile(histogram, 50),
        _percentile(histogram, 95),
        _percentile(histogram, 99),
        entry["num_requests"] / elapsed,
    )


def _percentile(histogram: list[tuple[float, int]], q: float) -> float:
    """The q-th percentile (nearest rank) of Locust's response times: milliseconds, rounded as Locust keeps them."""
    rank = math.ceil(q / 100 * sum(count for _, count in histogram))
    seen = 0
    for ms, count in histogram:
        seen += count
        if seen >= rank:
            return ms
    return histogram[-1][0]


def loopback(base_url: str) -> tuple[str, int]:
    """Host and port of `base_url`; ValueError unless it is on this machine's loopback interface."""
    parts = urlsplit(base_url)
    if parts.scheme != "http" or not parts.hostname or not parts.port:
        raise ValueError(f"{base_url}: expected http://host:port")
    address = ipaddress.ip_address(socket.gethostbyname(parts.hostname))
    if not address.is_loopback:
        raise ValueError(f"{base_url}: the load benchmark sends traffic only to loopback addresses")
    return parts.hostname, parts.port


def database_blocks() -> tuple[int, int] | None:
    """PostgreSQL's counts for this database so far: (blocks found in its buffer cache, blocks read from outside
    it); None on SQLite. The site's connections close after each request, so their counts are in."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT blks_hit, blks_read FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()


def settle_database() -> None:
    """Vacuum and analyse the freshly seeded tables, as a running site's are: the planner has statistics, and
    autovacuum does not catch up on the bulk load while the endpoints are measured."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")


def buffer_cache_size() -> str:
    """PostgreSQL's shared_buffers setting ("" on SQLite)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return ""
    with connection.cursor() as cursor:
        cursor.execute("SHOW shared_buffers")
        return cursor.fetchone()[0]


def measure(base_url: str, plan_path: Path, *, users: int, seconds: float, out: Path, warm_up: float) -> list[Result]:
    """Every endpoint in turn against one server; GET endpoints first run `warm_up` seconds unmeasured."""
    results = []
    for user_class, _ in ENDPOINTS:
        if warm_up and user_class != "Move":
            run_locust(base_url, user_class, plan_path, users=users, seconds=warm_up, out=out)
        before = database_blocks()
        result = run_locust(base_url, user_class, plan_path, users=users, seconds=seconds, out=out)
        after = database_blocks()
        if before is not None and after is not None and result.requests:
            result = replace(result, reads_per_request=(after[1] - before[1]) / result.requests)
        results.append(result)
    return results


# ---- report ----------------------------------------------------------------------------------------------------


@dataclass
class SizeRun:
    """One site size: what was seeded, how long it took, what was measured."""

    players: int
    seeded: Seeded
    seconds_seeding: float
    results: list[Result]
    loads: tuple[float, float]
    replay_problems: int


def table(results: list[Result]) -> str:
    """The results as a Markdown table, with each p50 as a multiple of the baseline's (the first row)."""
    base = results[0].p50 if results else math.nan
    rows = [
        "| endpoint | requests | failed | p50 ms | p95 ms | p99 ms | p95 / p50 | req/s | p50 vs baseline "
        "| db reads / req |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        ratio = r.p50 / base if base else math.nan
        spread = r.p95 / r.p50 if r.p50 else math.nan
        reads = "–" if r.reads_per_request is None else f"{r.reads_per_request:.1f}"
        rows.append(
            f"| {r.name} | {r.requests} | {r.failures} | {r.p50:.0f} | {r.p95:.0f} | {r.p99:.0f} | "
            f"{spread:.1f} | {r.per_second:.1f} | ×{ratio:.1f} | {reads} |"
        )
    return "\n".join(rows)


def division_against_match(results: list[Result]) -> str:
    """The division page's median as a multiple of the match page's (the issue asks for at most 2×)."""
    by_name = {r.name: r for r in results}
    division, match = by_name[dict(ENDPOINTS)["DivisionPage"]], by_name[dict(ENDPOINTS)["MatchPage"]]
    ratio = division.p50 / match.p50 if match.p50 else math.nan
    return (
        f"The division page (10 players) costs ×{ratio:.2f} the match page at the median "
        f"({division.p50:.0f} ms against {match.p50:.0f} ms; p95 {division.p95:.0f} against {match.p95:.0f})."
    )


def growth(runs: list[SizeRun]) -> str:
    """Each endpoint's median at the largest size as a multiple of the smallest's."""
    small, large = runs[0], runs[-1]
    rows = [
        f"| endpoint | p50 ms, {small.players} players | p50 ms, {large.players} players | ratio |",
        "|---|---:|---:|---:|",
    ]
    for a, b in zip(small.results, large.results):
        rows.append(f"| {a.name} | {a.p50:.0f} | {b.p50:.0f} | ×{b.p50 / a.p50 if a.p50 else math.nan:.2f} |")
    return "\n".join(rows)


def report(args, database: scratch.Database, runs: list[SizeRun]) -> str:
    """The Markdown section for docs/performance.md."""
    from django.db import connection

    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    version = ".".join(map(str, connection.get_database_version()))
    command = (
        f"python -m tools.loadbench --sizes {','.join(str(r.players) for r in runs)} "
        f"--matches-per-player {args.matches_per_player:g} --seconds {args.seconds:g} --users {args.users} "
        f"--workers {args.workers} --seed {args.seed}"
    )
    lines = [
        "## Load benchmark",
        "",
        f"Run {when}: `{command}` (`make loadbench`).",
        "",
        f"- Server: gunicorn, {args.workers} sync workers, `DEBUG=false`, `DB_POOL_SIZE={POOL_SIZE}`, on 127.0.0.1, "
        f"{database.label} {version}; "
        f"the load generator is Locust {_locust_version()} (`tools/locustfile.py`, FastHttpUser) on the same machine "
        f"({os.cpu_count()} cores), {args.users} users in a closed loop (no wait between requests).",
        f"- Each endpoint in turn for {args.seconds:g} s; GET endpoints warmed up {WARM_UP_SECONDS} s first. Latency "
        "is Locust's, from sending the request to reading the whole response, in whole milliseconds.",
        "- Moves: every POST is the legal next move of a seeded active match by the player to move, as htmx sends it "
        "(the play area comes back).",
        "- Floors (`tools/bench_floor.py`, served only by the benchmark's server): the signed-in floor is a "
        "signed-in page that shows nothing (the middleware, the session, the user and their player); the write "
        "floor is a signed-in POST through the CSRF check that commits one compare-and-set of a match row to "
        "itself. Every signed-in page costs at least the first, every move at least the second.",
        "- After seeding, the database is vacuumed and analysed (as a running site's tables are), so autovacuum does "
        "not work off the bulk load during the measurement.",
    ]
    if buffers := buffer_cache_size():
        lines.append(
            "- db reads / req: the blocks PostgreSQL read from outside its buffer cache (shared_buffers "
            f"{buffers} here) per request, from `pg_stat_database`: what a larger site costs that a small one does not "
            "(approximate: pooled connections report their counts up to a few seconds late)."
        )
    if args.note:
        lines.append(f"- Note: {args.note.rstrip('.')}.")
    for run in runs:
        counts = ", ".join(f"{value} {name}" for name, value in run.seeded.counts.items())
        replay = f"{run.replay_problems} mismatches" if run.replay_problems else "all agree"
        lines += [
            "",
            f"### {run.players} players",
            "",
            f"Seeded in {run.seconds_seeding:.0f} s: {counts}. Load average (1 min) {run.loads[0]:.2f} before and "
            f"{run.loads[1]:.2f} after; the matches moves were played in, replayed after the run: {replay}.",
            "",
            table(run.results),
            "",
            division_against_match(run.results),
        ]
    if len(runs) > 1:
        lines += ["", "### How the cost grows", "", growth(runs)]
    return "\n".join(lines) + "\n"


def _locust_version() -> str:
    from importlib.metadata import version

    return version("locust")


# ---- main ------------------------------------------------------------------------------------------------------


def _size(args, database, env, folder, players: int) -> SizeRun:
    """Seed one site size into the fresh scratch database, serve it and measure it."""
    from django.db import connections

    from daymove.play.models import Match
    from daymove.play.replaycheck import replay_mismatch

    _manage(env, "migrate", "--noinput")
    began = time.monotonic()
    rng = random.Random(args.seed)
    matches = round(players * args.matches_per_player)
    seeded = seed(players, matches, challenges=max(20, players // 20), rng=rng)
    seed_leagues(seeded, rng)
    settle_database()
    steps, needing = plan(seeded, dashboard_path(), rng, args.sessions, args.move_matches)
    cookies = make_sessions(needing)
    plan_path = folder / f"plan-{players}.json"
    plan_path.write_text(json.dumps(steps | {"cookies": cookies}))
    seconds_seeding = time.monotonic() - began
    print(f"{players} players seeded in {seconds_seeding:.0f} s: {seeded.counts}", flush=True)
    connections.close_all()
    load_before = os.getloadavg()[0]
    # As in production (docs/deploy.md), each worker keeps its database connections in psycopg's pool (this process
    # does not: it drops and makes databases, which ends every connection to them).
    with gunicorn(env | {"DB_POOL_SIZE": str(POOL_SIZE)}, args.workers, folder / "gunicorn.log") as base_url:
        results = measure(
            base_url, plan_path, users=args.users, seconds=args.seconds, out=folder, warm_up=WARM_UP_SECONDS
        )
    load_after = os.getloadavg()[0]
    # The matches the moves were played in still replay from their moves (the others were not touched; replaying
    # all 50,000 of a large site would take longer than the run).
    played = Match.objects.filter(pk__in={chain["match"] for chain in steps["moves"]})
    problems = sum(1 for match in played.iterator() if replay_mismatch(match, match.notations()))
    connections.close_all()
    return SizeRun(players, seeded, seconds_seeding, results, (load_before, load_after), problems)


@contextmanager
def gunicorn(env: dict, workers: int, log_path: Path, startup_seconds: float = 60):
    """Serve the site with gunicorn on 127.0.0.1; yields its base URL and always stops it."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    with open(log_path, "ab") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "tools.bench_wsgi",
                "--workers",
                str(workers),
                "--bind",
                f"127.0.0.1:{port}",
            ],
            cwd=scratch.CHECKOUT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_until_healthy(server, base_url, startup_seconds, log_path)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_until_healthy(server, base_url: str, seconds: float, log_path: Path) -> None:
    host, port = loopback(base_url)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}; see {log_path}")
        connection = http.client.HTTPConnection(host, port, timeout=2)
        try:
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer /healthz within {seconds:.0f} s; see {log_path}")


def _manage(env: dict, *command: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *command], cwd=scratch.CHECKOUT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def dashboard_path() -> str:
    """The player's dashboard: /dashboard/ where a URL of that name exists, else the lobby, which holds it."""
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse("dashboard")
    except NoReverseMatch:
        return reverse("lobby")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.loadbench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,20000", help="players of each site size, comma-separated")
    parser.add_argument("--matches-per-player", type=float, default=2.5)
    parser.add_argument("--seconds", type=float, default=15, help="measured time per endpoint")
    parser.add_argument("--users", type=int, default=8, help="Locust users (requests in flight)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--sessions", type=int, default=1000, help="players whose pages are viewed")
    parser.add_argument("--move-matches", type=int, default=3000, help="active matches the moves are played in")
    parser.add_argument("--database-url", help=f"scratch database (default {scratch.default_database_url(SECTION)})")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the seeded data")
    parser.add_argument("--write", type=Path, help="replace the loadbench section of this Markdown file")
    parser.add_argument("--note", default="", help="a line added to the report (e.g. what else ran)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    print(f"database: {database.label} ({database.url})")
    env = scratch.server_environment(database.url, folder)
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    runs = []
    try:
        _manage(env, "collectstatic", "--noinput")
        for players in sizes:
            if runs:  # a fresh database for each size
                connections.close_all()
                database = scratch.open_database(database.url, folder, SECTION)
            runs.append(_size(args, database, env, folder, players))
            print(table(runs[-1].results), flush=True)
        text = report(args, database, runs)
        print(text)
        failed = any(r.requests == 0 for run in runs for r in run.results) or any(run.replay_problems for run in runs)
        if args.write and not failed:
            figures.write_section(args.write, text, SECTION)
            print(f"wrote the loadbench section of {args.write}")
        return 1 if failed else 0
    finally:
        connections.close_all()
        database.drop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
