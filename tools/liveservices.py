"""Real background services for checks and integration tests: a private Redis, a Celery worker with beat, its mail.

Every process here is started by this module and stopped by its own process id (or process group), never by
name. The private Redis listens on a free loopback port, so stopping it leaves any other Redis on the machine alone.
"""

from __future__ import annotations

import contextlib
import email
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from email.message import Message
from pathlib import Path

from tools.scratch import CHECKOUT

# What Django's file backend writes between two messages of one file.
MESSAGE_SEPARATOR = "-" * 79


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stop(process: subprocess.Popen, timeout: float, group: bool = False) -> None:
    """SIGTERM, then SIGKILL after `timeout`; with `group`, also whatever is left of its process group."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if group:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the group is the worker's own (start_new_session)


class RedisServer:
    """A redis-server of our own on 127.0.0.1 without persistence: once stopped, its queues are gone, as in a crash."""

    def __init__(self, log_path: Path, port: int | None = None):
        self.port = port or free_port()
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10) -> None:
        """Start (or restart, on the same port) and wait until it answers PING."""
        import redis

        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (Debian's redis-server package)")
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [
                    binary,
                    "--port",
                    str(self.port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--daemonize",
                    "no",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}; see {self.log_path}")
            try:
                client.ping()
                return
            except redis.ConnectionError as error:
                if time.monotonic() > deadline:
                    message = f"redis-server did not answer within {timeout:.0f} s; see {self.log_path}"
                    raise RuntimeError(message) from error
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self) -> None:
        """Stop the server (its queued messages are lost)."""
        if self.process is not None:
            _stop(self.process, timeout=10)
            self.process = None

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class CeleryWorker:
    """`celery -A daymove worker --beat` in a process group of its own, so that it can be killed whole."""

    def __init__(self, env: dict, log_path: Path, *, concurrency: int = 2, queues: str = ""):
        self.env, self.log_path = env, log_path
        self.command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "daymove",
            "worker",
            "--beat",
            *(["-Q", queues] if queues else []),  # none: every queue in settings.CELERY_TASK_QUEUES
            "--concurrency",
            str(concurrency),
            "--loglevel",
            "INFO",
        ]
        self.process: subprocess.Popen | None = None
        self._log_start = 0

    def start(self) -> CeleryWorker:
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                self.command, cwd=CHECKOUT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        return self

    def wait_ready(self, timeout: float = 60) -> float:
        """Wait until the worker says it is ready (consuming); returns the seconds waited."""
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"the Celery worker exited with {self.process.returncode}:\n{self.log_tail()}")
            with open(self.log_path, "rb") as log:
                log.seek(self._log_start)
                if b" ready." in log.read():
                    return time.monotonic() - began
            time.sleep(0.1)
        raise RuntimeError(f"the Celery worker was not ready within {timeout:.0f} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL the worker, its pool and its beat at once, as a crash of its machine would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self, timeout: float = 20) -> None:
        """Warm shutdown (SIGTERM), then SIGKILL whatever is left of the worker's process group."""
        if self.process is not None:
            _stop(self.process, timeout, group=True)

    def log_tail(self, characters: int = 4000) -> str:
        return self.log_path.read_text(errors="replace")[-characters:] if self.log_path.exists() else ""

    def __enter__(self) -> CeleryWorker:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def emails_in(folder: Path) -> list[Message]:
    """Every message the file email backend wrote to `folder` (several per file are separated by dashes)."""
    found = []
    for path in sorted(folder.glob("*.log")) if folder.exists() else []:
        for chunk in path.read_text().split(MESSAGE_SEPARATOR):
            if chunk.strip():
                found.append(email.message_from_string(chunk.strip()))
    return found


def text_of(message: Message) -> str:
    """The plain-text part of an email (every email has one; account emails carry an HTML part beside it)."""
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            return part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8")
    return ""
