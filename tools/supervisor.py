"""`make run`'s supervisor: starts the site's processes together and stops them together, quietly.

    python -m tools.supervisor "command one" "command two" ...

Each command runs in a process group of its own. A Ctrl-C at the terminal (SIGINT to make's foreground group) so
reaches only this process, which asks each child once to stop (SIGTERM to its main process: uvicorn's graceful
shutdown, Celery's warm shutdown, which stops its pool and beat itself), waits, then kills whatever is left of each
group. Signalling the children's groups from the terminal or from a trap instead makes Celery's pool and beat shut
down under their parent, over and over. SIGTERM and SIGHUP stop them the same way, and so does one child exiting.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time

GRACE_SECONDS = 7.0  # what a child gets to stop by itself before SIGKILL (Celery takes 3-7 s on a busy machine)
POLL_SECONDS = 0.1
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def say(text: str) -> None:
    """Tell the terminal, if it still listens: `make run | tee run.log` loses its tee to the same Ctrl-C."""
    with contextlib.suppress(OSError):  # the children are stopped all the same
        print(text, file=sys.stderr, flush=True)


def has_exited(child: subprocess.Popen) -> bool:
    """Whether the child has exited, without reaping it: its process id, and so its group's, stays reserved."""
    return os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def wait_for_stop(children: list[subprocess.Popen], received: list[int]) -> subprocess.Popen | None:
    """Block until a stop signal is in `received` (returns None) or a child exits (returns that child)."""
    while not received:
        for child in children:
            if has_exited(child):
                return child
        time.sleep(POLL_SECONDS)
    return None


def stop(children: list[subprocess.Popen]) -> None:
    """SIGTERM each child's main process once, wait up to GRACE_SECONDS, then SIGKILL what is left of every group."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)  # a second Ctrl-C, or make passing SIGTERM on, changes nothing
    for child in children:
        if not has_exited(child):
            os.kill(child.pid, signal.SIGTERM)  # not Popen.send_signal, which would reap it first
    deadline = time.monotonic() + GRACE_SECONDS
    while time.monotonic() < deadline and not all(has_exited(child) for child in children):
        time.sleep(POLL_SECONDS)
    for child in children:
        if not has_exited(child):
            say(f"{shlex.join(child.args)} did not stop within {GRACE_SECONDS:.0f} s: killed.")
        with contextlib.suppress(ProcessLookupError):  # the leader is unreaped, so its group still exists
            os.killpg(child.pid, signal.SIGKILL)  # a hung child, or a pool process its exit left behind
        child.wait()


def main(commands: list[str]) -> int:
    """Run the commands until a stop signal or until one of them exits; 0 after a stop signal, 1 otherwise."""
    received: list[int] = []
    for number in STOP_SIGNALS:
        signal.signal(number, lambda number, _frame: received.append(number))
    children: list[subprocess.Popen] = []
    try:
        children += [subprocess.Popen(shlex.split(command), start_new_session=True) for command in commands]
        ended = wait_for_stop(children, received)
        say("Stopping…" if ended is None else f"{shlex.join(ended.args)} exited; stopping the others.")
    finally:
        stop(children)  # whatever happened here, nothing is left running
    say("Stopped.")
    return 0 if ended is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
