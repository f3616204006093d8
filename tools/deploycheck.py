"""Deploy check: the production layout on this machine, driven through both web processes, behaves as one process.

    .venv/bin/python -m tools.deploycheck [--database-url URL] [--redis-url URL] [--write docs/performance.md]

It runs the Procfile's commands: `release` (migrations, static files), `web` twice (one process each, on two ports
in 8600-8699), `worker` and `bots` (the two Celery workers, mail and bot queues apart) and `beat` once, against a
scratch PostgreSQL database (deploycheck_<pid>, dropped at the end) and this machine's Redis (its database 6 by
default, emptied at the start and the end) as broker, cache and live fan-out. A scripted session then goes through
both web processes as a proxy would send it (X-Forwarded-Proto: https): two people sign up and confirm their
addresses, one challenges the other, they move in turn (each move on the other process than the last), the
opponent's event stream on the other process announces each move, both processes serve byte-equal pages, the
chat allowance is shared, a bot game is played, both join a league whose season beat starts and one resigns their
league game to the other (the division page is then the same on both processes), and a deadline passes. At the end
every due job ran exactly once, none failed, no email went twice. Every process it started is stopped by its own
process group.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import hashlib
import html
import http.client
import math
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from tools import figures, scratch
from tools.liveservices import emails_in, text_of

SECTION = "deploycheck"
CHECKOUT_PROCFILE = scratch.CHECKOUT / "Procfile"
PORTS = range(8600, 8700)  # this project's ports on the shared machine
PASSWORD = "deploy-check-Pw-1"
CHAT_LIMIT = 3  # chat lines per hour for the run: the fourth must be refused whichever process takes it
WAIT = 30.0  # seconds any background effect may take before the check calls it missing
_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_PER_REQUEST = re.compile(
    rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": "|data-live-since="|[?&](?:amp;)?t=)[^"&]+'
)


# ---- the processes -------------------------------------------------------------------------------------------
def procfile(path: Path) -> dict[str, str]:
    """The Procfile's process types and their commands."""
    found = {}
    for line in path.read_text().splitlines():
        name, colon, command = line.partition(":")
        if colon and not line.startswith("#") and re.fullmatch(r"[a-z_]+", name):
            found[name] = command.strip()
    return found


def free_ports(count: int) -> list[int]:
    """`count` ports of this project's range that nothing listens on now."""
    ports = []
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        ports.append(port)
        if len(ports) == count:
            return ports
    raise SystemExit(f"no {count} free ports in {PORTS.start}-{PORTS.stop - 1}")


@dataclass
class Process:
    """One Procfile line running in a process group of its own (stopped by that group, never by name)."""

    name: str
    command: str
    env: dict
    log: Path
    popen: subprocess.Popen | None = None

    def start(self) -> Process:
        with open(self.log, "ab") as log:
            self.popen = subprocess.Popen(
                ["bash", "-c", f"exec {self.command}"],
                cwd=scratch.CHECKOUT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def stop(self, timeout: float = 20) -> None:
        """SIGTERM to the group (a warm shutdown), then SIGKILL to whatever of it is left."""
        if self.popen is None:
            return
        for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.popen.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.popen.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)  # pool children outliving their parent

    def tail(self, characters: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-characters:] if self.log.exists() else ""


def wait_for(condition, what: str, seconds: float = WAIT, every: float = 0.05):
    """The first true value of `condition()` within `seconds`; a failed check if none comes."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise CheckFailed(f"{what}: not within {seconds:.0f} s")
        time.sleep(every)


class CheckFailed(Exception):
    """A behaviour the production layout must have, missing."""


# ---- a browser behind the proxy ------------------------------------------------------------------------------
class _Forms(HTMLParser):
    """The forms of a page: action and the fields a browser would send as they stand."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None
        self._first_option: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": html.unescape(a.get("action", "")), "fields": {}})
        elif not self.forms:
            return
        fields = self.forms[-1]["fields"] if self.forms else {}
        if tag == "input" and a.get("name"):
            if a.get("type") in {"checkbox", "radio"} and "checked" not in a:
                return
            fields[a["name"]] = a.get("value", "on" if a.get("type") == "checkbox" else "")
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and ("selected" in a or self._select not in fields):
            fields[self._select] = a.get("value", "")  # the selected option, else the first

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def forms_of(page: str) -> list[dict]:
    parser = _Forms()
    parser.feed(page)
    return parser.forms


@dataclass
class Response:
    status: int
    location: str
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


@dataclass
class Browser:
    """One person's cookies, sent to whichever web process a request goes to, as through the site's proxy."""

    name: str
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, port: int, method: str, path: str, fields: dict | None = None, follow: bool = True) -> Response:
        body = urlencode(fields or {}).encode() if method == "POST" else None
        headers = {
            "Host": f"127.0.0.1:{port}",
            "X-Forwarded-Proto": "https",  # TLS ends at the proxy
            "Referer": f"https://127.0.0.1:{port}{path}",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            content = answer.read()
            for header in answer.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    if morsel["max-age"] == "0" or not morsel.value:
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            response = Response(answer.status, answer.getheader("Location", ""), content)
        finally:
            connection.close()
        if follow and response.status in (301, 302, 303):
            return self.request(port, "GET", urlsplit(response.location).path or "/")
        return response

    def get(self, port: int, path: str) -> Response:
        return self.request(port, "GET", path)

    def submit(self, port: int, path: str, action_part: str, changes: dict, follow: bool = True) -> Response:
        """Fill and send the form of page `path` whose action holds `action_part` ("" = the page's own form)."""
        page = self.get(port, path).text
        for form in forms_of(page):
            if action_part in form["action"] and (action_part or not form["action"]):
                target = form["action"] or path
                return self.request(port, "POST", target, form["fields"] | changes, follow=follow)
        raise CheckFailed(f"{self.name}: no form with action {action_part!r} on {path}")

    def token(self, port: int, page: str) -> str:
        """The CSRF token a form on `page` carries."""
        found = _TOKEN.search(self.get(port, page).text)
        if found is None:
            raise CheckFailed(f"{self.name}: no CSRF token on {page}")
        return found.group(1)

    def post(self, port: int, path: str, fields: dict, token_page: str) -> Response:
        """POST `fields` with the CSRF token of `token_page`."""
        return self.request(port, "POST", path, fields | {"csrfmiddlewaretoken": self.token(port, token_page)})


def normalised(body: bytes) -> bytes:
    """A page as compared between the processes: CSRF tokens and the drawing time blanked."""
    return _PER_REQUEST.sub(rb"\1-", body)


class EventStream(threading.Thread):
    """A page's event stream on one web process: when the named event first arrives after the stream opened.

    `follows` is what the page names in the stream's query: its match ("m=12") or its topic ("p=division-3").
    Only an event after `sent` (set just before the request that causes it) counts: one the stream replays as
    missed from before is not the one awaited."""

    def __init__(self, browser: Browser, port: int, follows: str, event: str):
        super().__init__(daemon=True)
        self.browser, self.port, self.follows, self.event = browser, port, follows, event
        self.opened = threading.Event()
        self.sent = math.inf
        self.arrived: float | None = None

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        cookies = "; ".join(f"{k}={v}" for k, v in self.browser.cookies.items())
        path = f"/live/events/?{self.follows}&t={time.time():.3f}"
        try:
            connection.request("GET", path, headers={"Cookie": cookies, "X-Forwarded-Proto": "https"})
            answer = connection.getresponse()
            answer.fp.readline()  # "retry: …": the stream listens from here on
            self.opened.set()
            while True:
                line = answer.fp.readline()
                if not line:
                    return
                if line.strip() == f"event: {self.event}".encode() and time.monotonic() > self.sent:
                    self.arrived = time.monotonic()
                    return
        except OSError:
            self.opened.set()
        finally:
            connection.close()


# ---- the scripted session ----------------------------------------------------------------------------------
@dataclass
class Run:
    """What the session did and saw."""

    ports: list[int]
    folder: Path
    steps: list[str] = field(default_factory=list)
    live_ms: list[float] = field(default_factory=list)
    pages_compared: int = 0
    moves: int = 0
    bot_moves: int = 0
    timeout_seconds: float = 0.0
    loads: list[float] = field(default_factory=lambda: [os.getloadavg()[0], math.nan])

    def port(self, i: int) -> int:
        return self.ports[i % len(self.ports)]

    def step(self, text: str) -> None:
        self.steps.append(text)
        print(f"  ok: {text}", flush=True)


def sign_up(run: Run, name: str, i: int) -> Browser:
    """Sign up on one process, confirm the address from the email on the other."""
    browser = Browser(name)
    fields = {
        "username": name,
        "email": f"{name}@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "time_zone": "Europe/Berlin",
    }
    answer = browser.submit(run.port(i), "/accounts/signup/", "signup", fields, follow=False)
    if answer.status != 302:
        raise CheckFailed(f"sign-up of {name} answered {answer.status}")
    mail = wait_for(lambda: [m for m in emails_in(run.folder / "mail") if m["To"].startswith(name)], "confirmation")
    link = re.search(r"https?://[^\s/]+(/accounts/confirm-email/[^\s]+)", text_of(mail[-1]))
    if link is None:
        raise CheckFailed(f"no confirmation link in {name}'s email")
    browser.submit(run.port(i + 1), link.group(1), "confirm-email", {})
    from allauth.account.models import EmailAddress

    if not EmailAddress.objects.filter(user__username=name, verified=True).exists():
        raise CheckFailed(f"{name}'s address was not confirmed")
    return browser


def challenge(run: Run, browser: Browser, opponent: str, i: int):
    """Challenge `opponent` to Abande through the challenge form; the challenge row."""
    from daymove.play.models import Challenge

    browser.submit(run.port(i), f"/challenges/new/abande/?opponent={opponent}", "", {"opponent": opponent})
    return Challenge.objects.filter(creator__username=browser.name, opponent__username=opponent).latest("created")


def compare_pages(run: Run, browsers: list[Browser], match_id: int) -> None:
    """Each player's match page is the same from either web process (shared cache, no per-process state)."""
    for browser in browsers:
        pages = {normalised(browser.get(port, f"/m/{match_id}/").body) for port in run.ports}
        if len(pages) != 1:
            raise CheckFailed(f"{browser.name}'s page of match {match_id} differs between the web processes")
        run.pages_compared += len(run.ports)


def play_people(run: Run, browsers: dict[str, Browser], match_id: int, plies: int, rng) -> None:
    """Move in turn, each move on the process the last one did not use; the opponent's stream on the other."""
    from daymove.play.models import Match, Move

    for ply in range(plies):
        match = Match.objects.select_related("player0", "player1").get(pk=match_id)
        mover = browsers[match.players[match.to_move].username]
        waiter = browsers[match.players[1 - match.to_move].username]
        stream = EventStream(waiter, run.port(ply + 1), f"m={match_id}", "position")
        stream.start()
        stream.opened.wait(WAIT)
        notation = rng.choice(match.rules.legal_move_strings(match.position()))
        fields = {
            "move": notation,
            "ply": match.ply,
            "csrfmiddlewaretoken": mover.token(run.port(ply), f"/m/{match_id}/"),
        }
        sent = stream.sent = time.monotonic()
        answer = mover.request(run.port(ply), "POST", f"/m/{match_id}/move/", fields, follow=False)
        if answer.status != 302 or Move.objects.filter(match_id=match_id).count() != match.ply + 1:
            raise CheckFailed(f"move {notation} at ply {match.ply} was not stored (answer {answer.status})")
        stream.join(WAIT)
        if stream.arrived is None:
            raise CheckFailed(f"{waiter.name}'s stream on port {stream.port} heard nothing of ply {match.ply}")
        run.live_ms.append(max(0.0, stream.arrived - sent) * 1000)
        run.moves += 1
        compare_pages(run, list(browsers.values()), match_id)


def chat_limit(run: Run, browser: Browser, match_id: int) -> None:
    """The chat allowance is one per account, not one per process: line CHAT_LIMIT + 1 is refused on either."""
    from daymove.talk.models import ChatMessage

    for line in range(CHAT_LIMIT + 1):
        browser.post(run.port(line), f"/m/{match_id}/chat/post/", {"text": f"line {line}"}, f"/m/{match_id}/")
    stored = ChatMessage.objects.filter(match_id=match_id).count()
    if stored != CHAT_LIMIT:
        raise CheckFailed(f"{stored} chat lines stored with an allowance of {CHAT_LIMIT} an hour")


def _seat(match, name: str) -> int:
    return 0 if match.player0.username == name else 1


def bot_game(run: Run, browser: Browser, bot_name: str, turns: int, rng) -> int:
    """Challenge the bot (it accepts at once), then play: the bot's worker answers each move, once."""
    from daymove.play.models import Challenge, Match, Move

    found = challenge(run, browser, bot_name, 0)
    match_id = wait_for(lambda: Challenge.objects.get(pk=found.pk).match_id, "the bot's acceptance")
    match = Match.objects.select_related("player0", "player1").get(pk=match_id)
    seat = _seat(match, browser.name)
    for turn in range(turns):
        match = wait_for(
            lambda: Match.objects.filter(pk=match_id).exclude(status=Match.Status.ACTIVE, to_move=1 - seat).first(),
            "the bot's move",
        )
        if not match.is_active:
            break
        notation = rng.choice(match.rules.legal_move_strings(match.position()))
        fields = {"move": notation, "ply": match.ply}
        browser.post(run.port(turn), f"/m/{match_id}/move/", fields, f"/m/{match_id}/")
    wait_for(
        lambda: Match.objects.filter(pk=match_id).exclude(status=Match.Status.ACTIVE, to_move=1 - seat).exists(),
        "the bot's last reply",
    )
    run.bot_moves = Move.objects.filter(match_id=match_id, seat=1 - seat).count()
    if run.bot_moves < turns - 1:
        raise CheckFailed(f"the bot made {run.bot_moves} moves in {turns} turns")
    return match_id


def time_out(run: Run, match_id: int) -> None:
    """The running deadline passes: beat's sweep ends the match, once."""
    from daymove.clocks.models import MatchClock
    from daymove.play.models import Match

    match = Match.objects.get(pk=match_id)
    past = datetime.now(UTC) - timedelta(minutes=1)
    MatchClock.objects.filter(match_id=match_id).update(**{f"deadline{match.to_move}": past})
    began = time.monotonic()
    ended = wait_for(
        lambda: Match.objects.filter(pk=match_id, status=Match.Status.FINISHED, result_reason="timeout").first(),
        "the timeout",
    )
    run.timeout_seconds = time.monotonic() - began
    if ended.winner != 1 - match.to_move:
        raise CheckFailed("the timeout went to the wrong seat")


def league(run: Run, people: dict[str, Browser]) -> None:
    """A league season started by beat and one of its games ended: the division is the same on both processes."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from django.urls import reverse
    from django.utils import timezone

    from daymove.competitions import registration, seasons
    from daymove.competitions.models import Entry, LeagueGame, Registration, Season, Series
    from daymove.competitions.tables import division_table
    from daymove.live import notices
    from daymove.outbox.models import Job
    from daymove.play.models import Match

    series = Series.objects.create(slug="abande-deploy", name="Abande league", game="abande")
    season = seasons.next_season(series)
    # Two people join on the registration page, one on each process; two more accounts join through the service.
    for i, browser in enumerate(people.values()):
        page = reverse("competitions:series", args=[series.slug])
        path = reverse("competitions:registration", args=[series.slug])
        browser.post(run.port(i), path, {"mode": "recurring"}, page)
    if Registration.objects.filter(series=series, player__username__in=people).count() != len(people):
        raise CheckFailed("joining the league on its page did not register both people")
    for name in ("fenna", "gus"):
        user = get_user_model().objects.create_user(name, f"{name}@example.com", PASSWORD)
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        registration.register(series, user)
    Season.objects.filter(pk=season.pk).update(starts_at=timezone.now() - timedelta(minutes=1))
    wait_for(lambda: Season.objects.filter(pk=season.pk, status=Season.Status.RUNNING).exists(), "beat's season start")
    entrants = set(Entry.objects.filter(division__season=season).values_list("player__username", flat=True))
    if entrants != set(people) | {"fenna", "gus"}:
        raise CheckFailed(f"the season started with {sorted(entrants)}")
    run.step(f"{len(entrants)} joined a league (2 on its page, one on each process); beat started the season")

    game = LeagueGame.objects.select_related("match", "division").get(
        division__season=season, match__player0__username__in=people, match__player1__username__in=people
    )
    # eli's division page listens on one process while dana resigns on the other.
    stream = EventStream(people["eli"], run.port(0), f"p={notices.division_topic(game.division_id)}", notices.TABLE)
    stream.start()
    stream.opened.wait(WAIT)
    fields = {"confirm": "yes", "csrfmiddlewaretoken": people["dana"].token(run.port(1), f"/m/{game.match_id}/")}
    stream.sent = time.monotonic()
    people["dana"].request(run.port(1), "POST", f"/m/{game.match_id}/resign/", fields)
    if Match.objects.get(pk=game.match_id).is_active:
        raise CheckFailed("dana's resignation of her league game was not stored")
    stream.join(WAIT)
    if stream.arrived is None:
        raise CheckFailed(f"eli's division page on port {stream.port} heard nothing of the table's change")
    rows = {line.player.username: line for line in division_table(game.division).lines}
    if (rows["eli"].points, rows["dana"].points) != (1, 0):
        raise CheckFailed(f"the table after dana resigned: eli {rows['eli'].points}, dana {rows['dana'].points}")
    division_page = game.division.get_absolute_url()
    for browser in people.values():
        pages = {normalised(browser.get(port, division_page).body) for port in run.ports}
        if len(pages) != 1:
            raise CheckFailed(f"{browser.name}'s page of the division differs between the web processes")
        run.pages_compared += len(run.ports)
    started = collections.Counter(
        job.payload["user"] for job in Job.objects.filter(kind="email", payload__kind="season_started")
    )
    if sorted(started.values()) != [1] * len(entrants):
        raise CheckFailed(f"season started emails per player: {dict(started)}")
    run.step(
        "dana resigned her league game to eli on one process: eli's division page on the other heard the table "
        f"change; eli 1 point, dana 0; the division page the same on both processes; one season started email per "
        f"player ({len(entrants)})"
    )


def jobs_and_emails(run: Run) -> dict:
    """Every due job done exactly once (none failed), and no email sent twice."""
    from django.utils import timezone

    from daymove.outbox.models import Job

    def settled():
        due = Job.objects.filter(run_after__lte=timezone.now())
        return not due.exclude(status__in=[Job.Status.DONE, Job.Status.FAILED]).exists()

    wait_for(settled, "the due jobs")
    time.sleep(2)  # a job handed over twice would be claimed again in this time
    jobs = Job.objects.filter(status__in=[Job.Status.DONE, Job.Status.FAILED])
    failed = [str(job) for job in jobs if job.status == Job.Status.FAILED]
    twice = [str(job) for job in jobs if job.attempts != 1]
    mails = emails_in(run.folder / "mail")
    seen = collections.Counter(
        (m["To"], m["Subject"], hashlib.sha256(str(m.get_payload()).encode()).hexdigest()) for m in mails
    )
    doubled = [key[:2] for key, count in seen.items() if count > 1]
    kinds = collections.Counter(job.kind for job in jobs)
    if failed or twice or doubled:
        raise CheckFailed(f"jobs failed {failed[:3]}, run more than once {twice[:3]}, emails twice {doubled[:3]}")
    return {"jobs": sum(kinds.values()), "kinds": dict(kinds), "emails": len(mails)}


def session(run: Run, rng) -> dict:
    """The scripted session; a failed check raises CheckFailed."""
    from django.contrib.auth import get_user_model

    from daymove.play.models import Match
    from daymove.players.models import Player

    people = {name: sign_up(run, name, i) for i, name in enumerate(("dana", "eli"))}
    run.step("two people signed up on different web processes and confirmed their addresses on the other")
    offer = challenge(run, people["dana"], "eli", 1)
    accepted = people["eli"].post(run.port(0), f"/challenges/{offer.pk}/accept/", {}, "/")
    match = Match.objects.filter(player0__username__in=people, player1__username__in=people).first()
    if accepted.status != 200 or match is None:
        raise CheckFailed(f"eli's acceptance answered {accepted.status}; match {match}")
    run.step(f"dana challenged eli on one process, eli accepted on the other (match {match.pk})")
    play_people(run, people, match.pk, 8, rng)
    run.step(
        f"{run.moves} moves, each on the other process than the last; each announced on the opponent's stream "
        f"on the other process; {run.pages_compared} match pages equal from both processes"
    )
    chat_limit(run, people["dana"], match.pk)
    run.step(f"chat allowance shared: {CHAT_LIMIT} of {CHAT_LIMIT + 1} lines sent across both processes stored")
    bot = get_user_model().objects.create_user("deploy-bot", password=None)
    Player.objects.filter(user=bot).update(is_bot=True, bot_level="beginner")
    bot_game(run, people["eli"], bot.username, 4, rng)
    run.step(f"a bot game: {run.bot_moves} bot moves, each once, from the bots worker")
    league(run, people)
    time_out(run, match.pk)
    run.step(f"a deadline passed: beat's sweep ended the match by timeout in {run.timeout_seconds:.1f} s")
    outcome = jobs_and_emails(run)
    run.step(
        f"{outcome['jobs']} due jobs each run once, none failed ({outcome['kinds']}); "
        f"{outcome['emails']} emails, none twice"
    )
    return outcome


# ---- main ---------------------------------------------------------------------------------------------------
def start_layout(env: dict, folder: Path, ports: list[int]) -> list[Process]:
    """`release`, then two `web`, `worker`, `bots` and one `beat`, each ready before the session starts."""
    commands = procfile(CHECKOUT_PROCFILE)
    release = subprocess.run(["bash", "-c", commands["release"]], cwd=scratch.CHECKOUT, env=env, capture_output=True)
    if release.returncode != 0:
        raise CheckFailed(f"release failed:\n{release.stdout.decode()[-2000:]}{release.stderr.decode()[-2000:]}")
    processes = [
        Process(f"web{i}", commands["web"], env | {"PORT": str(port)}, folder / f"web{i}.log")
        for i, port in enumerate(ports)
    ]
    processes += [Process(name, commands[name], env, folder / f"{name}.log") for name in ("worker", "bots", "beat")]
    for process in processes:
        process.start()
    for process, port in zip(processes, ports):
        wait_for(lambda p=process, port=port: _healthy(p, port), f"{process.name} answering /healthz", 60, 0.2)
    for process, sign in ((processes[2], b" ready."), (processes[3], b" ready."), (processes[4], b"beat: Starting")):
        wait_for(lambda p=process, sign=sign: _logged(p, sign), f"{process.name} ready", 60, 0.2)
    return processes


def _healthy(process: Process, port: int) -> bool:
    if not process.alive():
        raise CheckFailed(f"{process.name} exited:\n{process.tail()}")
    try:
        return Browser("probe").get(port, "/healthz").status == 200
    except OSError:
        return False


def _logged(process: Process, sign: bytes) -> bool:
    if not process.alive():
        raise CheckFailed(f"{process.name} exited:\n{process.tail()}")
    return sign in process.log.read_bytes()


def report(args, database_label: str, run: Run, outcome: dict | None, failure: str) -> str:
    """The Markdown section for docs/performance.md; its last line is the summary."""
    from django.db import connection

    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    version = ".".join(map(str, connection.get_database_version()))
    live = (
        f"p50 {figures.percentile([ms / 1000 for ms in run.live_ms], 50):.0f} ms, max {max(run.live_ms):.0f} ms"
        if run.live_ms
        else "none measured"
    )
    lines = [
        "## Deploy check",
        "",
        f"Run {when}: `python -m tools.deploycheck` (`make deploycheck`; CI runs it in `.ci/run`'s "
        "PostgreSQL/Redis pass).",
        "",
        f"- Layout: the Procfile's `release`, then `web` twice (uvicorn, one process each, ports {run.ports[0]} and "
        f"{run.ports[1]}), `worker` (mail, sweeps, digests), `bots` and one `beat`; {database_label} {version} "
        f"(a scratch database) and Redis (`{args.redis_url}`) as broker, cache and live fan-out; requests as a "
        "TLS proxy forwards them (`X-Forwarded-Proto: https`).",
        *[f"- {step}." for step in run.steps],
        f"- From sending a move's POST to the event on the opponent's stream on the other web process: {live}.",
        f"- Load average (1 min) {run.loads[0]:.1f} at the start and {run.loads[1]:.1f} at the end "
        f"({os.cpu_count()} cores).",
        "",
        f"deploycheck: {'PASS' if not failure else 'FAIL'}: 2 web processes, 2 workers, 1 beat; {run.moves} moves "
        f"and {run.bot_moves} bot moves, {run.pages_compared} pages equal across processes, live events across "
        f"processes {live}, timeout in {run.timeout_seconds:.1f} s, "
        + (f"{outcome['jobs']} jobs each once, {outcome['emails']} emails none twice." if outcome else failure),
    ]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.deploycheck", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DEPLOYCHECK_DATABASE_URL", f"{scratch.POSTGRES}/deploycheck_{os.getpid()}"),
        help="a scratch database, created and dropped (its name must contain 'deploycheck')",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("DEPLOYCHECK_REDIS_URL", "redis://127.0.0.1:6379/6"),
        help="a Redis database of the check's own: it is emptied at the start and the end",
    )
    parser.add_argument("--write", type=Path, help="replace the deploycheck section of this Markdown file")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, emails)")
    args = parser.parse_args(argv)

    import redis

    folder = scratch.fresh_folder(SECTION)
    database = scratch.open_database(args.database_url, folder, SECTION)
    if database.sqlite_path is not None:
        print("deploycheck needs PostgreSQL: the production layout runs on it")
        return 1
    broker = redis.Redis.from_url(args.redis_url, socket_connect_timeout=3)
    broker.flushdb()
    ports = free_ports(2)
    env = scratch.server_environment(database.url, folder) | {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "CELERY_BROKER_URL": args.redis_url,
        "CACHE_URL": args.redis_url,
        "SITE_URL": f"https://127.0.0.1:{ports[0]}",
        "DAYMOVE_TRUSTED_PROXY_COUNT": "1",
        "DAYMOVE_SWEEP_SECONDS": "1",  # beat's sweeps every second, so a passed deadline shows within the run
        "DAYMOVE_OUTBOX_SWEEP_GRACE_SECONDS": "2",
        # Turn emails at once (not after the 3 minutes a player may take to look), so the run checks each goes once.
        "DAYMOVE_TURN_EMAIL_GRACE_SECONDS": "0",
        "DAYMOVE_CHAT_LINES_PER_HOUR": str(CHAT_LIMIT),
        "WEB_CONCURRENCY": "1",
        "LOG_LEVEL": "INFO",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    run = Run(ports, folder)
    processes: list[Process] = []
    outcome, failure = None, ""
    try:
        print(f"deploycheck: {database.label} {database.url}, Redis {args.redis_url}, web ports {ports}", flush=True)
        processes = start_layout(env, folder, ports)
        run.step("release ran; 2 web processes, 2 workers and 1 beat started from the Procfile")
        outcome = session(run, random.Random(1))
        stopped = []
        for process in processes:
            process.stop()
            stopped.append(process.popen.returncode)
        run.step(f"every process stopped (exit codes {stopped})")
    except CheckFailed as error:
        failure = str(error)
        print(f"FAILED: {failure}")
        for process in processes:
            print(f"--- {process.name} ---\n{process.tail(1500)}")
    finally:
        for process in processes:
            process.stop()
    run.loads[1] = os.getloadavg()[0]
    try:
        text = report(args, database.label, run, outcome, failure)
        print(text)
        if args.write and not failure:
            figures.write_section(args.write, text, SECTION)
            print(f"wrote the deploycheck section of {args.write}")
    finally:
        connections.close_all()
        database.drop()
        broker.flushdb()
        broker.close()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
