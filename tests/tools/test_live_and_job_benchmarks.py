"""The live-updates and job-latency benchmarks run end to end on tiny sizes and write their sections.

Each is run as its command is (a child process with its own scratch database, web server or worker), so these
tests check that the figures in docs/performance.md can be produced again; they check what was measured and
counted, never how fast (a benchmark, not a timed test).
"""

import re
import subprocess
import sys

import pytest

from games.registry import all_games
from tools.scratch import CHECKOUT

pytestmark = pytest.mark.slow  # each starts a web server or a worker with a scratch database of its own


def run_tool(module: str, *args: str, tmp_path) -> str:
    """Run `python -m tools.<module>` with `args`, writing its section into a new Markdown file; that file's text."""
    target = tmp_path / "performance.md"
    result = subprocess.run(
        [sys.executable, "-m", f"tools.{module}", *args, "--write", str(target)],
        cwd=CHECKOUT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return target.read_text()


def milliseconds(row: str) -> list[int]:
    return [int(value) for value in re.findall(r"(\d+) ms", row)]


def test_livebench_opens_the_pages_and_times_every_move_to_the_other_page(tmp_path):
    text = run_tool(
        "livebench", "--pages", "4", "--idle", "1", "--moves", "3", "--poll-every", "0.5", tmp_path=tmp_path
    )
    assert "| 4 match pages open and idle (event streams), 1 s |" in text
    assert "with the 4 pages open) to the other page, 3 moves:" in text
    for label in ("the event reaches the page", "the page has fetched its new play area"):
        row = next(line for line in text.splitlines() if line.startswith(f"| {label} |"))
        p50, p95, top = milliseconds(row)
        assert 0 < p50 <= p95 <= top


def test_joblatency_measures_every_job_it_records_and_a_bot_reply_in_every_game(tmp_path):
    text = run_tool(
        "joblatency", "--brokers", "folder", "--bulk", "10", "--samples", "3", "--bot-moves", "1", tmp_path=tmp_path
    )
    for label in ("folder, idle worker", "folder, 10 digests queued"):
        row = next(line for line in text.splitlines() if line.startswith(f"| {label} |"))
        assert row.split("|")[2].strip() == "3"  # every job recorded was claimed and timed
    assert re.search(r"Digests done per second while .*: folder \d+/s", text)
    games = [line.split("|")[1].strip() for line in text.splitlines() if re.match(r"\| [a-z-]+ \| 1 \|", line)]
    assert games == list(all_games())
