"""A division's table: scores, the tie-breaks in their order, and why one player is above another, in words.

Win 1, draw ½, loss 0; a forfeit counts like the win or loss it stands for. Players equal on points are
ordered by direct encounter, number of wins, Sonneborn–Berger, Koya, then rating at the season's start.
Definitions, from the FIDE tie-break regulations (C.07, 2024): direct encounter (section 6) is the points
a player scored against the others tied with them; Koya (section 9.2) is the points scored against the
opponents who reached at least half of the points they could have; Sonneborn–Berger is the sum of the
scores of the opponents a player beat and half the scores of those they drew with.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.formats import get_format
from django.utils.translation import gettext, pgettext_lazy

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True)
class Result:
    """A finished game that counts in the table: `score` is what `first` scored (1, ½ or 0)."""

    first: int
    second: int
    score: float
    forfeit: bool = False


@dataclass(frozen=True)
class Line:
    """One row of the table; players equal on everything share a `place`."""

    player: int
    place: int
    played: int
    won: int
    drawn: int
    lost: int
    points: float
    direct_encounter: float
    sonneborn_berger: float
    koya: float
    rating: float

    def key(self) -> tuple:
        """What orders the table, best first once negated: points, then each tie-break in turn."""
        return (self.points, self.direct_encounter, self.won, self.sonneborn_berger, self.koya, self.rating)


# Each tie-break as it is named in words, in the order of `Line.key`.
CRITERIA = (
    ("points", pgettext_lazy("a tie-break", "points")),
    ("direct_encounter", pgettext_lazy("a tie-break", "direct encounter")),
    ("won", pgettext_lazy("a tie-break", "wins")),
    ("sonneborn_berger", pgettext_lazy("a tie-break", "Sonneborn–Berger")),
    ("koya", pgettext_lazy("a tie-break", "Koya")),
    ("rating", pgettext_lazy("a tie-break", "rating at the season's start")),
)


def scores_by_player(players: Sequence[int], results: Sequence[Result]) -> dict[int, list[tuple[int, float]]]:
    """Each player's games as (opponent, what the player scored)."""
    games: dict[int, list[tuple[int, float]]] = {p: [] for p in players}
    for r in results:
        games[r.first].append((r.second, r.score))
        games[r.second].append((r.first, WIN - r.score))
    return games


def sonneborn_berger(games: list[tuple[int, float]], points: Mapping[int, float]) -> float:
    """Opponents' points times what the player scored against each."""
    return sum(score * points[opponent] for opponent, score in games)


def koya(games: list[tuple[int, float]], points: Mapping[int, float], played: Mapping[int, int]) -> float:
    """Points scored against the opponents who reached at least half of what they could score."""
    # Half of the opponent's games that count so far: during a season the table is of the finished games.
    return sum(score for opponent, score in games if 2 * points[opponent] >= played[opponent])


def direct_encounters(games: dict[int, list[tuple[int, float]]], points: Mapping[int, float]) -> dict[int, float]:
    """Each player's points against the others on the same points."""
    tied: dict[float, set[int]] = defaultdict(set)
    for player, total in points.items():
        tied[total].add(player)
    return {
        player: sum((score for opponent, score in own if opponent in tied[points[player]]), 0.0)
        for player, own in games.items()
    }


def standings(players: Sequence[int], results: Sequence[Result], ratings: Mapping[int, float]) -> tuple[Line, ...]:
    """The table, best first, with every tie-break worked out."""
    games = scores_by_player(players, results)
    points = {p: sum(score for _, score in own) for p, own in games.items()}
    played = {p: len(own) for p, own in games.items()}
    direct = direct_encounters(games, points)
    lines = [
        Line(
            player=p,
            place=0,
            played=played[p],
            won=sum(1 for _, s in games[p] if s == WIN),
            drawn=sum(1 for _, s in games[p] if s == DRAW),
            lost=sum(1 for _, s in games[p] if s == LOSS),
            points=points[p],
            direct_encounter=direct[p],
            sonneborn_berger=sonneborn_berger(games[p], points),
            koya=koya(games[p], points, played),
            rating=ratings[p],
        )
        for p in players
    ]
    lines.sort(key=lambda line: tuple(-v for v in line.key()))
    return tuple(_with_places(lines))


def _with_places(lines: list[Line]) -> list[Line]:
    """Places 1, 2, 2, 4: players equal on every criterion share one."""
    placed: list[Line] = []
    for index, line in enumerate(lines):
        same = placed and placed[-1].key() == line.key()
        placed.append(replace(line, place=placed[-1].place if same else index + 1))
    return placed


def number(value: float) -> str:
    """A score as people write it in the reader's language: 12.5, 11, 0.25 (Polish 12,5)."""
    return f"{value:g}".replace(".", get_format("DECIMAL_SEPARATOR"))


def explain(above: Line, below: Line, names: Mapping[int, str]) -> str:
    """Why one player is above the next, in words: the first criterion that tells them apart."""
    names = {"first": names[above.player], "second": names[below.player]}
    for field, label in CRITERIA:
        mine, theirs = getattr(above, field), getattr(below, field)
        if mine != theirs:
            words = gettext("%(first)s above %(second)s: %(criterion)s %(mine)s against %(theirs)s")
            return words % (names | {"criterion": label, "mine": number(mine), "theirs": number(theirs)})
    return gettext("%(first)s and %(second)s share the place: equal on points and every tie-break") % names


def explain_ties(lines: Sequence[Line], names: Mapping[int, str]) -> list[str]:
    """Why each player is above the next one on the same points, top to bottom."""
    return [explain(above, below, names) for above, below in zip(lines, lines[1:]) if above.points == below.points]
