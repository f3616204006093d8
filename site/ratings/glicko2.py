"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2022), pure Python, no Django.

`rate` is the textbook algorithm for one rating period. Daymove rates each game as it ends, as
lichess does: a game is a rating period of its own for both players, computed from each player's
values before the game. Between games a player's deviation grows with idle time (`inflate`), and
the results are kept within lichess's bounds (`clamp`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2 works on (rating - 1500) / SCALE
INITIAL_RATING = 1500.0
INITIAL_DEVIATION = 500.0  # lichess starts (and caps) the deviation at 500
INITIAL_VOLATILITY = 0.09
TAU = 0.75
MIN_DEVIATION = 45.0  # lichess's floor: even a very active player keeps some uncertainty
MAX_VOLATILITY = 0.1  # lichess's cap, so a freak streak cannot make ratings jump wildly
MIN_RATING, MAX_RATING = 400.0, 4000.0  # lichess's bounds
PROVISIONAL_DEVIATION = 110.0  # at or above this the rating is shown with "?"
# Idle time is counted in rating periods; lichess uses 0.21436 periods a day, so a player at the
# deviation floor who stops playing is provisional again after about six months (see `inflate`).
PERIODS_PER_DAY = 0.21436
CONVERGENCE = 1e-6


@dataclass(frozen=True)
class Glicko:
    """A rating on the usual scale: rating, deviation (RD) and volatility (sigma)."""

    rating: float = INITIAL_RATING
    deviation: float = INITIAL_DEVIATION
    volatility: float = INITIAL_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: solve for the new volatility with the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Glicko, results: list[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """The player's rating after one rating period with these (opponent, score) results (1, 0.5, 0)."""
    mu = (player.rating - INITIAL_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:  # no games: only the deviation grows (step 6 alone)
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    opponents = [((o.rating - INITIAL_RATING) / SCALE, o.deviation / SCALE, score) for o, score in results]
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / v_inverse
    delta = v * improvement
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Glicko(mu_new * SCALE + INITIAL_RATING, phi_new * SCALE, sigma_new)


def clamp(value: Glicko) -> Glicko:
    """Keep a rating within lichess's bounds."""
    return Glicko(
        min(MAX_RATING, max(MIN_RATING, value.rating)),
        min(INITIAL_DEVIATION, max(MIN_DEVIATION, value.deviation)),
        min(MAX_VOLATILITY, value.volatility),
    )


def inflate(value: Glicko, idle_days: float) -> Glicko:
    """The rating after `idle_days` without games: RD' = min(500, sqrt(RD^2 + (sigma*SCALE)^2 * t)).

    t is the idle time in rating periods (days * PERIODS_PER_DAY); the growth per period is the
    player's own volatility, as in Glicko-2's step 6 applied over t periods.
    """
    periods = max(0.0, idle_days) * PERIODS_PER_DAY
    growth = (value.volatility * SCALE) ** 2 * periods
    deviation = min(INITIAL_DEVIATION, math.sqrt(value.deviation**2 + growth))
    return Glicko(value.rating, deviation, value.volatility)


def idle_days_until_provisional(value: Glicko) -> float | None:
    """Days without games after which the deviation reaches PROVISIONAL_DEVIATION; None if already there."""
    if value.provisional:
        return None
    growth_per_day = (value.volatility * SCALE) ** 2 * PERIODS_PER_DAY
    return (PROVISIONAL_DEVIATION**2 - value.deviation**2) / growth_per_day


def game(first: Glicko, second: Glicko, first_score: float, tau: float = TAU) -> tuple[Glicko, Glicko]:
    """Both players' ratings after one game between them (each rated from the other's pre-game values)."""
    return (
        clamp(rate(first, [(second, first_score)], tau)),
        clamp(rate(second, [(first, 1 - first_score)], tau)),
    )
