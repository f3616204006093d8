"""Load benchmark: seed thousands of players and matches, start gunicorn, time the busy pages against /healthz.

    .venv/bin/python -m tools.loadbench [--players 2000] [--matches 5000] [--seconds 15] [--concurrency 8]
        [--workers 3] [--database-url URL] [--write docs/performance.md] [--keep]

The command makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/), migrates and
seeds it (`tools.seeding`), serves it with gunicorn on 127.0.0.1, and measures each endpoint in turn with the same
server: the trivial /healthz, the dashboard, a match page and a move submission. It sends traffic to loopback
addresses only, every loop stops by count and by time, and the server and the scratch database are removed at the end.

The measuring functions work on whatever database Django is configured with (the tests call them on the test
database against a live server), so `main` alone knows about scratch databases and gunicorn.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import ipaddress
import math
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from tools import figures, scratch
from tools.liveservices import free_port
from tools.seeding import MoveTask, Seeded, seed

SECTION = "loadbench"


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
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            cookies[user.pk] = (
                f"{settings.SESSION_COOKIE_NAME}={session.session_key}; "
                f"{settings.CSRF_COOKIE_NAME}={get_random_string(32)}"
            )
    return cookies


# ---- load ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One request of a load run; `task` is the move it submits, if any."""

    method: str
    path: str
    headers: dict
    body: bytes | None = None
    task: MoveTask | None = None


class Healthz:
    """The trivial view: the server's own overhead, the baseline of every other figure."""

    name = "GET /healthz (baseline)"
    refusals: frozenset[int] = frozenset()

    def take(self, deadline: float) -> Request | None:
        return Request("GET", "/healthz", {})

    def done(self, request: Request, status: int | None) -> None:
        pass


class Pages:
    """A page viewed by a logged-in player, picked at random among (path, user) pairs."""

    refusals: frozenset[int] = frozenset()

    def __init__(self, name: str, pairs: list[tuple[str, int]], cookies: dict[int, str], seed: int = 1):
        self.name, self.pairs, self.cookies = name, pairs, cookies
        self.rng, self.lock = random.Random(seed), threading.Lock()

    def take(self, deadline: float) -> Request | None:
        with self.lock:
            path, user_id = self.rng.choice(self.pairs)
        return Request("GET", path, {"Cookie": self.cookies[user_id]})

    def done(self, request: Request, status: int | None) -> None:
        pass


class Moves:
    """Real moves: each is the next ply of a seeded match, submitted by the player to move, as htmx does.

    A match's following move is queued only after its move was applied, so no two requests race on one
    match; a refusal (4xx) ends that match's part in the run and is counted apart from errors.
    """

    name = "POST /m/<id>/move/"
    refusals = frozenset({400, 403, 404, 409})

    def __init__(self, tasks: list[MoveTask], cookies: dict[int, str], origin: str):
        self.queue = collections.deque(tasks)
        self.cookies, self.origin = cookies, origin
        self.in_flight = 0
        self.ready = threading.Condition()

    def take(self, deadline: float) -> Request | None:
        with self.ready:
            while not self.queue:
                if not self.in_flight or time.monotonic() >= deadline:
                    return None
                self.ready.wait(timeout=max(0.0, min(0.1, deadline - time.monotonic())))
            task = self.queue.popleft()
            self.in_flight += 1
        cookie = self.cookies[task.user_id]
        csrf = cookie.rsplit("=", 1)[1]
        headers = {
            "Cookie": cookie,
            "X-CSRFToken": csrf,
            "HX-Request": "true",
            "Origin": self.origin,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        body = urlencode({"move": task.notation, "ply": task.ply}).encode()
        return Request("POST", f"/m/{task.match_id}/move/", headers, body, task)

    def done(self, request: Request, status: int | None) -> None:
        following = request.task.following() if status == 200 else None
        with self.ready:
            self.in_flight -= 1
            if following is not None:
                self.queue.append(following)
            self.ready.notify_all()

    @property
    def left(self) -> int:
        return len(self.queue)


@dataclass
class Result:
    """What one endpoint's run measured."""

    name: str
    seconds: float
    latencies: list[float] = field(default_factory=list)  # seconds, of every answered request
    statuses: collections.Counter = field(default_factory=collections.Counter)
    refused: int = 0
    errors: int = 0  # failed connections, 5xx and any status other than the expected ones

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def ok(self) -> int:
        return self.requests - self.refused - self.errors

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        """The q-th percentile latency in milliseconds; NaN when nothing was answered."""
        return figures.percentile(self.latencies, q)


def loopback(base_url: str) -> tuple[str, int]:
    """Host and port of `base_url`; ValueError unless it is on this machine's loopback interface."""
    parts = urlsplit(base_url)
    if parts.scheme != "http" or not parts.hostname or not parts.port:
        raise ValueError(f"{base_url}: expected http://host:port")
    address = ipaddress.ip_address(socket.gethostbyname(parts.hostname))
    if not address.is_loopback:
        raise ValueError(f"{base_url}: the load benchmark sends traffic only to loopback addresses")
    return parts.hostname, parts.port


def measure(base_url: str, endpoint, *, requests: int, seconds: float, concurrency: int) -> Result:
    """Send `endpoint`'s requests from `concurrency` threads until `requests` were sent or `seconds` passed."""
    host, port = loopback(base_url)
    lock = threading.Lock()
    sent = 0
    start = time.monotonic()
    deadline = start + seconds
    result = Result(endpoint.name, seconds)

    def worker():
        nonlocal sent
        connection = http.client.HTTPConnection(host, port, timeout=30)
        latencies, statuses, refused, errors = [], collections.Counter(), 0, 0
        try:
            while time.monotonic() < deadline:
                with lock:
                    if sent >= requests:
                        break
                    sent += 1
                request = endpoint.take(deadline)
                if request is None:
                    break
                began = time.perf_counter()
                try:
                    connection.request(request.method, request.path, body=request.body, headers=request.headers)
                    response = connection.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException):
                    status = None
                    connection.close()  # reconnects on the next request
                else:
                    latencies.append(time.perf_counter() - began)
                endpoint.done(request, status)
                statuses[status] += 1
                if status in endpoint.refusals:
                    refused += 1
                elif status != 200:
                    errors += 1
        finally:
            connection.close()
            with lock:
                result.latencies.extend(latencies)
                result.statuses.update(statuses)
                result.refused += refused
                result.errors += errors

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        # Every request has a 30 s timeout, so each thread ends soon after the deadline.
        thread.join(timeout=seconds + 60)
    result.seconds = time.monotonic() - start
    return result


def endpoints(seeded: Seeded, cookies: dict[int, str], base_url: str, dashboard_path: str) -> list:
    """The four measured endpoints, baseline first and the move submissions (which change data) last."""
    host, port = loopback(base_url)
    return [
        Healthz(),
        Pages(f"GET {dashboard_path} (dashboard)", [(dashboard_path, uid) for uid in seeded.user_ids], cookies, 2),
        Pages("GET /m/<id>/ (match page)", [(f"/m/{mid}/", uid) for mid, uid in seeded.viewers], cookies, 3),
        Moves(seeded.move_tasks, cookies, f"http://{host}:{port}"),
    ]


def run_all(
    base_url: str, points: list, *, requests: int, seconds: float, concurrency: int, warm_up: int = 0
) -> list[Result]:
    """Measure each endpoint in turn against the same server; GET endpoints are first warmed up unmeasured."""
    results = []
    for endpoint in points:
        if warm_up and not isinstance(endpoint, Moves):
            measure(base_url, endpoint, requests=warm_up, seconds=seconds, concurrency=concurrency)
        results.append(measure(base_url, endpoint, requests=requests, seconds=seconds, concurrency=concurrency))
    return results


# ---- report ----------------------------------------------------------------------------------------------------


def table(results: list[Result]) -> str:
    """The results as a Markdown table, with each p50 as a multiple of the baseline's (the first row)."""
    base = results[0].percentile(50) if results else math.nan
    rows = [
        "| endpoint | requests | ok | refused | errors | p50 ms | p95 ms | p99 ms | req/s | p50 vs baseline |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        ratio = r.percentile(50) / base if base and not math.isnan(base) else math.nan
        rows.append(
            f"| {r.name} | {r.requests} | {r.ok} | {r.refused} | {r.errors} | {r.percentile(50):.1f} | "
            f"{r.percentile(95):.1f} | {r.percentile(99):.1f} | {r.throughput:.1f} | ×{ratio:.1f} |"
        )
    return "\n".join(rows)


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
                "daymove.wsgi",
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


def report(
    args,
    database: scratch.Database,
    seeded: Seeded,
    results: list[Result],
    loads: tuple,
    moves_left: int,
    replay_problems: int,
    seconds_seeding: float,
) -> str:
    """The Markdown section for docs/performance.md."""
    from django.db import connection

    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    version = ".".join(map(str, connection.get_database_version()))
    counts = ", ".join(f"{value} {name}" for name, value in seeded.counts.items())
    command = (
        f"python -m tools.loadbench --players {args.players} --matches {args.matches} "
        f"--challenges {args.challenges} --seconds {args.seconds:g} --requests {args.requests} "
        f"--concurrency {args.concurrency} --workers {args.workers} --seed {args.seed}"
    )
    replay = f"{replay_problems} mismatches" if replay_problems else "all matches agree"
    lines = [
        "## Load benchmark",
        "",
        f"Run {when}: `{command}`.",
        "",
        f"- Database: {database.label} {version}, seeded in {seconds_seeding:.0f} s with {counts}.",
        f"- Server: gunicorn, {args.workers} sync workers, `DEBUG=false`, on 127.0.0.1; "
        f"the load generator runs on the same machine ({os.cpu_count()} cores) in {args.concurrency} Python threads.",
        f"- Each endpoint in turn, for {args.seconds:g} s or {args.requests} requests; GET endpoints warmed up first. "
        "Latency is from sending the request to reading the whole response.",
        f"- Load average (1 min) {loads[0]:.2f} before and {loads[1]:.2f} after the run.",
        f"- Moves: every POST is the legal next move of a seeded active match by the player to move, as htmx sends it "
        f"(the play area comes back); the pool of next moves {'never ran' if moves_left else 'ran'} dry. "
        f"`replaycheck` after the run: {replay}.",
    ]
    if args.note:
        lines.append(f"- Note: {args.note.rstrip('.')}.")
    return "\n".join(lines + ["", table(results), ""])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.loadbench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--challenges", type=int, default=100, help="open challenges in the lobby")
    parser.add_argument("--seconds", type=float, default=15, help="time limit per endpoint")
    parser.add_argument("--requests", type=int, default=20000, help="request limit per endpoint")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--database-url", help=f"scratch database (default {scratch.default_database_url(SECTION)})")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the seeded data")
    parser.add_argument("--write", type=Path, help="replace the loadbench section of this Markdown file")
    parser.add_argument("--note", default="", help="a line added to the report (e.g. what else ran)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database and folder")
    args = parser.parse_args(argv)

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    print(f"database: {database.label} ({database.url})")
    env = scratch.server_environment(database.url, folder)
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    from daymove.play.replaycheck import check_all_matches

    try:
        _manage(env, "migrate", "--noinput")
        _manage(env, "collectstatic", "--noinput")
        began = time.monotonic()
        seeded = seed(args.players, args.matches, challenges=args.challenges, rng=random.Random(args.seed))
        cookies = make_sessions(seeded.user_ids)
        seconds_seeding = time.monotonic() - began
        print(f"seeded in {seconds_seeding:.0f} s: {seeded.counts}")
        connections.close_all()
        load_before = os.getloadavg()[0]
        with gunicorn(env, args.workers, folder / "gunicorn.log") as base_url:
            points = endpoints(seeded, cookies, base_url, dashboard_path())
            results = run_all(
                base_url,
                points,
                requests=args.requests,
                seconds=args.seconds,
                concurrency=args.concurrency,
                warm_up=4 * args.workers,
            )
        load_after = os.getloadavg()[0]
        problems = sum(1 for _ in check_all_matches())
        text = report(
            args, database, seeded, results, (load_before, load_after), points[-1].left, problems, seconds_seeding
        )
        print(text)
        if any(r.errors for r in results):
            print(f"errors: see {folder / 'gunicorn.log'}" + (" (kept)" if args.keep else ""))
            print((folder / "gunicorn.log").read_text()[-4000:])
        if args.write:
            figures.write_section(args.write, text, SECTION)
            print(f"wrote the loadbench section of {args.write}")
        return 1 if problems or any(r.errors for r in results) else 0
    finally:
        connections.close_all()
        if not args.keep:
            database.drop()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
