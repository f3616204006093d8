"""A game's ladder of bot levels, read from the raw self-play runs in docs/strength/.

Levels are taken in strength order from uniformly random play upwards. Each is compared with the last level that
passed (the run `<slug>-<level>-v-<below>.txt`); it passes when its Elo advantage is at least +100 with the 95%
interval's lower end above 0 (elo.Tally.passes), and only passing levels are offered. A passing level's strength is
the sum of the measured differences down to random play, which is anchored at RANDOM_ELO.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from games.bot.elo import Tally
from games.bot.levels import LEVELS

RANDOM_ELO = 0  # the fixed point of every game's scale: uniformly random play
STRENGTH_DIR = Path(__file__).resolve().parents[2] / "docs" / "strength"
_GAME_LINE = re.compile(r"^game \d+/\d+: .*; A (\d+)-(\d+)-(\d+)$", re.MULTILINE)


@dataclass(frozen=True)
class Rung:
    """One level measured against the level below it."""

    level: str
    below: str
    tally: Tally
    passed: bool
    elo: float | None  # strength above random play (RANDOM_ELO), for a passing level


def run_tally(path: Path) -> Tally | None:
    """A's wins, draws and losses in a raw selfplay run (its last "game" line), None without one."""
    found = _GAME_LINE.findall(path.read_text(encoding="utf-8"))
    if not found:
        return None
    wins, draws, losses = (int(x) for x in found[-1])
    return Tally(wins, draws, losses)


def ladder(slug: str, directory: Path = STRENGTH_DIR) -> list[Rung]:
    """Every level with a run against the last passing level below it, in order."""
    rungs = []
    below, strength = "random", float(RANDOM_ELO)
    for level in LEVELS:
        if level == "random":
            continue
        path = directory / f"{slug}-{level}-v-{below}.txt"
        tally = run_tally(path) if path.exists() else None
        if tally is None:
            continue
        passed = tally.passes()
        rungs.append(Rung(level, below, tally, passed, strength + tally.elo if passed else None))
        if passed:
            below, strength = level, strength + tally.elo
    return rungs


def measured_strength(slug: str, directory: Path = STRENGTH_DIR) -> dict[str, int]:
    """The offered levels and their strength above random play, rounded: what a Game declares as bot_strength."""
    return {rung.level: round(rung.elo) for rung in ladder(slug, directory) if rung.passed}
