"""In-process profile of the hot paths: queries, median and p95 wall time, and SQL time against the rest.

    .venv/bin/python -m tools.pageprofile [-n 50] [--keep] [--cprofile "match page, to move"]

Builds a small site in a scratch database (a SQLite file under var/pageprofile-<pid>/, or the database of
`DATABASE_URL`, whose name must contain "pageprofile" as it is dropped and made again), through the services: players, a
match of every game a few moves in and a finished one, a challenge, a league division. Settings are production-like
(`DEBUG` off, the site's template and cache settings). Caches are warmed by one request per path, then each path is
asked N times through Django's test client and measured: its queries (the most over the games), the median and p95
wall milliseconds, and how much of the median is SQL (timed by `connection.execute_wrapper`). A move is posted as
htmx sends it, and the live parts the other player's page asks after it are measured right after each move.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import time
from collections import defaultdict
from functools import partial

from tools import scratch

MARKER = "pageprofile"
PLIES = 4  # moves played in each match before measuring


class SqlTimer:
    """A connection.execute_wrapper that counts queries and adds up their time."""

    def __init__(self):
        self.queries = 0
        self.seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - began
            self.queries += 1


class Paths:
    """The measurements of every path: (queries, wall seconds, SQL seconds) per request, in the order first asked."""

    def __init__(self, profiled=None):
        self.runs = defaultdict(list)
        self.profiled = profiled  # the name of the path whose kept requests run under cProfile, if any
        self.profiler = None

    def measure(self, name, ask, keep=True):
        """Call `ask()` (one request) and record it under `name` if `keep` (not while warming); return its response."""
        from django.db import connection

        timer = SqlTimer()
        profiling = keep and name == self.profiled
        if profiling:
            import cProfile

            self.profiler = self.profiler or cProfile.Profile()
            self.profiler.enable()
        began = time.perf_counter()
        with connection.execute_wrapper(timer):
            response = ask()
        if profiling:
            self.profiler.disable()
        if keep:
            self.runs[name].append((timer.queries, time.perf_counter() - began, timer.seconds))
        assert response.status_code in (200, 204), (name, response.status_code)
        return response

    def report(self) -> str:
        lines = [f"{'path':<40} {'queries':>7} {'median ms':>9} {'p95 ms':>7} {'SQL ms':>7} {'rest ms':>7}"]
        for name, runs in self.runs.items():
            walls = sorted(wall for _, wall, _ in runs)
            median = statistics.median(walls)
            sql = statistics.median(s for _, _, s in runs)
            p95 = walls[min(len(walls) - 1, round(0.95 * (len(walls) - 1)))]
            queries = max(q for q, _, _ in runs)
            lines.append(
                f"{name:<40} {queries:>7} {median * 1000:>9.2f} {p95 * 1000:>7.2f} {sql * 1000:>7.2f} "
                f"{(median - sql) * 1000:>7.2f}"
            )
        return "\n".join(lines)


def _user(name):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.com", "correct-horse-battery")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _match(slug, first, second, rng, plies=PLIES):
    """A match of `slug` started through the challenge services, `plies` random moves in (fewer if it ends)."""
    from daymove.round import challenges, moves
    from games.registry import all_games

    rules = all_games()[slug]
    challenge = challenges.create_challenge(first, slug, rules.normalize_options({}), second.username, creator_seat=0)
    match = challenges.accept_challenge(challenge.pk, second)
    for _ in range(plies):
        if not match.is_active:
            break
        text = rng.choice(rules.legal_move_strings(match.position()))
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return match


def build_site(rng):
    """Players, a match of every game with alice to move and a finished one, an open challenge, a league division."""
    from daymove.round import challenges, endings
    from games.registry import all_games
    from tests.support import leagues

    alice, bob, carol, dave = (_user(name) for name in ("alice", "bob", "carol", "dave"))
    others = [_user(f"player{i}") for i in range(6)]
    slugs = list(all_games())
    on = []
    for slug in slugs:
        match = _match(slug, alice, bob, rng)
        if match.is_active and match.players[match.to_move] != alice:
            match = _match(slug, alice, bob, rng, plies=1)  # one move more or less: alice to move
        on.append(match)
        endings.resign(_match(slug, bob, alice, rng).pk, bob)  # a finished match in alice's lists
    challenges.create_challenge(dave, slugs[0], all_games()[slugs[0]].normalize_options({}))
    series = leagues.a_series(game=slugs[0])
    division = leagues.a_division(leagues.a_season(series), [alice, carol, *others[:4]])
    return {"alice": alice, "bob": bob, "carol": carol}, [m for m in on if m.is_active], division


def _clients(users):
    from django.test import Client

    clients = {"visitor": Client(SERVER_NAME="127.0.0.1")}
    for name, user in users.items():
        clients[name] = Client(SERVER_NAME="127.0.0.1")
        clients[name].force_login(user)
    return clients


def profile(n: int, rng, profiled=None) -> Paths:
    """Build the site, warm the caches, and measure every hot path `n` times."""
    from django.urls import reverse

    from daymove.play.models import Match

    users, matches, division = build_site(rng)
    clients = _clients(users)
    htmx = {"HTTP_HX_REQUEST": "true"}
    pages = [
        ("match page, to move", "alice"),
        ("match page, waiting", "bob"),
        ("match page, signed-in spectator", "carol"),
        ("match page, visitor", "visitor"),
    ]
    others = [
        ("lobby", "alice", reverse("lobby"), {}),
        ("lobby, visitor", "visitor", reverse("lobby"), {}),
        ("nav's turn count", "alice", reverse("turn_count"), htmx),
        ("division page", "alice", division.get_absolute_url(), {}),
    ]
    paths = Paths(profiled)
    for round_ in range(n + 1):  # the first round warms the caches and is not kept
        for match in matches:
            for name, who in pages:
                paths.measure(name, partial(clients[who].get, match.get_absolute_url()), round_)
        for name, who, url, extra in others:
            paths.measure(name, partial(clients[who].get, url, **extra), round_)
    for i in range(n + 1):
        match = Match.objects.get(pk=matches[i % len(matches)].pk)
        if not match.is_active:  # it ended: another of its game, the same players
            match = _match(match.game, users["alice"], users["bob"], rng)
            matches[i % len(matches)] = match
        seat = match.to_move
        mover, waiting = ("alice", "bob") if match.players[seat] == users["alice"] else ("bob", "alice")
        version = f"?ply={match.ply}&status={match.status}"
        text = rng.choice(match.rules.legal_move_strings(match.position()))
        post = {"move": text, "ply": match.ply}
        move_url = reverse("play_move", args=[match.pk])
        paths.measure("move (htmx)", partial(clients[mover].post, move_url, post, **htmx), i)
        for part in ("play", "head", "actions"):
            url = reverse("match_part", args=[match.pk, part]) + version + ("&offer=" if part == "actions" else "")
            paths.measure(f"live {part} part, after a move", partial(clients[waiting].get, url, **htmx), i)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=50, help="requests measured per path (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument("--cprofile", metavar="PATH", help="print where one path's time goes, e.g. 'lobby' (cProfile)")
    args = parser.parse_args()
    folder = scratch.fresh_folder(f"{MARKER}-{os.getpid()}")  # a run's own: two runs at once do not share a file
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{folder / f'{MARKER}.sqlite3'}"
    database = scratch.open_database(url, folder, MARKER)
    os.environ.update(scratch.server_environment(database.url, folder))

    import django

    django.setup()
    from django.core.management import call_command

    try:
        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", "--noinput", verbosity=0)  # DEBUG is off: pages name hashed static files
        paths = profile(args.n, random.Random(args.seed), args.cprofile)
        print(f"{database.label}, {args.n} requests a path (median over the games for match pages and moves)")
        print(paths.report())
        if paths.profiler:
            import pstats

            pstats.Stats(paths.profiler).sort_stats("cumulative").print_stats(60)
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            database.drop()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
