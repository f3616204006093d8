"""Strength arithmetic as engine testing does it: a match's wins, draws and losses as an Elo difference with a 95%
interval, and the generalised sequential probability ratio test (GSPRT) that may stop a match once it is clear.

Conventions (cutechess-cli and fishtest's logistic model): a draw counts half; Elo is logistic,
score = 1 / (1 + 10 ** (-elo / 400)); the score's variance per game is the trinomial one from the observed
win/draw/loss frequencies; the log-likelihood ratio is Van den Bergh's normal approximation,
LLR = (s1 - s0) * (2 * s - s0 - s1) / (2 * var / n), stopped at log(beta / (1 - alpha)) and log((1 - beta) / alpha).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution

# The question every level pair is asked: is A at least 100 Elo stronger (H1) or no stronger (H0)?
ELO0, ELO1 = 0.0, 100.0
ALPHA = BETA = 0.05


def score_of_elo(elo: float) -> float:
    """The expected score of a side `elo` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """The Elo difference that gives an expected `score` (+-inf at 1 and 0)."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class Tally:
    """One side's results over a match: wins, draws, losses."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game, a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    @property
    def variance(self) -> float:
        """The variance of one game's score (1, 0.5 or 0), from the observed frequencies."""
        if not self.games:
            return 0.0
        n = self.games
        return (self.wins + 0.25 * self.draws) / n - self.score**2

    @property
    def elo(self) -> float:
        """The point estimate of the Elo difference."""
        return elo_of_score(self.score)

    def elo_interval(self, z: float = Z95) -> tuple[float, float]:
        """The 95% interval of the Elo difference: the score's normal interval mapped through the Elo curve.

        When every game had the same result the observed variance is 0; then the score interval is Wilson's for
        a binomial (a draw-free match), which stays finite at the end with a result and is open at the other.
        """
        n = self.games
        if not n:
            return -math.inf, math.inf
        if self.variance <= 0.0:
            low, high = wilson_interval(self.score, n, z)
        else:
            half = z * math.sqrt(self.variance / n)
            low, high = self.score - half, self.score + half
        return elo_of_score(low), elo_of_score(high)

    def llr(self, elo0: float = ELO0, elo1: float = ELO1) -> float:
        """The GSPRT log-likelihood ratio of H1 (A is `elo1` stronger) against H0 (`elo0`); 0 until two kinds of
        result have been seen (the variance is unknown before)."""
        if sum(1 for k in (self.wins, self.draws, self.losses) if k) < 2:
            return 0.0
        s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
        return (s1 - s0) * (2.0 * self.score - s0 - s1) / (2.0 * self.variance / self.games)

    def sprt(self, elo0: float = ELO0, elo1: float = ELO1, alpha: float = ALPHA, beta: float = BETA) -> str:
        """The test's state: "H1 accepted", "H0 accepted" or "continue"."""
        lower, upper = sprt_bounds(alpha, beta)
        llr = self.llr(elo0, elo1)
        if llr >= upper:
            return "H1 accepted"
        if llr <= lower:
            return "H0 accepted"
        return "continue"

    def passes(self, margin: float = ELO1) -> bool:
        """The ladder's bar: the interval's lower end above 0 and the point estimate at least `margin`."""
        return self.elo_interval()[0] > 0.0 and self.elo >= margin


def sprt_bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """The LLR at which the test accepts H0 (lower) and H1 (upper)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def wilson_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate `score` observed over n games."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    # At a rate of 0 or 1 the interval ends exactly there (the arithmetic would leave a rounding error).
    low = 0.0 if score <= 0.0 else max(0.0, centre - half)
    high = 1.0 if score >= 1.0 else min(1.0, centre + half)
    return low, high


def format_elo(elo: float) -> str:
    """An Elo difference as text with its sign ("+inf" past a clean sweep)."""
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return f"{elo:+.0f}"
