"""What the league pages show: the series of every game, one series with its seasons and terms, one season.

The division's own table (standings, statuses, crosstable, fixtures) is `daymove.competitions.tables`; this module
finds the rows a URL names and gathers the rest, in a fixed number of queries per page.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext, pgettext

from daymove.clocks.models import ChallengeClock
from daymove.clocks.terms import apply_terms, check_terms
from daymove.competitions import standings
from daymove.competitions.divisions import movement_places
from daymove.competitions.downloads import status_words
from daymove.competitions.models import Division, Entry, Registration, Season, Series
from daymove.competitions.season_dates import BREAK, LONGEST
from daymove.competitions.tables import load_standings, load_tables
from daymove.competitions.withdrawals import TIMEOUTS_THAT_WITHDRAW
from daymove.errors import NotFound
from games.registry import all_games

LARGEST_NUMBER = 2**31 - 1  # a season or division number beyond any database's integer: no such row
JOINING = (Registration.Mode.RECURRING, Registration.Mode.ONCE)


def series_or_404(slug: str) -> Series:
    series = Series.objects.filter(slug=slug).first()
    if series is None:
        raise NotFound(gettext("There is no such league."))
    return series


def season_or_404(slug: str, number: int) -> Season:
    season = None
    if number <= LARGEST_NUMBER:
        season = Season.objects.select_related("series").filter(series__slug=slug, number=number).first()
    if season is None:
        raise NotFound(gettext("There is no such season."))
    return season


def division_or_404(slug: str, number: int, shown: int) -> Division:
    """The division numbered `shown` (from 1, as in its URL) of a season."""
    division = None
    if number <= LARGEST_NUMBER and 1 <= shown <= LARGEST_NUMBER:
        division = (
            Division.objects.select_related("season__series")
            .filter(season__series__slug=slug, season__number=number, index=shown - 1)
            .first()
        )
    if division is None:
        raise NotFound(gettext("There is no such division."))
    return division


def clock_words(series: Series) -> str:
    """The series' clock as players read it, e.g. "3 days per move"."""
    clock = ChallengeClock()
    apply_terms(clock, check_terms(series.time_control))
    return str(clock)


def terms(series: Series) -> list[tuple[str, str]]:
    """The series' rules, shown before anyone joins: (what, the rule in words), in the reader's language."""
    places = movement_places(series.division_size)
    criteria = [str(label) for field, label in standings.CRITERIA if field != "points"]
    if series.double_round_robin:
        rounds = gettext("everyone plays everyone twice, seats swapped")
    else:
        rounds = gettext("everyone plays everyone once")
    rated = (
        gettext("Yes: every game changes your rating.")
        if series.rated
        else gettext("No: the games do not change ratings.")
    )
    return [
        (gettext("Clock"), clock_words(series)),
        (
            gettext("Divisions"),
            gettext("About %(size)s players each (5 to 10); %(rounds)s, all games at once.")
            % {"size": series.division_size, "rounds": rounds},
        ),
        (pgettext("a league's games", "Rated"), rated),
        (gettext("Scoring"), gettext("Win 1, draw ½, loss 0. Forfeits are shown as + and − and are not rated.")),
        (gettext("Tie-breaks"), gettext("In this order: %(criteria)s.") % {"criteria": ", ".join(criteria)}),
        (
            gettext("Promotion and relegation"),
            gettext(
                "The top %(places)s go up and the bottom %(places)s go down in divisions of 7 or more, 1 and 1 in "
                "smaller ones; players equal at a promotion or relegation place both get the better outcome."
            )
            % {"places": places},
        ),
        (
            gettext("Season length"),
            gettext(
                "A season closes when all its games have ended, or %(weeks)s weeks after its start; games still "
                "running then go on and count. The next season starts %(days)s days after the close."
            )
            % {"weeks": LONGEST.days // 7, "days": BREAK.days},
        ),
        (
            gettext("Timeouts"),
            gettext("A timeout is a loss like any other; a %(ordinal)s timeout in a season withdraws you.")
            % {"ordinal": _ordinal(TIMEOUTS_THAT_WITHDRAW)},
        ),
        (
            gettext("Withdrawal"),
            gettext(
                "If you withdraw (or are withdrawn) with fewer than half your games finished, all your games are "
                "struck from the table (finished ones stay rated, unfinished ones are aborted); with half or more, "
                "your results stand and your unfinished games become forfeit wins for your opponents."
            ),
        ),
        (
            gettext("Vacation"),
            gettext("At most %(days)s days of vacation a season count in this league's games.")
            % {"days": series.vacation_cap_days},
        ),
        (gettext("Bots"), gettext("Bots may enter.") if series.bots_allowed else gettext("No bots.")),
        (
            gettext("Public tables"),
            gettext(
                "League games are listed on the league's tables whatever your archive setting, like the results of "
                "any competition; unlisted, they stay off the watch page and the archive of all games."
            ),
        ),
    ]


def _ordinal(number: int) -> str:
    """ "second" (of timeouts), in the reader's language."""
    ordinals = {
        1: pgettext("a timeout", "first"),
        2: pgettext("a timeout", "second"),
        3: pgettext("a timeout", "third"),
    }
    return ordinals.get(number, f"{number}.")


@dataclass
class SeriesRow:
    """One series on the leagues page."""

    series: Series
    game_name: str
    running: Season | None
    next: Season | None
    entrants: int
    yours: Entry | None  # the viewer's entry in the running season
    place: int | None


def _entrants(series_ids) -> dict[int, int]:
    rows = Registration.objects.filter(series__in=series_ids, mode__in=JOINING).values("series").annotate(n=Count("pk"))
    return {row["series"]: row["n"] for row in rows}


def _places(entries: dict[int, Entry]) -> dict[int, int]:
    """The current places of entries given by series id, by series id (one batch of queries for them all)."""
    lines = load_standings([e.division for e in entries.values()])
    return {
        series: line.place for series, e in entries.items() for line in lines[e.division_id] if line.entry.pk == e.pk
    }


def series_rows(viewer, game: str = "") -> list[SeriesRow]:
    """Every series (of one game, if named) with its running and next season, entrants, and the viewer's place."""
    games = all_games()
    found = [s for s in Series.objects.order_by("game", "name") if s.game in games and (not game or s.game == game)]
    seasons = Season.objects.filter(series__in=found).exclude(status=Season.Status.CLOSED)
    running = {s.series_id: s for s in seasons if s.status == Season.Status.RUNNING}
    upcoming = {s.series_id: s for s in seasons if s.status == Season.Status.OPEN}
    entries = {}
    if viewer.is_authenticated:
        mine = Entry.objects.filter(player=viewer, division__season__in=running.values())
        entries = {e.division.season.series_id: e for e in mine.select_related("player", "division__season__series")}
    counts = _entrants([s.pk for s in found])
    places = _places(entries)
    return [
        SeriesRow(
            s,
            games[s.game].name,
            running.get(s.pk),
            upcoming.get(s.pk),
            counts.get(s.pk, 0),
            entries.get(s.pk),
            places.get(s.pk),
        )
        for s in found
    ]


def seasons_of(series: Series) -> dict:
    """The running season, the next one, and the closed ones, newest first."""
    seasons = list(series.seasons.annotate(division_count=Count("divisions")).order_by("-number"))
    return {
        "running": next((s for s in seasons if s.status == Season.Status.RUNNING), None),
        "next_season": next((s for s in seasons if s.status == Season.Status.OPEN), None),
        "past": [s for s in seasons if s.status == Season.Status.CLOSED],
        "entrants": Registration.objects.filter(series=series, mode__in=JOINING).count(),
    }


@dataclass
class DivisionRow:
    """A division on a season's page: its table's leaders, its size, and whether the viewer plays in it."""

    division: Division
    size: int
    leaders: list  # the lines in first place
    finished: int
    games: int
    yours: bool


def division_rows(season: Season, viewer) -> list[DivisionRow]:
    """Each division of the season with its leaders."""
    divisions = list(
        season.divisions.select_related("season__series").annotate(
            size=Count("entries", distinct=True),
            finished=Count("games", filter=~Q(games__match__status="active"), distinct=True),
            game_count=Count("games", distinct=True),
        )
    )
    mine = set()
    if viewer.is_authenticated:
        mine = set(Entry.objects.filter(player=viewer, division__in=divisions).values_list("division_id", flat=True))
    standings_of = load_standings(divisions)  # no badges nor crosstables: a season may have hundreds of divisions
    rows = []
    for division in divisions:
        lines = standings_of[division.pk]
        leaders = [line for line in lines if line.place == 1] if any(line.played for line in lines) else []
        rows.append(
            DivisionRow(division, division.size, leaders, division.finished, division.game_count, division.pk in mine)
        )
    return rows


def live_topic(division: Division) -> str:
    """The live topic a division's page follows (`daymove.live.notices.division_topic`; live sits above)."""
    return f"division-{division.pk}"


@dataclass
class PlayerSeason:
    """One of a player's league seasons on their profile: where they played, their place and their movement."""

    entry: Entry
    place: int | None  # the final place, or the current one while the season runs
    movement: str  # "Promoted", "Stays", "Relegated", or the live status while the season runs


def seasons_of_player(user) -> list[PlayerSeason]:
    """A player's league seasons, newest first; running ones with their current place and status."""
    entries = list(
        Entry.objects.filter(player=user)
        .select_related("player", "division__season__series")
        .order_by("-division__season__starts_at", "-pk")
    )
    running = [e.division for e in entries if e.division.season.status == Season.Status.RUNNING]
    tables = load_tables(running)
    shown = []
    for entry in entries:
        table = tables.get(entry.division_id)
        if table is None:
            shown.append(PlayerSeason(entry, entry.final_place, entry.get_movement_display()))
            continue
        line = table.line_of(user)
        shown.append(PlayerSeason(entry, line.place if line else None, status_words(line) if line else ""))
    return shown
