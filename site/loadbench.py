"""Load benchmark: seed thousands of players and matches, start gunicorn, time the busy pages against /healthz.

    .venv/bin/python -m daymove.loadbench [--players 2000] [--matches 5000] [--seconds 15] [--concurrency 8]
        [--workers 3] [--database-url URL] [--write docs/performance.md] [--keep]

The command makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/), migrates and
seeds it, serves it with gunicorn on 127.0.0.1, and measures each endpoint in turn with the same server: the
trivial /healthz, the dashboard, a match page and a move submission. It sends traffic to loopback addresses only,
every loop stops by count and by time, and the server and the scratch database are removed at the end.

The seeding and measuring functions work on whatever database Django is configured with (the tests call them on
the test database against a live server), so `main` alone knows about scratch databases and gunicorn.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import ipaddress
import itertools
import math
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from daymove.liveservices import free_port
from games.base import Outcome
from games.registry import all_games

BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/daymove_loadbench"


def section_markers(name: str) -> tuple[str, str]:
    """The HTML comments that enclose one command's section of docs/performance.md."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


SECTION_START, SECTION_END = section_markers("loadbench")

# Shares of seeded matches: the rest of the unfinished ones ended by resignation part-way.
ACTIVE_SHARE = 0.6
PLAYED_OUT_SHARE = 0.35
RATED_SHARE = 0.9
CHAT_SHARE = 0.2
TIME_ZONES = [
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Asia/Kolkata",
]
DAYS_PER_MOVE = [1, 2, 3, 3, 3, 5, 7, 14]  # 3 days, the default, is the common choice
MAX_PLIES = 5000  # no game here comes near; a bound so a generating loop always stops


# ---- random games ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One random game played to its end: the mover and move of each ply, each position's JSON, the result."""

    game: str
    options: dict
    seats: tuple[int, ...]
    notations: tuple[str, ...]
    states: tuple[dict, ...]  # one more than moves: the position before each ply, then the final one
    outcome: Outcome

    @property
    def length(self) -> int:
        return len(self.notations)


def random_lines(rng: random.Random, per_variant: int) -> list[Line]:
    """`per_variant` random games of every registered game and every combination of its options."""
    lines = []
    for slug, game in all_games().items():
        for values in itertools.product(*game.option_choices.values()):
            options = game.normalize_options(dict(zip(game.option_choices, values)))
            for _ in range(per_variant):
                lines.append(_random_line(rng, slug, game, options))
    return lines


def _random_line(rng, slug, game, options) -> Line:
    state = game.initial_state(options)
    seats, notations, states = [], [], [game.to_json(state)]
    for _ in range(MAX_PLIES):
        seat = game.current_player(state)
        if seat is None:
            break
        move = rng.choice(game.legal_moves(state))
        seats.append(seat)
        notations.append(game.format_move(move))
        state = game.apply_move(state, move)
        states.append(game.to_json(state))
    else:
        raise RuntimeError(f"a random {slug} game did not end within {MAX_PLIES} plies")
    return Line(slug, options, tuple(seats), tuple(notations), tuple(states), game.outcome(state))


# ---- seeding -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveTask:
    """The next move of a seeded active match: the move its random game went on with."""

    match_id: int
    players: tuple[int, int]
    line: Line
    ply: int

    @property
    def user_id(self) -> int:
        return self.players[self.line.seats[self.ply]]

    @property
    def notation(self) -> str:
        return self.line.notations[self.ply]

    def following(self) -> MoveTask | None:
        """The move after this one, once this one is applied; None when this one ends the game."""
        return replace(self, ply=self.ply + 1) if self.ply + 1 < self.line.length else None


@dataclass
class Seeded:
    """What was seeded, as the load generator needs it."""

    user_ids: list[int]
    viewers: list[tuple[int, int]]  # (match id, a player of it) for every match
    move_tasks: list[MoveTask]  # one per active match
    counts: dict[str, int]


def seed(
    players: int,
    matches: int,
    *,
    challenges: int = 100,
    rng: random.Random | None = None,
    lines_per_variant: int = 8,
    prefix: str = "lb",
) -> Seeded:
    """Bulk-create players, matches (with moves, clocks, ratings, chat) and open challenges in one transaction.

    Each match is the first plies of a random game of a registered game, so its moves replay to its cached
    position (`manage.py replaycheck` agrees). bulk_create sends no signals: Player rows are made here.
    """
    from django.db import transaction

    rng = rng or random.Random(1)
    if players < 2:
        raise ValueError("a match needs two players")
    lines = random_lines(rng, lines_per_variant)
    with transaction.atomic():
        users = _seed_users(players, prefix, rng)
        seeded = _seed_matches(users, matches, lines, rng)
        seeded.counts["open challenges"] = _seed_challenges(users, challenges, rng)
    return seeded


def _seed_users(count: int, prefix: str, rng) -> list:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from daymove.players.models import Player

    User = get_user_model()
    password = make_password(secrets.token_urlsafe())  # one hash for all: nobody logs in, sessions are made
    now = timezone.now()
    users = User.objects.bulk_create(
        [
            User(
                username=f"{prefix}{i:05d}",
                email=f"{prefix}{i:05d}@example.com",
                password=password,
                date_joined=now - timedelta(days=rng.uniform(0, 400)),
            )
            for i in range(count)
        ],
        batch_size=1000,
    )
    Player.objects.bulk_create([Player(user=u, time_zone=rng.choice(TIME_ZONES)) for u in users], batch_size=1000)
    EmailAddress.objects.bulk_create(
        [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users], batch_size=1000
    )
    return users


def _seed_matches(users: list, count: int, lines: list[Line], rng) -> Seeded:
    from django.utils import timezone

    from daymove.clocks.models import MatchClock
    from daymove.play.models import Match, Move
    from daymove.talk.models import ChatMessage

    now = timezone.now()
    planned = [_plan_match(users, i, rng.choice(lines), now, rng) for i in range(count)]
    created = Match.objects.bulk_create([plan.match for plan in planned], batch_size=1000)
    moves, clocks, chat = [], [], []
    for plan, match in zip(planned, created):
        moves.extend(plan.moves(match))
        clocks.append(plan.clock(match, MatchClock))
        if rng.random() < CHAT_SHARE:
            chat.extend(
                ChatMessage(
                    match=match,
                    author=rng.choice(match.players),
                    text=rng.choice(CHAT_LINES),
                    created=match.updated - timedelta(minutes=rng.uniform(1, 600)),
                )
                for _ in range(rng.randint(1, 5))
            )
    Move.objects.bulk_create(moves, batch_size=5000)
    MatchClock.objects.bulk_create(clocks, batch_size=1000)
    ChatMessage.objects.bulk_create(chat, batch_size=1000)
    rated = _seed_ratings(created)
    active = [m for m in created if m.status == Match.Status.ACTIVE]
    tasks = [
        MoveTask(m.pk, (m.player0_id, m.player1_id), plan.line, m.ply)
        for plan, m in zip(planned, created)
        if m.status == Match.Status.ACTIVE
    ]
    rng.shuffle(tasks)
    return Seeded(
        user_ids=[u.pk for u in users],
        viewers=[(m.pk, rng.choice((m.player0_id, m.player1_id))) for m in created],
        move_tasks=tasks,
        counts={
            "players": len(users),
            "matches": len(created),
            "active": len(active),
            "finished": len(created) - len(active),
            "moves": len(moves),
            "chat lines": len(chat),
            "ratings": rated,
        },
    )


CHAT_LINES = [
    "Good luck!",
    "Have fun.",
    "Nice move.",
    "Sorry for the slow reply, busy week.",
    "Ouch.",
    "I did not see that coming.",
    "Well played.",
    "Thanks for the game!",
    "Rematch?",
]


@dataclass
class _Plan:
    """One match to seed: a random game cut at `ply`, how it stands there, and when things happened."""

    match: object
    line: Line
    days_per_move: int

    def moves(self, match) -> list:
        from daymove.play.models import Move

        span = match.updated - match.created
        return [
            Move(
                match=match,
                ply=k,
                seat=self.line.seats[k],
                notation=self.line.notations[k],
                created=match.created + span * (k + 1) / (match.ply + 1),
            )
            for k in range(match.ply)
        ]

    def clock(self, match, model):
        clock = model(
            match=match, days_per_move=self.days_per_move, running_seat=match.to_move, turn_started=match.updated
        )
        if match.to_move is not None:
            setattr(clock, f"deadline{match.to_move}", match.updated + timedelta(days=self.days_per_move))
        return clock


def _plan_match(users, index, line: Line, now, rng) -> _Plan:
    """Every player is player 0 or 1 of at least matches/players matches, and of more at random."""
    from daymove.play.models import Match

    first = users[index % len(users)]
    second = rng.choice(users)
    while second.pk == first.pk:
        second = rng.choice(users)
    player0, player1 = (first, second) if rng.random() < 0.5 else (second, first)
    days = rng.choice(DAYS_PER_MOVE)
    fields = {
        "game": line.game,
        "options": line.options,
        "player0": player0,
        "player1": player1,
        "rated": rng.random() < RATED_SHARE,
    }
    kind = rng.random()
    if kind < ACTIVE_SHARE:
        ply = rng.randrange(line.length)
        # The running deadline is still ahead: the last move was made within the current turn's time.
        updated = now - timedelta(days=rng.uniform(0, 0.9 * days))
        fields |= {
            "status": Match.Status.ACTIVE,
            "to_move": line.seats[ply],
            "updated": updated,
            "created": updated - timedelta(days=rng.uniform(1, 180)),
        }
    else:
        created = now - timedelta(days=rng.uniform(3, 180))
        finished = created + (now - created) * rng.uniform(0.1, 0.95)
        fields |= {
            "status": Match.Status.FINISHED,
            "to_move": None,
            "created": created,
            "updated": finished,
            "finished_at": finished,
        }
        if kind < ACTIVE_SHARE + PLAYED_OUT_SHARE:
            ply = line.length
            outcome = line.outcome
            fields |= {
                "winner": outcome.winner,
                "result_reason": outcome.reason,
                "scores": list(outcome.scores) if outcome.scores is not None else None,
            }
        else:
            ply = rng.randrange(line.length)
            fields |= {"winner": 1 - line.seats[ply], "result_reason": "resignation"}
    return _Plan(Match(ply=ply, state=line.states[ply], **fields), line, days)


def _seed_ratings(matches: list) -> int:
    """A rating per (player, game) played, and the rating change of every finished rated match."""
    from daymove.play.models import Match
    from daymove.ratings import glicko2
    from daymove.ratings.models import Rating, RatingChange

    rng = random.Random(len(matches))
    rows: dict[tuple[int, str], Rating] = {}
    changes = []
    for match in sorted(matches, key=lambda m: m.updated):
        for uid in (match.player0_id, match.player1_id):
            if (uid, match.game) not in rows:
                value = glicko2.Glicko(rng.gauss(1500, 250), rng.uniform(50, 250), glicko2.INITIAL_VOLATILITY)
                row = Rating(user_id=uid, game=match.game)
                row.store(glicko2.clamp(value), match.created)
                rows[uid, match.game] = row
        if not match.rated or match.status != Match.Status.FINISHED:
            continue
        pair = [rows[match.player0_id, match.game], rows[match.player1_id, match.game]]
        before = [row.current(match.finished_at) for row in pair]
        first_score = 0.5 if match.winner is None else 1.0 - match.winner
        after = glicko2.game(before[0], before[1], first_score)
        for seat, row in enumerate(pair):
            changes.append(
                RatingChange(
                    match=match,
                    user_id=row.user_id,
                    game=match.game,
                    score=first_score if seat == 0 else 1 - first_score,
                    rating_before=before[seat].rating,
                    deviation_before=before[seat].deviation,
                    volatility_before=before[seat].volatility,
                    rating_after=after[seat].rating,
                    deviation_after=after[seat].deviation,
                    volatility_after=after[seat].volatility,
                    created=match.finished_at,
                )
            )
            row.store(after[seat], match.finished_at)
            row.games += 1
    Rating.objects.bulk_create(rows.values(), batch_size=1000)
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    return len(rows)


def _seed_challenges(users: list, count: int, rng) -> int:
    """Open challenges to anyone, as the lobby lists them."""
    from django.utils import timezone

    from daymove.clocks.models import ChallengeClock
    from daymove.play.models import Challenge

    games = list(all_games().values())
    now = timezone.now()
    made = []
    for _ in range(count):
        game = rng.choice(games)
        values = [rng.choice(allowed) for allowed in game.option_choices.values()]
        made.append(
            Challenge(
                game=game.slug,
                options=game.normalize_options(dict(zip(game.option_choices, values))),
                creator=rng.choice(users),
                created=now - timedelta(hours=rng.uniform(0, 96)),
            )
        )
    made = Challenge.objects.bulk_create(made, batch_size=1000)
    ChallengeClock.objects.bulk_create(
        [ChallengeClock(challenge=c, days_per_move=rng.choice(DAYS_PER_MOVE)) for c in made], batch_size=1000
    )
    return len(made)


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
        """The q-th percentile latency in milliseconds (nearest rank); NaN when nothing was answered."""
        if not self.latencies:
            return math.nan
        ordered = sorted(self.latencies)
        return 1000 * ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


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


def write_section(path: Path, body: str, name: str = "loadbench") -> None:
    """Replace the section between the `name` markers of `path` (made with a "# Performance" heading if missing)."""
    start, end = section_markers(name)
    text = path.read_text() if path.exists() else "# Performance\n"
    block = f"{start}\n{body.strip()}\n{end}"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + block + rest.split(end, 1)[1]
    else:
        text = f"{text.rstrip()}\n\n{block}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


# ---- the command: scratch database, gunicorn -----------------------------------------------------------------


@dataclass
class Database:
    """The scratch database of a run: its URL, what it is (for the report) and how to remove it."""

    url: str
    label: str
    sqlite_path: Path | None = None
    marker: str = "loadbench"

    def drop(self) -> None:
        if self.sqlite_path is not None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.sqlite_path}{suffix}").unlink(missing_ok=True)
        else:
            _postgres_admin(self.url, "DROP DATABASE IF EXISTS {} WITH (FORCE)", self.marker)


def _scratch_name(name: str, marker: str = "loadbench") -> str:
    # The command drops this database: a name without the marker ("loadbench") is someone's real data.
    if marker not in name:
        raise SystemExit(f"refusing to use database {name!r}: a scratch database's name must contain {marker!r}")
    return name


def _postgres_admin(url: str, statement: str, marker: str = "loadbench") -> None:
    """Run a CREATE/DROP DATABASE statement for `url`'s database from the server's "postgres" database."""
    import psycopg
    from psycopg import sql
    from psycopg.conninfo import conninfo_to_dict

    name = _scratch_name(conninfo_to_dict(url)["dbname"], marker)
    with psycopg.connect(url, dbname="postgres", autocommit=True, connect_timeout=3) as connection:
        connection.execute(sql.SQL(statement).format(sql.Identifier(name)))


def open_database(url: str | None, scratch: Path, marker: str = "loadbench") -> Database:
    """A new empty scratch database: PostgreSQL at `url`, or a SQLite file if that server is unreachable.

    Its name must contain `marker` (the command's name), as it is dropped at the end.
    """
    import psycopg

    url = url or DEFAULT_DATABASE_URL.replace("loadbench", marker)
    if url.startswith("sqlite:"):
        path = Path(url.removeprefix("sqlite:///").removeprefix("sqlite://"))
        _scratch_name(path.name, marker)
        database = Database(f"sqlite:///{path.resolve()}", "SQLite (file)", path.resolve(), marker)
        database.drop()
        return database
    try:
        _postgres_admin(url, "DROP DATABASE IF EXISTS {} WITH (FORCE)", marker)
        _postgres_admin(url, "CREATE DATABASE {}", marker)
    except psycopg.OperationalError as error:
        path = scratch / f"{marker}.sqlite3"
        reason = " ".join(str(error).split())
        print(f"PostgreSQL at {urlsplit(url).hostname} is unreachable ({reason}); using SQLite {path}")
        return Database(f"sqlite:///{path}", "SQLite (fallback: PostgreSQL unreachable)", path, marker)
    return Database(url, "PostgreSQL", marker=marker)


def server_environment(database_url: str, scratch: Path) -> dict[str, str]:
    """Production-like settings for the server and this process: same database, same key, scratch folders."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "EMAIL_HOST", "EMAIL_FILE_PATH", "SITE_URL", "CSRF_TRUSTED_ORIGINS"}
    }
    return env | {
        "DJANGO_SETTINGS_MODULE": "daymove.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        # The folder queue under the scratch folder: jobs recorded by moves are handed over after commit
        # without a broker server, and never reach the developer's own queue in var/celery-queue.
        "CELERY_BROKER_URL": "filesystem://",
        "DAYMOVE_VAR_DIR": str(scratch),
        "LOG_LEVEL": "WARNING",
    }


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
            cwd=BASE_DIR,
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
        [sys.executable, "manage.py", *command], cwd=BASE_DIR, env=env, check=True, stdout=subprocess.DEVNULL
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
    database: Database,
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
        f"python -m daymove.loadbench --players {args.players} --matches {args.matches} "
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
    parser = argparse.ArgumentParser(prog="python -m daymove.loadbench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--challenges", type=int, default=100, help="open challenges in the lobby")
    parser.add_argument("--seconds", type=float, default=15, help="time limit per endpoint")
    parser.add_argument("--requests", type=int, default=20000, help="request limit per endpoint")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--database-url", help=f"scratch database (default {DEFAULT_DATABASE_URL})")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the seeded data")
    parser.add_argument("--write", type=Path, help="replace the loadbench section of this Markdown file")
    parser.add_argument("--note", default="", help="a line added to the report (e.g. what else ran)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database and folder")
    args = parser.parse_args(argv)

    scratch = Path(os.environ.get("DAYMOVE_VAR_DIR", BASE_DIR / "var")) / "loadbench"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    database = open_database(args.database_url, scratch)
    print(f"database: {database.label} ({database.url})")
    env = server_environment(database.url, scratch)
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
        with gunicorn(env, args.workers, scratch / "gunicorn.log") as base_url:
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
            print(f"errors: see {scratch / 'gunicorn.log'}" + (" (kept)" if args.keep else ""))
            print((scratch / "gunicorn.log").read_text()[-4000:])
        if args.write:
            write_section(args.write, text)
            print(f"wrote the loadbench section of {args.write}")
        return 1 if problems or any(r.errors for r in results) else 0
    finally:
        connections.close_all()
        if not args.keep:
            database.drop()
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
