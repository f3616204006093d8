"""The whole reply-to-move loop on `make run`'s services, without a browser.

The three processes `make run` starts (uvicorn, the Celery worker with beat, `manage.py receive_mail`) run on a
scratch SQLite database and the folder queue; outgoing mail goes over SMTP (EMAIL_HOST/EMAIL_PORT) to a sink in
this test, as to a real mail server. Bob gets his turn email there, replies over SMTP to the receiver, and the
move shows on the match page, after which alice's turn email arrives at the sink.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from email import policy
from email.parser import BytesParser

import pytest
from aiosmtpd.controller import Controller

from games.registry import get_game
from tests.support.replies import send_smtp
from tools.liveservices import CeleryWorker, _stop
from tools.scratch import CHECKOUT

pytestmark = pytest.mark.slow  # starts make run's three processes

SINK, RECEIVER, WEB = 8210, 8211, 8212  # the inbox helper's ports
WAIT = 60

SETUP = """
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from daymove.play import lookups
from daymove.round import challenges, moves
users = {}
for name in ("alice", "bob"):
    users[name] = get_user_model().objects.create_user(name, f"{name}@example.com", "pw-" + name)
    EmailAddress.objects.create(user=users[name], email=f"{name}@example.com", verified=True, primary=True)
challenge = challenges.create_challenge(users["alice"], "abande", {}, "bob", creator_seat=0, rated=False)
match = lookups.get_match(challenges.accept_challenge(challenge.pk, users["bob"]).pk)
move = match.rules.legal_move_strings(match.position())[0]
moves.submit_move(match.pk, users["alice"], move, match.ply)
print(match.pk, move)
"""


class Sink:
    """The outgoing mail server: keeps every message it is given."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(BytesParser(policy=policy.default).parsebytes(envelope.content))
        return "250 OK"

    def wait_for(self, test, what: str):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            found = [m for m in self.messages if test(m)]
            if found:
                return found[-1]
            time.sleep(0.2)
        raise AssertionError(f"no {what} reached the mail server within {WAIT} s")


def to(message, name: str) -> bool:
    return message["To"] == f"{name}@example.com"


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def wait_listening(port: int, process: subprocess.Popen, log) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"exited with {process.returncode}: {log.read_text()[-2000:]}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"nothing listens on {port}: {log.read_text()[-2000:]}")


@pytest.fixture
def services(tmp_path):
    """`make run`'s processes on a scratch folder, mail out through the sink: (environment, sink)."""
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=SINK)
    controller.start()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DATABASE_URL", "CELERY_", "REDIS"))}
    env |= {
        "DAYMOVE_VAR_DIR": str(tmp_path),
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(SINK),
        "EMAIL_USE_TLS": "false",
        "SITE_URL": f"http://127.0.0.1:{WEB}",
        "DAYMOVE_SMTP_RECEIVER_PORT": str(RECEIVER),
        "DAYMOVE_TURN_EMAIL_GRACE_SECONDS": "0",  # no wait for a look: this test is about the reply, not the page
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=CHECKOUT, env=env, check=True, capture_output=True)
    worker = CeleryWorker(env, tmp_path / "worker.log").start()
    processes = []
    for name, command, port in [
        ("receiver", [*manage, "receive_mail"], RECEIVER),
        (
            "web",
            [sys.executable, "-m", "uvicorn", "daymove.asgi:application", "--port", str(WEB), "--lifespan", "off"],
            WEB,
        ),
    ]:
        log = tmp_path / f"{name}.log"
        process = subprocess.Popen(command, cwd=CHECKOUT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
        processes.append(process)
        wait_listening(port, process, log)
    try:
        worker.wait_ready()
        yield env, sink
    finally:
        for process in processes:
            _stop(process, timeout=10)
        worker.stop()
        controller.stop()


def test_a_reply_over_smtp_plays_the_move_and_the_opponent_hears_of_it(services):
    env, sink = services
    setup = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SETUP], cwd=CHECKOUT, env=env, check=True, capture_output=True
    )
    match_id, first = setup.stdout.decode().split()[-2:]
    turn = sink.wait_for(lambda m: to(m, "bob") and f"alice played {first}" in text_of(m), "turn email for bob")
    reply_to = str(turn["Reply-To"])
    assert reply_to.startswith(f"move-{match_id}-1-")
    game = get_game("abande")
    move = game.legal_move_strings(game.play(game.initial_state(game.normalize_options({})), first))[0]
    reply = (
        "From: Bob <bob@example.com>\r\n"
        f"To: {reply_to}\r\n"
        f"Subject: Re: {turn['Subject']}\r\n"
        "Message-ID: <end-to-end-1@client.example>\r\n"
        f"In-Reply-To: {turn['Message-ID']}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n"
        f"{move}\r\n\r\nOn Tue, 24 Nov 2026, Daymove wrote:\r\n> Hello bob,\r\n"
    ).encode()
    send_smtp(RECEIVER, reply, "bob@example.com", [reply_to])

    answer = sink.wait_for(lambda m: to(m, "bob") and m["Auto-Submitted"] == "auto-replied", "answer")
    assert f"You played {move}. It is alice's turn." in text_of(answer)
    page = urllib.request.urlopen(f"http://127.0.0.1:{WEB}/m/{match_id}/").read().decode()
    assert f">{move}</a>" in page  # in the move list
    alices = sink.wait_for(lambda m: to(m, "alice") and f"bob played {move}" in text_of(m), "turn email for alice")
    assert str(alices["Reply-To"]).startswith(f"move-{match_id}-2-")
