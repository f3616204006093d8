"""`make run` stops cleanly: one Ctrl-C (SIGINT to its process group) or SIGTERM ends every process, quietly.

The supervisor's own rules are checked on small stand-in children; the `slow` tests start the real `make run` (web,
Celery worker with beat, SMTP receiver) on free ports with a temporary DAYMOVE_VAR_DIR.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tools.liveservices import free_port
from tools.scratch import CHECKOUT

SLEEPER = f"{sys.executable} -c 'import time; time.sleep(60)'"
DEAF = f"{sys.executable} -c 'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)'"
QUITTER = f"{sys.executable} -c 'import time; time.sleep(0.5)'"


def descendants(root: int) -> dict[int, str]:
    """The running processes under `root` (itself included), by process id, with their start time as /proc says."""
    parents, starts = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            if fields[0] != "Z":
                parents[int(entry.name)], starts[int(entry.name)] = int(fields[1]), fields[19]
    found, frontier = {}, [root]
    while frontier:
        pid = frontier.pop()
        if pid in starts:
            found[pid] = starts[pid]
            frontier += [child for child, parent in parents.items() if parent == pid]
    return found


def still_running(processes: dict[int, str]) -> list[int]:
    """Those of `processes` that still run (a zombie, dead but not yet reaped, does not count)."""
    running = []
    for pid, start in processes.items():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and fields[19] == start:
            running.append(pid)
    return running


def supervise(*commands: str, grace: float = 1.0) -> subprocess.Popen:
    code = f"import sys, tools.supervisor as s; s.GRACE_SECONDS = {grace}; sys.exit(s.main(sys.argv[1:]))"
    return subprocess.Popen(
        [sys.executable, "-c", code, *commands],
        cwd=CHECKOUT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def wait_for_children(supervisor: subprocess.Popen, count: int) -> dict[int, str]:
    deadline = time.monotonic() + 10
    while len(processes := descendants(supervisor.pid)) < count + 1:
        assert time.monotonic() < deadline, processes
        time.sleep(0.05)
    return processes


def test_a_stop_signal_stops_every_child_and_kills_one_that_ignores_it():
    supervisor = supervise(SLEEPER, DEAF)
    processes = wait_for_children(supervisor, 2)
    time.sleep(0.3)  # the children's interpreters have set their handlers
    began = time.monotonic()
    os.killpg(supervisor.pid, signal.SIGINT)
    os.kill(supervisor.pid, signal.SIGTERM)  # a second signal (as make passes SIGTERM on) changes nothing
    output, _ = supervisor.communicate(timeout=10)
    assert time.monotonic() - began < 3
    assert supervisor.returncode == 0
    assert still_running(processes) == []
    assert output.count("Stopping…") == 1, output
    assert "did not stop within 1 s: killed." in output, output
    assert "Traceback" not in output, output


def test_the_children_stop_even_when_the_terminal_is_gone():
    supervisor = supervise(SLEEPER, SLEEPER)  # as under `make run | tee run.log`, whose tee the Ctrl-C stops too
    processes = wait_for_children(supervisor, 2)
    supervisor.stdout.close()
    os.killpg(supervisor.pid, signal.SIGINT)
    supervisor.wait(timeout=10)
    left = still_running(processes)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_one_child_exiting_stops_the_others():
    supervisor = supervise(SLEEPER, QUITTER)
    processes = wait_for_children(supervisor, 2)
    output, _ = supervisor.communicate(timeout=10)
    assert supervisor.returncode == 1
    assert still_running(processes) == []
    assert "time.sleep(0.5)' exited; stopping the others." in output, output


def wait_until_served(port: int, log: Path, make: subprocess.Popen, timeout: float = 180) -> None:
    """Until the web server answers and the worker and the receiver say they are ready."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert make.poll() is None, log.read_text(errors="replace")[-3000:]
        text = log.read_text(errors="replace")
        if " ready." in text and "Receiving mail for" in text:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass  # not serving yet
        time.sleep(0.5)
    pytest.fail("make run did not serve in time:\n" + log.read_text(errors="replace")[-3000:])


@pytest.mark.slow
@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_make_run_stops_within_10_seconds_of_one_signal_to_its_group_and_quietly(tmp_path, stop_signal):
    port, log = free_port(), tmp_path / "run.log"
    env = {
        **os.environ,
        "DAYMOVE_VAR_DIR": str(tmp_path / "var"),
        "DAYMOVE_SMTP_RECEIVER_PORT": str(free_port()),
        "DJANGO_SETTINGS_MODULE": "daymove.settings",
    }
    env.pop("DATABASE_URL", None), env.pop("CELERY_BROKER_URL", None)  # make run's own SQLite and folder queue
    # -o: the virtualenv counts as installed (the tests run in it), so nothing is reinstalled.
    command = ["make", "--no-print-directory", "-o", ".venv/.installed", "run", f"PORT={port}"]
    with open(log, "wb") as out:
        make = subprocess.Popen(
            command, cwd=CHECKOUT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    processes: dict[int, str] = {}
    try:
        wait_until_served(port, log, make)
        processes = descendants(make.pid)
        assert len(processes) >= 5, processes  # make, the supervisor, the web server, the worker, the receiver...
        began = time.monotonic()
        os.killpg(make.pid, stop_signal)  # what a terminal does on Ctrl-C, or `kill -TERM -<group>`
        while still_running(processes) and time.monotonic() - began < 10:
            time.sleep(0.1)
        assert still_running(processes) == [], f"left running after 10 s: {still_running(processes)}"
    finally:
        for pid in still_running(processes):
            os.kill(pid, signal.SIGKILL)
        make.wait(timeout=10)
    text = log.read_text(errors="replace")
    for noise in ("Traceback", "RecursionError", "Segmentation fault"):
        assert noise not in text, text[-3000:]
    assert text.count("Warm shutdown") == 1, text[-3000:]
    assert text.rstrip().endswith("Stopped."), text[-3000:]
