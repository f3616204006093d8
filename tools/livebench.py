"""Live updates benchmark: the server's cost of 500 open, idle match pages, and the delay from a move to the other page.

    .venv/bin/python -m tools.livebench [--pages 500] [--idle 60] [--moves 100] [--poll-every 10]
        [--write docs/performance.md]

The command makes a scratch SQLite database (as `make run` has) with one match per page, starts the web server as
`make run` does (uvicorn, one process, its live hub reading the notice table every 0.25 s) and:
1. measures the server's CPU and memory with no page open, then with `--pages` match pages open and idle (each an
   event stream, as a browser's EventSource holds it) for `--idle` seconds;
2. with those pages still open, plays `--moves` moves in another process (as a second web process or a worker
   would) and times, at another page of that match, the event's arrival and the fetch of the new play area that
   the event makes the page ask for (what the browser then shows): p50/p95 from the move's commit;
3. for comparison, the same number of pages polling instead (one conditional request every `--poll-every`
   seconds each, answered 204 "nothing new"), and their CPU cost.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from tools import figures, scratch
from tools.liveservices import free_port

SECTION = "livebench"
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mib(pid: int) -> float:
    """Resident memory of a process, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_share(pid: int, seconds: float) -> float:
    """Percent of one core the process uses over the next `seconds`."""
    before, began = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - before) / (time.monotonic() - began)


class Streams:
    """Event streams held open by an asyncio loop in a thread, as browsers hold their pages' EventSources."""

    def __init__(self, port: int):
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.writers = []
        self.arrivals: dict[str, list[float]] = {}  # path -> arrival times of "position" events

    def run(self, coroutine, timeout=120):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def _open(self, path: str, watch: bool) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        while b"retry:" not in await reader.readline():
            pass
        self.writers.append(writer)
        self.loop.create_task(self._read(reader, path if watch else None))

    async def _read(self, reader, path: str | None) -> None:
        while line := await reader.readline():
            if path is not None and line.startswith(b"event: position"):
                self.arrivals.setdefault(path, []).append(time.time())

    def open(self, paths: list[str], watch: bool = False) -> None:
        async def open_all():
            for start in range(0, len(paths), 50):  # not all at once: a browser page load is not either
                await asyncio.gather(*(self._open(path, watch) for path in paths[start : start + 50]))

        self.run(open_all())

    def close(self) -> None:
        async def close_all():
            for writer in self.writers:
                writer.close()
            self.writers = []

        self.run(close_all())

    async def _poll(self, paths: list[str], every: float, seconds: float) -> int:
        """Each path asked every `every` seconds for `seconds`; returns the requests made. A new connection each
        time, as a browser makes after the server's keep-alive (5 s) has closed the last one."""
        count = 0

        async def one(path: str):
            nonlocal count
            await asyncio.sleep(random.uniform(0, every))
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
                await writer.drain()
                await reader.read()
                writer.close()
                count += 1
                await asyncio.sleep(every)

        await asyncio.gather(*(one(path) for path in paths))
        return count


def _setup(pages: int) -> list[int]:
    """Users and matches for the pages; returns the match ids."""
    from django.contrib.auth import get_user_model

    from daymove.play.models import Match
    from games.registry import get_game

    User = get_user_model()
    User.objects.bulk_create([User(username=f"bench{i}") for i in range(2 * pages + 2)])
    users = list(User.objects.order_by("pk"))
    game = get_game("abande")
    options = game.normalize_options({})
    state = game.to_json(game.initial_state(options))
    Match.objects.bulk_create(
        [
            Match(
                game="abande", options=options, player0=users[2 * i], player1=users[2 * i + 1], state=state, to_move=0
            )
            for i in range(pages)
        ]
    )
    return list(Match.objects.order_by("pk").values_list("pk", flat=True))


def _new_match():
    from django.contrib.auth import get_user_model

    from daymove.play.models import Match
    from games.registry import get_game

    User = get_user_model()
    a, b = User.objects.get_or_create(username="mover-a")[0], User.objects.get_or_create(username="mover-b")[0]
    game = get_game("abande")
    options = game.normalize_options({})
    state = game.initial_state(options)
    return Match.objects.create(
        game="abande", options=options, player0=a, player1=b, state=game.to_json(state), to_move=0
    )


def measure_delays(streams: Streams, base: str, moves: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Seconds from each move's commit to its event at the other page, and to the new play area fetched."""
    from daymove.round import moves as move_service

    rng = random.Random(seed)
    events, displays = [], []
    match, path = None, None
    while len(events) < moves:
        if match is None or not match.is_active:
            match = _new_match()
            path = f"/live/events/?m={match.pk}&t={time.time():.1f}"
            streams.open([path], watch=True)
        seen = len(streams.arrivals.get(path, []))
        time.sleep(rng.uniform(0.3, 0.8))  # moves come at any moment of the hub's reading cycle
        text = rng.choice(match.rules.legal_move_strings(match.position()))
        ply = match.ply
        match = move_service.submit_move(match.pk, match.players[match.to_move], text, ply).match
        committed = time.time()
        deadline = time.monotonic() + 10
        while len(streams.arrivals.get(path, [])) <= seen:
            if time.monotonic() > deadline:
                raise SystemExit("a move's event did not arrive within 10 s")
            time.sleep(0.002)
        events.append(streams.arrivals[path][seen] - committed)
        with urllib.request.urlopen(f"{base}/m/{match.pk}/live/play/?ply={ply}&status=active", timeout=10) as answer:
            assert answer.status == 200, answer.status
            answer.read()
        displays.append(time.time() - committed)
    return events, displays


def report(figures_: dict, args) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d")
    f = figures_
    p = figures.percentile
    return "\n".join(
        [
            "## Live updates",
            "",
            f"Measured {when} with `python -m tools.livebench --pages {args.pages} --idle {args.idle:g} "
            f"--moves {args.moves} --poll-every {args.poll_every:g}` on this machine (2 cores): the web server as "
            "`make run` starts it (uvicorn, one process; SQLite; no Redis, so its live hub reads the notice table "
            "every 0.25 s), match pages held open as event streams by a client on the same machine.",
            "",
            "| server state | CPU (of one core) | memory (RSS) |",
            "|---|---|---|",
            f"| no page open, {args.idle:g} s | {f['cpu_none']:.1f}% | {f['rss_none']:.0f} MiB |",
            f"| {args.pages} match pages open and idle (event streams), {args.idle:g} s | {f['cpu_idle']:.1f}% | "
            f"{f['rss_idle']:.0f} MiB |",
            f"| {args.pages} pages polling instead, one request each every {args.poll_every:g} s "
            f"({f['poll_rate']:.0f} requests/s, all 204), {args.idle:g} s | {f['cpu_poll']:.1f}% | "
            f"{f['rss_poll']:.0f} MiB |",
            "",
            f"From a move's commit (made by another process, with the {args.pages} pages open) to the other page, "
            f"{args.moves} moves:",
            "",
            "| | p50 | p95 | max |",
            "|---|---|---|---|",
            f"| the event reaches the page | {p(f['events'], 50):.0f} ms | {p(f['events'], 95):.0f} ms | "
            f"{1000 * max(f['events']):.0f} ms |",
            f"| the page has fetched its new play area | {p(f['displays'], 50):.0f} ms | "
            f"{p(f['displays'], 95):.0f} ms | {1000 * max(f['displays']):.0f} ms |",
            "",
            f"Polling every {args.poll_every:g} s would show a move {args.poll_every / 2:g} s later on average "
            f"({args.poll_every:g} s at worst) and cost the CPU above while nothing happens; the streams cost less "
            "at rest and show a move within the hub's quarter second plus one fragment request.",
        ]
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.livebench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=500, help="match pages held open")
    parser.add_argument("--idle", type=float, default=60, help="seconds each state is measured")
    parser.add_argument("--moves", type=int, default=100, help="moves timed to the other page")
    parser.add_argument("--poll-every", type=float, default=10, help="seconds between two polls of a polling page")
    parser.add_argument("--write", type=Path, help="replace the livebench section of this Markdown file")
    args = parser.parse_args(argv)

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(f"sqlite:///{folder / f'{SECTION}.sqlite3'}", folder, SECTION)
    env = scratch.server_environment(database.url, folder)
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # DEBUG is off: pages name hashed static files
    match_ids = _setup(args.pages)
    connections.close_all()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "uvicorn", "daymove.asgi:application", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--lifespan", "off", "--log-level", "warning", "--timeout-graceful-shutdown", "2"]
    with open(folder / "server.log", "ab") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=scratch.CHECKOUT)
    results = {}
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        urllib.request.urlopen(f"{base}/m/{match_ids[0]}/", timeout=10).read()  # warm: the first page loads code
        results["cpu_none"] = cpu_share(server.pid, args.idle)
        results["rss_none"] = rss_mib(server.pid)
        streams = Streams(port)
        now = f"{time.time():.1f}"
        streams.open([f"/live/events/?m={pk}&t={now}" for pk in match_ids])
        print(f"{args.pages} streams open; idle for {args.idle:g} s", flush=True)
        results["cpu_idle"] = cpu_share(server.pid, args.idle)
        results["rss_idle"] = rss_mib(server.pid)
        print(f"timing {args.moves} moves", flush=True)
        results["events"], results["displays"] = measure_delays(streams, base, args.moves)
        streams.close()
        time.sleep(2)
        print(f"{args.pages} pages polling for {args.idle:g} s", flush=True)
        paths = [f"/m/{pk}/live/play/?ply=0&status=active" for pk in match_ids]
        began, cpu_before = time.monotonic(), cpu_seconds(server.pid)
        requests = streams.run(
            streams._poll(paths, args.poll_every, args.idle), timeout=args.idle + 2 * args.poll_every + 60
        )
        elapsed = time.monotonic() - began
        results["cpu_poll"] = 100 * (cpu_seconds(server.pid) - cpu_before) / elapsed
        results["rss_poll"] = rss_mib(server.pid)
        results["poll_rate"] = requests / elapsed
    finally:
        server.terminate()
        server.wait(timeout=20)
        connections.close_all()
        database.drop()
    text = report(results, args)
    print(text)
    if args.write:
        figures.write_section(args.write, text, SECTION)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
