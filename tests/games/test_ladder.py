"""The ladder of bot levels read from the raw runs: which levels pass, and what each game declares."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.bot.ladder import ladder, measured_strength
from games.bot.levels import LEVELS
from games.registry import all_games


def _run(directory, name, wins, draws, losses):
    n = wins + draws + losses
    (directory / name).write_text(
        f"game 1/{n}: A=x as White: A wins (x, 1 plies); A 1-0-0\n"
        f"game {n}/{n}: A=x as Black: draw (x, 1 plies); A {wins}-{draws}-{losses}\n"
    )


def test_each_level_is_measured_against_the_last_one_that_passed(tmp_path):
    _run(tmp_path, "g-beginner-v-random.txt", 150, 30, 20)  # +240: passes
    _run(tmp_path, "g-casual-v-beginner.txt", 30, 150, 20)  # +17: fails, so casual is not offered
    _run(tmp_path, "g-club-v-casual.txt", 200, 0, 0)  # against a level that failed: never read
    _run(tmp_path, "g-club-v-beginner.txt", 120, 40, 40)  # +147: passes against beginner
    _run(tmp_path, "g-strong-v-club.txt", 30, 10, 10)  # +147 but 50 games: lower end above 0, passes
    rungs = ladder("g", tmp_path)
    assert [(r.level, r.below, r.passed) for r in rungs] == [
        ("beginner", "random", True),
        ("casual", "beginner", False),
        ("club", "beginner", True),
        ("strong", "club", True),
    ]
    strength = measured_strength("g", tmp_path)
    assert list(strength) == ["beginner", "club", "strong"]
    assert strength["club"] == round(rungs[0].tally.elo + rungs[2].tally.elo)


def test_a_level_short_of_plus_100_or_with_an_open_interval_is_not_offered(tmp_path):
    _run(tmp_path, "g-beginner-v-random.txt", 55, 10, 35)  # +70 over 100 games
    assert measured_strength("g", tmp_path) == {}
    _run(tmp_path, "g-beginner-v-random.txt", 4, 0, 1)  # +241 over 5 games: the interval reaches below 0
    assert measured_strength("g", tmp_path) == {}


@pytest.mark.parametrize("slug", list(all_games()))
def test_every_game_declares_the_levels_its_runs_passed(slug):
    """What the site offers (Game.bot_strength) is what docs/strength shows: the lobby cannot drift from the runs."""
    game = all_games()[slug]
    assert game.bot_strength == measured_strength(slug)
    assert set(game.bot_strength) <= set(LEVELS) - {"random"}
    assert set(game.bot_planned) <= set(LEVELS) - {"random"} and all(d > 0 for d in game.bot_planned.values())
    values = [game.bot_strength[level] for level in LEVELS if level in game.bot_strength]
    assert values == sorted(values) and all(v >= 100 for v in values)


def test_a_bot_account_plays_the_strongest_offered_level_up_to_its_own():
    from games.bot.levels import level_in

    full = SimpleNamespace(bot_strength={"beginner": 300, "casual": 600, "club": 900, "strong": 1200})
    short = SimpleNamespace(bot_strength={"beginner": 150})
    unmeasured = SimpleNamespace(bot_strength={})
    assert level_in(full) == "club" and level_in(full, "strong") == "strong"
    assert level_in(short) == "beginner" and level_in(short, "strong") == "beginner"
    assert level_in(unmeasured, "casual") == "casual"
