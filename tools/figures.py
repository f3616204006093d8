"""What the tools share to report figures: percentiles, and their own sections of docs/performance.md."""

from __future__ import annotations

import math
from pathlib import Path


def percentile(seconds: list[float], q: float) -> float:
    """The q-th percentile of durations in seconds, in milliseconds (nearest rank); NaN when there are none."""
    if not seconds:
        return math.nan
    ordered = sorted(seconds)
    return 1000 * ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def section_markers(name: str) -> tuple[str, str]:
    """The HTML comments that enclose one command's section of docs/performance.md."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def write_section(path: Path, body: str, name: str) -> None:
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
