"""A division's table as the pages show it, computed from the rows through the pure modules.

How a league game counts: RESULT counts the match's result once it is finished; FORFEIT counts as the win
(+) or loss (−) of `forfeit_winner`, unrated, whatever became of the match; STRUCK is left out. Badges are
certain on points alone while games remain (`clinch`); once none does, the final table with its tie-breaks
decides. Loading a table costs a fixed number of queries, whatever the number of players and games
(`load_tables` does many divisions in the same few).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from django.db.models import Count
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.translation import pgettext

from daymove.clocks.models import Vacation
from daymove.competitions import clinch, standings
from daymove.competitions.divisions import Finisher, Move, movement_places, table_moves
from daymove.competitions.models import Division, Entry, LeagueGame
from daymove.play.models import Match

# What a table reads of a league game and its match: the players, the turn, the result and the deadlines, never
# the position (`state`, hidden information too) nor the other JSON: a season's page reads thousands of games.
RESULT_COLUMNS = ("counted", "forfeit_winner", "match__status", "match__winner", "match__player0", "match__player1")
GAME_COLUMNS = (
    *RESULT_COLUMNS,
    "division",
    "round",
    "override_note",
    "match__to_move",
    "match__player0__username",
    "match__player1__username",
    "match__clock__deadline0",
    "match__clock__deadline1",
)
# What a line of the standings reads of an entry and its player.
STANDING_ENTRY_COLUMNS = ("division", "seat", "player__username", "rating_at_start", "withdrawn_at")
SCORE_TEXT = {1.0: "1", 0.5: "½", 0.0: "0"}
FORFEIT_TEXT = {1.0: "+", 0.0: "−"}
FINAL_BADGE = {Move.UP: clinch.Status.PROMOTED, Move.STAY: clinch.Status.SAFE, Move.DOWN: clinch.Status.RELEGATED}
URL_MARK = 2**31 - 1  # a match id reversed once, replaced by each game's: one reversal for a table's links


@dataclass
class Line:
    """One row of the table, in place order: the entry, its scores, tie-breaks and badge."""

    entry: Entry
    player: object
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
    status: clinch.Status | None
    zone: str  # "up", "down" or "" : the promotion and relegation places
    withdrawn: bool
    away: bool


@dataclass
class Cell:
    """One league game in the crosstable, seen from the row player's side."""

    game: LeagueGame
    match: Match
    score: str | None  # "1", "½", "0", "+", "−"; None while pending or struck
    struck: bool
    to_move: object | None  # pending: the user whose move it is
    deadline: datetime | None
    url: str  # the match page
    deadline_iso: str  # the deadline as the page writes it (datetime attribute, words); "" without one
    deadline_text: str


@dataclass
class Table:
    """A division's standings, crosstable and fixtures."""

    division: Division
    lines: list[Line]
    explanations: list[str]
    crosstable: list[tuple[Line, list[list[Cell] | None]]]
    fixtures: dict[int, list[LeagueGame]]
    running: list[tuple[int, int]]  # counted games still being played, as player ids
    up: int
    down: int
    points: dict[int, float] = field(default_factory=dict)
    links: dict[int, str] = field(default_factory=dict)  # each game's match page, by match id

    def line_of(self, player) -> Line | None:
        """The player's line, if they play in this division."""
        return next((line for line in self.lines if line.player.pk == getattr(player, "pk", None)), None)

    def need_for(self, player) -> str | None:
        """What the player still needs, in words ("2 points from your 3 remaining games clinch promotion.")."""
        line = self.line_of(player)
        if line is None or line.withdrawn or line.status is not clinch.Status.IN_THE_RACE:
            return None
        scores = clinch.halves(self.points)
        can_rise = self.up and clinch.possibly_within(player.pk, self.up, scores, self.running)
        goal = clinch.Goal.PROMOTION if can_rise else clinch.Goal.SAFETY
        need = clinch.still_needed(player.pk, goal, self.points, self.running, self.up, self.down)
        return clinch.need_in_words(need)


@lru_cache(maxsize=1024)
def _statuses(points: tuple, running: tuple, up: int, down: int) -> tuple:
    """`clinch.statuses`, remembered: up to 0.1 s for 10 players, and tables are read far more than they change."""
    return tuple(clinch.statuses(dict(points), list(running), up, down).items())


def _result(counted: str, forfeit_winner, status: str, winner, first: int, second: int) -> standings.Result | None:
    """The result a league game gives the table, if any, from its RESULT_COLUMNS (first: the match's seat 0)."""
    if counted == LeagueGame.Counted.STRUCK:
        return None
    if counted == LeagueGame.Counted.FORFEIT:
        score = standings.WIN if forfeit_winner == 0 else standings.LOSS
        return standings.Result(first, second, score, forfeit=True)
    if status != Match.Status.FINISHED:
        return None
    score = standings.DRAW if winner is None else standings.WIN if winner == 0 else standings.LOSS
    return standings.Result(first, second, score)


def _counted(game: LeagueGame) -> standings.Result | None:
    """The result a loaded league game gives the table, if any."""
    match = game.match
    return _result(game.counted, game.forfeit_winner, match.status, match.winner, match.player0_id, match.player1_id)


def _match_links(games: Sequence[LeagueGame]) -> dict[int, str]:
    """Each game's match page by match id, from one reversal (a table links every game three times)."""
    head, tail = reverse("match", args=[URL_MARK]).split(str(URL_MARK))
    return {game.match_id: f"{head}{game.match_id}{tail}" for game in games}


def _deadline_words(deadline: datetime | None, written: dict) -> tuple[str, str]:
    """A deadline in the viewer's time zone, as an ISO datetime and in words, each distinct one written once."""
    if deadline is None:
        return "", ""
    if deadline not in written:
        local = timezone.localtime(deadline)
        # A crosstable cell's deadline, in the viewer's time zone and language.
        words = pgettext("a deadline's date and time, short, without the year", "j M H:i")
        written[deadline] = (dateformat.format(local, "c"), dateformat.format(local, words))
    return written[deadline]


def _cell(game: LeagueGame, row_player: int, links: dict[int, str], written: dict) -> Cell:
    """One game as the row player's crosstable cell (`written`: the deadlines already in words)."""
    match = game.match
    result = _counted(game)
    score = None
    if result is not None:
        mine = result.score if row_player == result.first else standings.WIN - result.score
        score = (FORFEIT_TEXT if result.forfeit else SCORE_TEXT)[mine]
    pending = result is None and match.status == Match.Status.ACTIVE and game.counted == LeagueGame.Counted.RESULT
    to_move = match.players[match.to_move] if pending and match.to_move is not None else None
    clock = getattr(match, "clock", None) if pending else None
    deadline = clock.deadline_of(match.to_move) if clock is not None and to_move is not None else None
    struck = game.counted == LeagueGame.Counted.STRUCK
    return Cell(
        game, match, score, struck, to_move, deadline, links[game.match_id], *_deadline_words(deadline, written)
    )


def _ranked(entries: Sequence[Entry], results: Sequence[standings.Result]) -> tuple[list, set[int]]:
    """The standings of the counted results, withdrawn players listed last, and the withdrawn players' ids."""
    ranked = standings.standings(
        [e.player_id for e in entries], results, {e.player_id: e.rating_at_start for e in entries}
    )
    withdrawn = {e.player_id for e in entries if e.withdrawn_at is not None}
    # Withdrawn players are out of the race: they are listed below the others.
    ranked = [line for line in ranked if line.player not in withdrawn] + [
        line for line in ranked if line.player in withdrawn
    ]
    return ranked, withdrawn


def _places_moving(division: Division, size: int, count: int) -> tuple[int, int]:
    """How many go up and down from the division (`count`: divisions in the season)."""
    places = movement_places(size)
    return (places if division.index > 0 else 0), (places if division.index < count - 1 else 0)


def _lines(entries, ranked, withdrawn, up: int, down: int, badges: dict, away: set[int]) -> list[Line]:
    """The table's lines from the ranked standings, with their zones, badges and marks."""
    by_player = {e.player_id: e for e in entries}
    staying = len(ranked) - len(withdrawn)
    lines = []
    for position, line in enumerate(ranked):
        entry = by_player[line.player]
        zone = "up" if position < up else "down" if down and staying - down <= position < staying else ""
        lines.append(
            Line(
                entry=entry,
                player=entry.player,
                place=line.place if line.player not in withdrawn else position + 1,
                played=line.played,
                won=line.won,
                drawn=line.drawn,
                lost=line.lost,
                points=line.points,
                direct_encounter=line.direct_encounter,
                sonneborn_berger=line.sonneborn_berger,
                koya=line.koya,
                rating=line.rating,
                status=badges.get(line.player),
                zone="" if line.player in withdrawn else zone,
                withdrawn=line.player in withdrawn,
                away=line.player in away,
            )
        )
    return lines


def _table(division: Division, entries: Sequence[Entry], games: Sequence[LeagueGame], count: int, away: set[int]):
    """A division's table from its loaded rows (`count`: divisions in the season; `away`: players away now)."""
    ranked, withdrawn = _ranked(entries, [r for r in map(_counted, games) if r is not None])
    up, down = _places_moving(division, len(entries), count)
    running = [
        (g.match.player0_id, g.match.player1_id)
        for g in games
        if g.counted == LeagueGame.Counted.RESULT and g.match.status == Match.Status.ACTIVE
    ]
    racing = {line.player: line.points for line in ranked if line.player not in withdrawn}
    racing_running = [(a, b) for a, b in running if a in racing and b in racing]
    if not games:
        badges = {}  # a stored draw before the start: nothing is played or possible yet
    elif racing_running:
        badges = dict(_statuses(tuple(sorted(racing.items())), tuple(sorted(racing_running)), up, down))
    else:
        # Nothing left to play: the tie-breaks are settled too, so the final table decides (shared places both
        # get the better side of a cut).
        finishers = [Finisher(line.player, line.place, line.player in withdrawn) for line in ranked]
        moves = table_moves(finishers, division.index, count)
        badges = {p: FINAL_BADGE[moves[p]] for p in racing}
    lines = _lines(entries, ranked, withdrawn, up, down, badges, away)
    names = {e.player_id: e.player.username for e in entries}
    explanations = standings.explain_ties([line for line in ranked if line.player not in withdrawn], names)
    pair_games: dict[frozenset[int], list[LeagueGame]] = defaultdict(list)
    fixtures: dict[int, list[LeagueGame]] = defaultdict(list)
    for game in games:
        pair_games[frozenset((game.match.player0_id, game.match.player1_id))].append(game)
        fixtures[game.round].append(game)
    links = _match_links(games)
    written: dict = {}
    crosstable = [
        (
            row,
            [
                None
                if column.player.pk == row.player.pk
                else [
                    _cell(g, row.player.pk, links, written)
                    for g in pair_games[frozenset((row.player.pk, column.player.pk))]
                ]
                for column in lines
            ],
        )
        for row in lines
    ]
    ordered_fixtures = dict(sorted(fixtures.items()))
    return Table(division, lines, explanations, crosstable, ordered_fixtures, racing_running, up, down, racing, links)


def _entries(ids, *columns: str) -> dict[int, list[Entry]]:
    """Each division's entries with their players, in seat order (only `columns`, if named)."""
    entries: dict[int, list[Entry]] = defaultdict(list)
    rows = Entry.objects.filter(division__in=ids).select_related("player").order_by("division", "seat")
    for entry in rows.only(*columns) if columns else rows:
        entries[entry.division_id].append(entry)
    return entries


def _games(ids) -> dict[int, list[LeagueGame]]:
    """Each division's games in round order with what the crosstable and fixtures show of their matches."""
    games: dict[int, list[LeagueGame]] = defaultdict(list)
    for game in (
        LeagueGame.objects.filter(division__in=ids)
        .select_related("match", "match__player0", "match__player1", "match__clock")
        .only(*GAME_COLUMNS)
        .order_by("round", "pk")
    ):
        games[game.division_id].append(game)
    return games


def _division_counts(divisions: Sequence[Division]) -> dict[int, int]:
    """How many divisions each of their seasons has, by season id."""
    return dict(
        Division.objects.filter(season__in={d.season_id for d in divisions})
        .values("season")
        .annotate(n=Count("pk"))
        .values_list("season", "n")
    )


def load_tables(divisions: Sequence[Division], now: datetime | None = None) -> dict[int, Table]:
    """The tables of several divisions of one season, by division id, in a fixed number of queries."""
    if not divisions:
        return {}
    now = now or timezone.now()
    ids = [d.pk for d in divisions]
    entries = _entries(ids)
    games = _games(ids)
    players = [e.player_id for group in entries.values() for e in group]
    away = set(Vacation.objects.filter(user__in=players, starts__lte=now, ends__gt=now).values_list("user", flat=True))
    counts = _division_counts(divisions)
    return {d.pk: _table(d, entries[d.pk], games[d.pk], counts[d.season_id], away) for d in divisions}


def load_standings(divisions: Sequence[Division]) -> dict[int, list[Line]]:
    """Each division's lines in place order, by division id, without badges or away marks: what a season's page
    shows of its divisions, in three queries that read only the games' RESULT_COLUMNS, whatever the season's size."""
    if not divisions:
        return {}
    ids = [d.pk for d in divisions]
    entries = _entries(ids, *STANDING_ENTRY_COLUMNS)
    results: dict[int, list[standings.Result]] = defaultdict(list)
    for division, *columns in LeagueGame.objects.filter(division__in=ids).values_list("division", *RESULT_COLUMNS):
        result = _result(*columns)
        if result is not None:
            results[division].append(result)
    counts = _division_counts(divisions)
    standings_of = {}
    for division in divisions:
        ranked, withdrawn = _ranked(entries[division.pk], results[division.pk])
        up, down = _places_moving(division, len(entries[division.pk]), counts[division.season_id])
        standings_of[division.pk] = _lines(entries[division.pk], ranked, withdrawn, up, down, {}, set())
    return standings_of


def division_table(division: Division, now: datetime | None = None) -> Table:
    """The division's table: lines in place order, tie-break explanations, crosstable and fixtures."""
    return load_tables([division], now)[division.pk]
