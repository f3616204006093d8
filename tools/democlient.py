"""One client from outside on the demo data: each demo player's dashboard and match pages against a signed-in request
answered 204 (the nav's turn count, unchanged).

    .venv/bin/python -m tools.democlient [--rounds 9] [--database-url URL] [--cache-url URL] [--write FILE]

Makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/), migrates it and loads the demo
data (`manage.py load_seeds`, what `make run` shows), serves it with gunicorn as the load benchmark does (`DEBUG`
off, psycopg's pool, the Redis cache when `--cache-url` or a local Redis answers), and asks each page one at a time
over one kept-alive connection, rounds interleaved so that a slow moment weighs on every path alike (the 204 is asked
before every ten pages). Every request of a round is timed from sending it to reading the whole answer; the report
gives each path's median and p95 and the median against that of the 204, and each match page's own median over the
rounds against it.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from tools import figures, scratch
from tools.loadbench import POOL_SIZE, _manage, gunicorn, loopback, make_sessions

SECTION = "democlient"
REDIS = "redis://127.0.0.1:6379/7"
DEMO_PLAYERS = ("alice", "bob", "carol", "dave")
FLOOR = "signed-in, answered 204"  # the path kind every other is measured against


def _redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.RedisError:  # no Redis here: the site's local-memory cache, said in the report
        return False


def pages_of(username: str) -> list[tuple[str, str]]:
    """(name, path) of what a demo player reads: the dashboard and the page of every match they play."""
    from django.db.models import Q
    from django.urls import reverse

    from daymove.play.models import Match

    matches = Match.objects.filter(Q(player0__username=username) | Q(player1__username=username)).order_by("pk")
    return [("dashboard", reverse("lobby"))] + [("match page", m.get_absolute_url()) for m in matches]


FLOOR_EVERY = 10  # pages between two 204s: the floor is asked often enough for its median to be steady


def _with_floor(pages: list[tuple[str, str]], floor_path: str) -> list[tuple[str, str]]:
    """The pages with the 204 asked before the first and after every FLOOR_EVERY pages."""
    plan = []
    for index, page in enumerate(pages):
        if index % FLOOR_EVERY == 0:
            plan.append((FLOOR, floor_path))
        plan.append(page)
    return plan


class Client:
    """One kept-alive connection with one player's cookies; `get` returns (status, seconds)."""

    def __init__(self, base_url: str, cookie: str):
        self.connection = http.client.HTTPConnection(*loopback(base_url), timeout=30)
        self.cookie = cookie

    def get(self, path: str, htmx: bool = False) -> tuple[int, float, str]:
        headers = {"Cookie": self.cookie} | ({"HX-Request": "true"} if htmx else {})
        began = time.perf_counter()
        self.connection.request("GET", path, headers=headers)
        response = self.connection.getresponse()
        body = response.read()
        return response.status, time.perf_counter() - began, body.decode(errors="replace")


def _unchanged_count_path(client: Client) -> str:
    """The nav's turn count asked with the count it has now, which the site answers 204."""
    from django.urls import reverse

    path = reverse("turn_count")
    status, _, body = client.get(f"{path}?n=-1", htmx=True)
    count = body.split('data-count="', 1)[1].split('"', 1)[0]
    return f"{path}?n={count}"


def measure(base_url: str, cookies: dict[str, str], rounds: int) -> tuple[dict[str, list[float]], dict[tuple, list]]:
    """Seconds per request for each path kind, `rounds` interleaved rounds over every demo player's pages; and the
    seconds of each (player, match page) apart."""
    timings: dict[str, list[float]] = {FLOOR: [], "dashboard": [], "match page": []}
    pages: dict[tuple, list[float]] = {}
    clients = {name: Client(base_url, cookie) for name, cookie in cookies.items()}
    plans = {name: _with_floor(pages_of(name), _unchanged_count_path(client)) for name, client in clients.items()}
    for round_ in range(rounds + 1):  # the first round warms the caches and connections, and is not kept
        for name, client in clients.items():
            for kind, path in plans[name]:
                status, seconds, _ = client.get(path, htmx=kind.startswith("signed-in"))
                expected = 204 if kind.startswith("signed-in") else 200
                if status != expected:
                    raise RuntimeError(f"{path} as {name} answered {status}, not {expected}")
                if round_:
                    timings[kind].append(seconds)
                    if kind == "match page":
                        pages.setdefault((name, path), []).append(seconds)
    return timings, pages


def own_medians(pages: dict[tuple, list]) -> list[tuple[float, str, str]]:
    """(median seconds, player, path) of each match page over the rounds, fastest first."""
    return sorted((statistics.median(seconds), name, path) for (name, path), seconds in pages.items())


def report(timings: dict[str, list[float]], pages: dict[tuple, list], database: str, cache: str, rounds: int) -> str:
    floor = statistics.median(timings[FLOOR])
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## One client on the demo data",
        "",
        f"Run {when}: `python -m tools.democlient --rounds {rounds}` ({database}, {cache}; gunicorn, one worker "
        f"per core, `DEBUG=false`, `DB_POOL_SIZE={POOL_SIZE}`; load average {os.getloadavg()[0]:.1f} at the end).",
        "",
        "| path | requests | median ms | p95 ms | median / signed-in 204 |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind, seconds in timings.items():
        ordered = sorted(seconds)
        median = statistics.median(ordered)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        lines.append(f"| {kind} | {len(ordered)} | {median * 1000:.1f} | {p95 * 1000:.1f} | ×{median / floor:.2f} |")
    # Each page by its own median over the rounds: whether every match page, not most requests, is within a bound.
    own = own_medians(pages)
    slowest, name, path = own[-1]
    within = sum(median <= 3 * floor for median, _, _ in own)
    lines += [
        "",
        f"Each of the {len(own)} match pages (player and match) by its own median over the rounds: the slowest "
        f"{slowest * 1000:.1f} ms (×{slowest / floor:.2f}, `{path}` as {name}); {within} of {len(own)} within ×3.",
    ]
    return "\n".join(lines) + "\n"


def slowest_pages(timings: dict[str, list[float]], pages: dict[tuple, list], count: int) -> str:
    """The `count` slowest match pages by their own median, each against the 204's median: where to look next."""
    floor = statistics.median(timings[FLOOR])
    slowest = own_medians(pages)[::-1][:count]
    return "\n".join(f"×{median / floor:.2f} {median * 1000:.1f} ms {path} as {name}" for median, name, path in slowest)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.democlient", description=__doc__.split("\n\n")[0])
    # Nine: the slowest of 478 pages' own medians is a maximum, and over five rounds one slow moment on a page's
    # third request moved it by a tenth between runs.
    parser.add_argument("--rounds", type=int, default=9, help="times each page is asked (after one warm-up)")
    parser.add_argument("--database-url", help=f"scratch database (default {scratch.default_database_url(SECTION)})")
    parser.add_argument("--cache-url", help=f"the site's cache (default {REDIS} if Redis answers there)")
    parser.add_argument("--write", type=Path, help="replace the democlient section of this Markdown file")
    parser.add_argument("--show-slowest", type=int, default=0, metavar="N", help="also print the N slowest pages")
    args = parser.parse_args(argv)

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    cache_url = args.cache_url or (REDIS if _redis_answers(REDIS) else "")
    env = scratch.server_environment(database.url, folder) | ({"CACHE_URL": cache_url} if cache_url else {})
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.db import connections

    try:
        for command in (("migrate", "--noinput"), ("load_seeds",), ("collectstatic", "--noinput")):
            _manage(env, *command)
        for alias in ("default", "boards"):
            caches[alias].clear()  # a Redis database shared with an earlier run holds nothing of this one
        users = dict(get_user_model().objects.filter(username__in=DEMO_PLAYERS).values_list("username", "pk"))
        sessions = make_sessions(users.values())
        cookies = {name: sessions[pk] for name, pk in users.items()}
        connections.close_all()
        log = folder / "gunicorn.log"
        with gunicorn(env | {"DB_POOL_SIZE": str(POOL_SIZE)}, os.cpu_count() or 2, log) as url:
            try:
                timings, pages = measure(url, cookies, args.rounds)
            except RuntimeError:
                print(log.read_text()[-5000:], file=sys.stderr)  # the server's traceback, before its folder goes
                raise
        cache = "the Redis cache" if cache_url else "the local-memory cache"
        text = report(timings, pages, database.label, cache, args.rounds)
        print(text)
        if args.show_slowest:
            print(slowest_pages(timings, pages, args.show_slowest))
        if args.write:
            figures.write_section(args.write, text, SECTION)
            print(f"wrote the {SECTION} section of {args.write}")
        return 0
    finally:
        connections.close_all()
        database.drop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
