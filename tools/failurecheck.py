"""Failure check: Redis stopped mid-play and a worker killed mid-task; no move lost, no email doubled, bots recover.

    .venv/bin/python -m tools.failurecheck [--pairs 10] [--bot-matches 4] [--rounds 3] [--outage 10]
        [--stale-claim 5] [--database-url URL] [--write docs/performance.md] [--keep]

The command makes a scratch database (PostgreSQL on this machine, else a SQLite file under var/, as the load
benchmark does), starts a private redis-server on a free loopback port (the machine's own Redis is never touched)
and a real `celery -A daymove worker --beat`, and plays matches person against person and person against bot
through the move service. Then it stops Redis mid-play (moves must go on, their jobs wait in the outbox), starts
it again (the sweep hands the jobs over: each "your turn" email goes once, the bots move), and SIGKILLs the worker
while a bot is thinking (a new worker re-runs the job after the stale-claim time; the bot's move is applied once).
It prints the figures and checks, and removes the server, the worker and the scratch database at the end.

`run` works on whatever database Django is configured with (the integration test runs a short version on the
test database), so `main` alone knows about the scratch database and the environment of the processes.
"""

from __future__ import annotations

import argparse
import collections
import logging
import os
import random
import re
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from tools import figures, scratch
from tools.liveservices import CeleryWorker, RedisServer, emails_in

SECTION = "failurecheck"
GAME = "abande"
POLL = 0.02  # seconds between looks at the outbox while waiting


@dataclass(frozen=True)
class Config:
    """The size and timing of one run of the scenario."""

    pairs: int = 10  # matches between two people
    bot_matches: int = 4  # matches of a person against the quick bot
    rounds: int = 3  # rounds of moves before the outage
    outage_seconds: float = 10  # how long Redis stays down
    bot_level: str = "casual"  # the bot of the ordinary matches
    slow_bot_level: str = "club"  # the bot whose worker is killed while it thinks (long enough to be caught)
    kill_tries: int = 5  # bot turns to wait for until one is caught running
    settle_timeout: float = 120  # seconds for the outbox to drain at each step
    linger: float = 4  # seconds of further sweeps before counting emails (a double would show up)
    seed: int = 1


@dataclass
class Report:
    """What a run measured and found."""

    config: Config
    latencies: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    failed_moves: list[str] = field(default_factory=list)
    refused_hand_overs: collections.Counter = field(default_factory=collections.Counter)  # by phase
    pending_after_outage: collections.Counter = field(default_factory=collections.Counter)  # by job kind
    handled_during_outage: int = 0  # jobs of the outage that ran before Redis was back (must be 0)
    worker_survived_outage: bool = False
    recovery_seconds: float = float("nan")
    bot_moves_after_recovery: int = 0
    bot_turns_waiting_after_recovery: int = 0
    kill_caught_after_tries: int = 0
    killed_job: str = ""
    killed_job_attempts: int = 0
    moved_before_kill: bool = False
    worker_ready_seconds: float = float("nan")
    kill_to_bot_move_seconds: float = float("nan")
    bot_moves_at_killed_ply: int = 0
    emails_expected: int = 0
    emails_sent: int = 0
    duplicates: int = 0
    missing: int = 0
    unexpected: int = 0
    failed_jobs: int = 0
    unfinished_jobs: int = 0
    replay_mismatches: int = 0
    moves_total: int = 0

    def percentile(self, phase: str, q: float) -> float:
        """The q-th percentile move latency of a phase, in milliseconds."""
        return figures.percentile(self.latencies[phase], q)

    @property
    def problems(self) -> list[str]:
        """Every check that failed, in words; empty when the run proves what it should."""
        found = [f"move failed: {text}" for text in self.failed_moves]
        checks = [
            (self.handled_during_outage == 0, f"{self.handled_during_outage} jobs ran while Redis was down"),
            (sum(self.pending_after_outage.values()) > 0, "no job was waiting in the outbox during the outage"),
            (self.worker_survived_outage, "the worker exited during the outage"),
            (
                self.bot_turns_waiting_after_recovery == 0,
                f"{self.bot_turns_waiting_after_recovery} bot turns still waiting after recovery",
            ),
            (
                self.bot_moves_after_recovery >= self.pending_after_outage["bot_turn"],
                "the bots did not make their pending moves after recovery",
            ),
            (bool(self.killed_job), f"no bot job was caught running in {self.config.kill_tries} tries"),
            (not self.killed_job or self.killed_job_attempts >= 2, "the killed job was not run again"),
            (
                not self.killed_job or self.bot_moves_at_killed_ply == 1,
                f"{self.bot_moves_at_killed_ply} bot moves at the killed job's ply (expected 1)",
            ),
            (self.duplicates == 0, f"{self.duplicates} emails doubled"),
            (self.missing == 0, f"{self.missing} emails lost"),
            (self.unexpected == 0, f"{self.unexpected} unexpected emails"),
            (self.failed_jobs == 0, f"{self.failed_jobs} jobs failed"),
            (self.unfinished_jobs == 0, f"{self.unfinished_jobs} due jobs not done"),
            (self.replay_mismatches == 0, f"replaycheck: {self.replay_mismatches} mismatches"),
        ]
        return found + [text for ok, text in checks if not ok]


class _RefusalCounter(logging.Handler):
    """Counts the outbox's "could not queue job" warnings (a hand-over refused by the broker) by phase."""

    def __init__(self, report: Report):
        super().__init__(logging.WARNING)
        self.report, self.phase = report, "setup"

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("could not queue job"):
            self.report.refused_hand_overs[self.phase] += 1


class Scenario:
    """The matches of a run, the moves made in them, and the emails those moves must cause."""

    def __init__(self, config: Config, report: Report):
        self.config, self.report = config, report
        self.rng = random.Random(config.seed)
        self.people_matches: list[int] = []
        self.bot_matches: list[int] = []
        self.slow_bot_matches: list[int] = []
        self.expected: collections.Counter = collections.Counter()  # (address, match id) -> "your turn" emails

    # ---- setup ----------------------------------------------------------------------------------------------

    def create(self) -> None:
        """Players, bots and matches (unrated, open challenges accepted, so no challenge emails)."""
        from daymove.round import challenges

        people = [
            _user(f"fc-person-{i:02d}")
            for i in range(2 * self.config.pairs + self.config.bot_matches + self.config.kill_tries)
        ]
        quick, slow = _bot("fc-bot-quick", self.config.bot_level), _bot("fc-bot-slow", self.config.slow_bot_level)
        for i in range(self.config.pairs):
            creator, acceptor = people[2 * i], people[2 * i + 1]
            challenge = challenges.create_challenge(creator, GAME, {}, creator_seat=1, rated=False)
            match = challenges.accept_challenge(challenge.pk, acceptor)
            self.people_matches.append(match.pk)
            if match.to_move is not None and match.players[match.to_move].pk == creator.pk:
                self.expected[creator.email, match.pk] += 1  # the creator moves first: told by email
        rest = people[2 * self.config.pairs :]
        for person in rest[: self.config.bot_matches]:
            self.bot_matches.append(
                challenges.create_challenge(person, GAME, {}, quick.username, creator_seat=0, rated=False).match_id
            )
        for person in rest[self.config.bot_matches :]:
            self.slow_bot_matches.append(
                challenges.create_challenge(person, GAME, {}, slow.username, creator_seat=0, rated=False).match_id
            )

    # ---- moves ----------------------------------------------------------------------------------------------

    def move(self, match_id: int, phase: str) -> None:
        """The person to move plays a move that does not end the game; timed; the email it causes is expected."""
        from daymove.play import lookups
        from daymove.round import moves

        match = lookups.get_match(match_id)
        person = match.players[match.to_move]
        rules, position = match.rules, match.position()
        choices = [
            text for text in rules.legal_move_strings(position) if rules.outcome(rules.play(position, text)) is None
        ]
        text = self.rng.choice(choices)
        began = time.perf_counter()
        try:
            result = moves.submit_move(match_id, person, text, match.ply)
        except Exception as error:  # noqa: BLE001 - a move that fails is the finding, whatever the error
            self.report.failed_moves.append(f"{phase}: match {match_id} ply {match.ply}: {error!r}")
            return
        self.report.latencies[phase].append(time.perf_counter() - began)
        after = result.match
        if match_id in self.people_matches and after.is_active:
            self.expected[after.players[after.to_move].email, match_id] += 1

    def round(self, phase: str, matches: list[int]) -> None:
        """One move in each of `matches`."""
        for match_id in matches:
            self.move(match_id, phase)


def _user(username: str):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username, f"{username}@example.com")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _bot(username: str, level: str):
    user = _user(username)
    user.player.is_bot, user.player.bot_level = True, level
    user.player.save(update_fields=["is_bot", "bot_level"])
    return user


# ---- waiting on the outbox ----------------------------------------------------------------------------------------


def _unsettled(bot_matches: list[int]) -> tuple[int, int]:
    """(due jobs not done, bot matches where the bot is to move); FAILED jobs raise."""
    from django.utils import timezone

    from daymove.outbox.models import Job
    from daymove.play.models import Match

    due = Job.objects.filter(run_after__lte=timezone.now()).exclude(status=Job.Status.DONE)
    failed = list(due.filter(status=Job.Status.FAILED).values_list("key", "last_error"))
    if failed:
        raise RuntimeError(f"jobs failed: {failed}")
    waiting = sum(
        1
        for match in Match.objects.filter(pk__in=bot_matches).select_related("player0", "player1")
        if match.is_active and match.players[match.to_move].player.is_bot
    )
    return due.count(), waiting


def settle(bot_matches: list[int], timeout: float, worker: CeleryWorker) -> float:
    """Wait until every due job is done and every bot has moved; returns the seconds waited."""
    began = time.monotonic()
    while True:
        jobs_left, bots_left = _unsettled(bot_matches)
        if not jobs_left and not bots_left:
            return time.monotonic() - began
        if time.monotonic() - began > timeout:
            raise RuntimeError(
                f"after {timeout:.0f} s, {jobs_left} due jobs are not done and {bots_left} bots "
                f"have not moved; worker log:\n{worker.log_tail()}"
            )
        time.sleep(POLL)


def _wait_for_running(key: str, timeout: float) -> str:
    """The job's status once it is running or done (or its status at the timeout)."""
    from daymove.outbox.models import Job

    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        status = Job.objects.filter(key=key).values_list("status", flat=True).first()
        if status in (Job.Status.RUNNING, Job.Status.DONE):
            return status
        time.sleep(POLL / 4)
    return status or "missing"


def _kill_while_a_bot_thinks(
    scenario: Scenario, worker: CeleryWorker, start_worker: Callable[[], CeleryWorker]
) -> CeleryWorker:
    """Move against the slow bot until its job is caught running, SIGKILL the worker, start another; returns it."""
    from daymove.outbox.models import Job
    from daymove.play.bot_jobs import bot_turn_key
    from daymove.play.models import Match, Move

    report, config = scenario.report, scenario.config
    for tries, match_id in enumerate(scenario.slow_bot_matches, start=1):
        scenario.move(match_id, "after")
        ply = Match.objects.get(pk=match_id).ply
        key = bot_turn_key(match_id, ply)
        if _wait_for_running(key, config.settle_timeout) == Job.Status.RUNNING:
            worker.kill()
            killed = time.monotonic()
            report.kill_caught_after_tries, report.killed_job = tries, key
            break
    else:
        return worker
    report.moved_before_kill = Match.objects.get(pk=match_id).ply > ply
    # Moves go on with no worker at all: their emails wait in Redis for the next worker.
    scenario.round("after", scenario.people_matches)
    worker = start_worker()
    report.worker_ready_seconds = worker.wait_ready()
    while Match.objects.get(pk=match_id).ply == ply:
        if time.monotonic() - killed > config.settle_timeout:
            raise RuntimeError(f"the bot did not move after the kill; worker log:\n{worker.log_tail()}")
        time.sleep(POLL)
    report.kill_to_bot_move_seconds = time.monotonic() - killed
    report.killed_job_attempts = Job.objects.get(key=key).attempts
    report.bot_moves_at_killed_ply = Move.objects.filter(match_id=match_id, ply=ply).count()
    return worker


# ---- the scenario ------------------------------------------------------------------------------------------------


def run(config: Config, redis: RedisServer, start_worker: Callable[[], CeleryWorker], mail_dir: Path) -> Report:
    """Play, stop Redis, restart it, kill a worker mid-task; check moves, emails and bots. Redis is up at the start.

    `start_worker` starts a new worker on `redis` and the configured database (the caller stops them all).
    """
    from django.utils import timezone

    from daymove.outbox.models import Job
    from daymove.play.models import Move
    from daymove.play.replaycheck import check_all_matches

    report = Report(config)
    counter = _RefusalCounter(report)
    outbox_log = logging.getLogger("daymove.outbox.jobs")
    outbox_log.addHandler(counter)
    propagate, outbox_log.propagate = outbox_log.propagate, False  # counted, not printed
    try:
        scenario = Scenario(config, report)
        worker = start_worker()
        worker.wait_ready()
        scenario.create()
        quick_and_slow = scenario.bot_matches + scenario.slow_bot_matches
        settle(quick_and_slow, config.settle_timeout, worker)

        # 1. Play with everything up.
        counter.phase = "before"
        for _ in range(config.rounds):
            scenario.round("before", scenario.people_matches + scenario.bot_matches)
            settle(quick_and_slow, config.settle_timeout, worker)

        # 2. Redis stops: every move must still go through; its jobs wait in the outbox.
        counter.phase = "outage"
        redis.stop()
        stopped, stopped_at = time.monotonic(), timezone.now()
        scenario.round("outage", scenario.people_matches + scenario.bot_matches)
        time.sleep(max(0.0, config.outage_seconds - (time.monotonic() - stopped)))
        outage_jobs = Job.objects.filter(created__gte=stopped_at, run_after__lte=timezone.now())
        report.handled_during_outage = outage_jobs.exclude(status=Job.Status.PENDING).count()
        report.pending_after_outage.update(outage_jobs.values_list("kind", flat=True))
        report.worker_survived_outage = worker.process.poll() is None

        # 3. Redis is back on the same port, empty: the sweep hands the waiting jobs over.
        counter.phase = "recovery"
        redis.start()
        restarted_at = timezone.now()
        report.recovery_seconds = settle(quick_and_slow, config.settle_timeout, worker)
        report.bot_moves_after_recovery = Move.objects.filter(
            created__gte=restarted_at, match_id__in=scenario.bot_matches
        ).count()
        report.bot_turns_waiting_after_recovery = _unsettled(scenario.bot_matches)[1]
        scenario.round("after", scenario.people_matches + scenario.bot_matches)
        settle(quick_and_slow, config.settle_timeout, worker)

        # 4. The worker is killed while a bot thinks; a new worker re-runs the job after the stale-claim time.
        counter.phase = "kill"
        worker = _kill_while_a_bot_thinks(scenario, worker, start_worker)
        settle(quick_and_slow, config.settle_timeout, worker)

        # 5. Further sweeps, then count: each expected email exactly once, nothing else.
        time.sleep(config.linger)
        settle(quick_and_slow, config.settle_timeout, worker)
        count_emails(report, scenario.expected, mail_dir)
        now = timezone.now()
        report.failed_jobs = Job.objects.filter(status=Job.Status.FAILED).count()
        report.unfinished_jobs = Job.objects.filter(run_after__lte=now).exclude(status=Job.Status.DONE).count()
        report.replay_mismatches = sum(1 for _ in check_all_matches())
        report.moves_total = Move.objects.count()
    finally:
        outbox_log.removeHandler(counter)
        outbox_log.propagate = propagate
    return report


SUBJECT_MATCH = re.compile(r"#(\d+)\b")


def count_emails(report: Report, expected: collections.Counter, mail_dir: Path) -> None:
    """Compare the emails written with those expected, per (recipient, match)."""
    sent = collections.Counter()
    for message in emails_in(mail_dir):
        found = SUBJECT_MATCH.search(message["Subject"] or "")
        sent[message["To"], int(found.group(1)) if found else None] += 1
    report.emails_expected, report.emails_sent = sum(expected.values()), sum(sent.values())
    report.duplicates = sum(max(0, n - expected[key]) for key, n in sent.items() if key in expected)
    report.missing = sum(max(0, n - sent[key]) for key, n in expected.items())
    report.unexpected = sum(n for key, n in sent.items() if key not in expected)


# ---- report ----------------------------------------------------------------------------------------------------


def section(report: Report, label: str, command: str, outbox: dict[str, float], note: str = "") -> str:
    """The Markdown section for docs/performance.md."""
    c = report.config
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    pending = ", ".join(f"{n} {kind}" for kind, n in sorted(report.pending_after_outage.items())) or "none"

    def row(phase: str, name: str) -> str:
        return (
            f"| {name} | {len(report.latencies[phase])} | {report.percentile(phase, 50):.1f} | "
            f"{report.percentile(phase, 95):.1f} | {report.refused_hand_overs[phase]} |"
        )

    problems = report.problems
    lines = [
        "## Failure check",
        "",
        f"Run {when}: `{command}`.",
        "",
        f"- Database: {label}; a private `redis-server` on a free loopback port; a real `celery -A daymove worker "
        f"--beat` (concurrency 2); moves through the move service in the checking process. Outbox settings for "
        f"the run: sweep every {outbox['sweep']:g} s, grace {outbox['grace']:g} s, stale claim "
        f"{outbox['stale']:g} s (production: 60 s, 20 s, 300 s).",
        f"- Play: {c.pairs} matches person against person and {c.bot_matches} against a {c.bot_level} bot "
        f"({GAME}), {c.rounds} rounds of moves, then Redis stopped for {c.outage_seconds:g} s with one move in "
        f"each match, restarted on the same port, one more round; then the worker SIGKILLed (with its pool "
        f"and beat) while a {c.slow_bot_level} bot was thinking, moves made with no worker, a new worker started.",
        f"- Outage: {len(report.latencies['outage'])} moves succeeded, {len(report.failed_moves)} failed (in the whole "
        f"run); jobs waiting in the outbox at its "
        f"end: {pending}; jobs run while Redis was down: {report.handled_during_outage}; worker "
        f"{'survived' if report.worker_survived_outage else 'DID NOT survive'}.",
        f"- Recovery: {report.recovery_seconds:.1f} s from Redis answering again until every due job was done "
        f"and every bot had moved (most of it is the worker's reconnection back-off: 2, 4, 6 … s between tries, "
        f"at most 30 s); bot moves after recovery: {report.bot_moves_after_recovery}.",
        f"- Killed worker: job `{report.killed_job or '-'}` caught running on try {report.kill_caught_after_tries}; "
        f"new worker ready in {report.worker_ready_seconds:.1f} s; the bot's move applied "
        f"{report.kill_to_bot_move_seconds:.1f} s after the kill, {report.bot_moves_at_killed_ply} move at that ply, "
        f"job claimed {report.killed_job_attempts} times"
        f"{' (the move was stored before the kill)' if report.moved_before_kill else ''}.",
        f'- Emails: {report.emails_sent} sent, {report.emails_expected} expected ("your turn", one per turn '
        f"passed between people); duplicates {report.duplicates}, lost {report.missing}, unexpected "
        f"{report.unexpected}. Jobs failed: {report.failed_jobs}; due jobs not done: {report.unfinished_jobs}.",
        f"- `replaycheck` over {report.moves_total} moves: "
        + (f"{report.replay_mismatches} mismatches." if report.replay_mismatches else "all matches agree."),
        f"- Result: {'PASS' if not problems else 'FAIL: ' + '; '.join(problems)}.",
    ]
    if note:
        lines.append(f"- Note: {note.rstrip('.')}.")
    lines += [
        "",
        "Move latency (from calling the move service to its return, the hand-over to the broker included):",
        "",
        "| phase | moves | p50 ms | p95 ms | hand-overs refused |",
        "|---|---:|---:|---:|---:|",
        row("before", "before the outage"),
        row("outage", "Redis down"),
        row("after", "after recovery and around the kill"),
        "",
    ]
    return "\n".join(lines)


# ---- the command: scratch database, private Redis, workers -----------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.failurecheck", description=__doc__.split("\n\n")[0])
    defaults = Config()
    parser.add_argument("--pairs", type=int, default=defaults.pairs, help="matches between two people")
    parser.add_argument("--bot-matches", type=int, default=defaults.bot_matches, help="matches against a bot")
    parser.add_argument("--rounds", type=int, default=defaults.rounds, help="rounds of moves before the outage")
    parser.add_argument("--outage", type=float, default=defaults.outage_seconds, help="seconds Redis stays down")
    parser.add_argument("--stale-claim", type=float, default=5, help="seconds before a dead worker's job re-runs")
    parser.add_argument("--grace", type=float, default=2, help="seconds the sweep leaves a new job alone")
    parser.add_argument("--database-url", help=f"scratch database (default {scratch.default_database_url(SECTION)})")
    parser.add_argument("--write", type=Path, help="replace the failurecheck section of this Markdown file")
    parser.add_argument("--note", default="", help="a line added to the report (e.g. what else ran)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database and folder")
    args = parser.parse_args(argv)
    config = Config(pairs=args.pairs, bot_matches=args.bot_matches, rounds=args.rounds, outage_seconds=args.outage)
    outbox = {"sweep": 1.0, "grace": args.grace, "stale": args.stale_claim}

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    print(f"database: {database.label} ({database.url})")
    redis = RedisServer(folder / "redis.log")
    env = scratch.server_environment(database.url, folder) | {
        "CELERY_BROKER_URL": redis.url,
        "DAYMOVE_SWEEP_SECONDS": f"{outbox['sweep']:g}",
        "DAYMOVE_OUTBOX_SWEEP_GRACE_SECONDS": f"{outbox['grace']:g}",
        "DAYMOVE_OUTBOX_STALE_CLAIM_SECONDS": f"{outbox['stale']:g}",
        "DAYMOVE_TURN_EMAIL_GRACE_SECONDS": "0",  # each turn email goes at once: the check counts them, not looks
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    workers: list[CeleryWorker] = []

    def start_worker() -> CeleryWorker:
        worker = CeleryWorker(env | {"LOG_LEVEL": "INFO"}, folder / "worker.log").start()
        workers.append(worker)
        return worker

    report = None
    try:
        call_command("migrate", "--noinput", verbosity=0)
        redis.start()
        print(f"redis: {redis.url}; playing...")
        report = run(config, redis, start_worker, folder / "mail")
    finally:
        for worker in workers:
            worker.stop()
        redis.stop()
        connections.close_all()
        if not args.keep:
            database.drop()
        # The logs of the processes stay for a look when something went wrong.
        if args.keep or report is None or report.problems:
            print(f"logs kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    command = (
        f"python -m tools.failurecheck --pairs {args.pairs} --bot-matches {args.bot_matches} "
        f"--rounds {args.rounds} --outage {args.outage:g} --stale-claim {args.stale_claim:g} "
        f"--grace {args.grace:g}"
    )
    body = section(report, database.label, command, outbox, args.note)
    print(body)
    if args.write:
        figures.write_section(args.write, body, SECTION)
        print(f"wrote the failurecheck section of {args.write}")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
