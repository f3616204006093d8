"""Elo, its interval and the SPRT (games/bot/elo.py) against published figures, and the command that reports them."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from games.bot.elo import Tally, elo_of_score, score_of_elo, sprt_bounds, wilson_interval


def test_score_and_elo_are_the_logistic_curve():
    assert score_of_elo(0) == 0.5
    assert score_of_elo(100) == pytest.approx(0.6401, abs=1e-4)
    assert elo_of_score(0.75) == pytest.approx(190.85, abs=0.01)  # 3:1 odds = 400 * log10(3)
    assert elo_of_score(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_of_score(score_of_elo(123.4)) == pytest.approx(123.4)
    assert elo_of_score(1.0) == math.inf and elo_of_score(0.0) == -math.inf


def test_cutechess_published_match():
    """cutechess-cli 1.3.1, "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05", printed for 364 wins, 346 losses and 218
    draws: "Elo difference: 6.7 +/- 19.5" and "SPRT: llr 0.174 (5.9%), lbound -2.94, ubound 2.94"."""
    tally = Tally(wins=364, draws=218, losses=346)
    assert tally.games == 928 and tally.score == pytest.approx(0.510, abs=5e-4)
    assert tally.elo == pytest.approx(6.7, abs=0.05)
    low, high = tally.elo_interval()
    # cutechess's half-width is (high - low) / 2; its inverse normal is an approximation, ours gives 19.58.
    assert (high - low) / 2 == pytest.approx(19.5, abs=0.1)
    assert tally.llr(0, 10) == pytest.approx(0.174, abs=0.001)  # ours 0.1749; 5.9% of the upper bound either way
    assert tally.sprt(0, 10) == "continue"
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=5e-4) and upper == pytest.approx(2.944, abs=5e-4)


def test_interval_is_the_trinomial_normal_interval_mapped_to_elo():
    """60 wins, 20 draws, 20 losses: score 0.7, variance per game (0.6 + 0.05) - 0.49 = 0.16, so the score's 95%
    interval is 0.7 +- 1.96 * 0.04 = (0.6216, 0.7784); Elo +147 in (+86, +218)."""
    tally = Tally(60, 20, 20)
    assert tally.variance == pytest.approx(0.16)
    low, high = tally.elo_interval()
    assert low == pytest.approx(elo_of_score(0.7 - 1.959964 * 0.04), abs=0.01)
    assert high == pytest.approx(elo_of_score(0.7 + 1.959964 * 0.04), abs=0.01)
    assert round(tally.elo) == 147 and round(low) == 86 and round(high) == 218


def test_all_wins_have_a_finite_lower_bound_and_no_sprt_decision():
    tally = Tally(100, 0, 0)
    low, high = tally.elo_interval()
    assert high == math.inf and low == pytest.approx(elo_of_score(wilson_interval(1.0, 100)[0]))
    assert 500 < low < 700
    assert tally.llr() == 0.0 and tally.sprt() == "continue"  # one kind of result says nothing about the variance


def test_sprt_accepts_each_hypothesis_and_waits_between():
    assert Tally(70, 20, 10).sprt() == "H1 accepted"  # score 0.8 (+241) over 100 games
    assert Tally(20, 60, 20).sprt() == "H0 accepted"  # even
    assert Tally(6, 2, 2).sprt() == "continue"  # 10 games say too little


def test_the_ladder_bar():
    """Offered levels must be at least +100 with the interval's lower end above 0."""
    assert Tally(70, 20, 10).passes()
    assert not Tally(39, 39, 22).passes()  # C#I strong v club: +60 (+7 to +115)
    assert not Tally(4, 0, 1).passes()  # +241, but five games leave the interval open below 0


def test_wilson_interval():
    low, high = wilson_interval(0.5, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson_interval(1.0, 10)[1] == 1.0
    assert wilson_interval(0.0, 10)[0] == 0.0


def test_strength_command_summarises_a_raw_run_cut_short(tmp_path):
    """`python -m games strength` reads the per-game lines, so a run stopped midway still counts its games."""
    run = tmp_path / "run.txt"
    lines = [f"game {i}/200: A=club as White: A wins (capture, 40 plies); A {i}-0-0" for i in range(1, 8)]
    lines.append("game 8/200: A=club as Black: draw (limit, 60 plies); A 7-1-0")
    run.write_text("\n".join(lines) + "\n")
    result = subprocess.run(
        [sys.executable, "-m", "games", "strength", str(run)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert "8 games, A won 7, drew 1, lost 0" in result.stdout
    assert "A score 0.938" in result.stdout and "Elo difference +470" in result.stdout
    assert "SPRT H0 +0 v H1 +100 Elo" in result.stdout
