"""A division's table downloaded: the standings and every game with its result, as CSV and as JSON.

Only what the division page shows anyone, in the reader's language (the field names stay as they are): places,
scores, tie-breaks and statuses, and each game's players, round, result and address. Nothing of a position or its
moves (a game with hidden information stays hidden).
"""

from __future__ import annotations

import csv
import io

from django.utils.translation import pgettext, pgettext_lazy

from daymove.competitions import clinch
from daymove.competitions.models import LeagueGame
from daymove.competitions.tables import Line, Table
from daymove.play.models import Match

STANDING_FIELDS = (
    "place",
    "player",
    "played",
    "won",
    "drawn",
    "lost",
    "points",
    "direct_encounter",
    "sonneborn_berger",
    "koya",
    "rating_at_start",
    "status",
    "withdrawn",
)
GAME_FIELDS = ("round", "match", "first", "second", "result", "counted", "url")


STATUS_WORDS = {
    clinch.Status.PROMOTED: pgettext_lazy("a player's status in a division", "promoted (clinched)"),
    clinch.Status.SAFE: pgettext_lazy("a player's status in a division", "safe"),
    clinch.Status.RELEGATED: pgettext_lazy("a player's status in a division", "relegated (certain)"),
    clinch.Status.IN_THE_RACE: pgettext_lazy("a player's status in a division", "in the race"),
}


def status_words(line: Line) -> str:
    """The line's status as the page says it, in words (never only a colour), in the reader's language."""
    if line.withdrawn:
        return pgettext("a player's status in a division", "withdrawn")
    return str(STATUS_WORDS.get(line.status, ""))


def standing(line: Line) -> dict:
    return {
        "place": line.place,
        "player": line.player.username,
        "played": line.played,
        "won": line.won,
        "drawn": line.drawn,
        "lost": line.lost,
        "points": line.points,
        "direct_encounter": line.direct_encounter,
        "sonneborn_berger": line.sonneborn_berger,
        "koya": line.koya,
        "rating_at_start": round(line.rating),
        "status": status_words(line),
        "withdrawn": line.withdrawn,
    }


def result_text(game: LeagueGame) -> str:
    """The game's result from the first player's side: 1-0, ½-½, 0-1, +/− for forfeits; empty while it runs."""
    match = game.match
    if game.counted == LeagueGame.Counted.FORFEIT:
        return "+/−" if game.forfeit_winner == 0 else "−/+"
    if match.status != Match.Status.FINISHED:
        return ""
    return {None: "½-½", 0: "1-0", 1: "0-1"}[match.winner]


def counted_words(game: LeagueGame) -> str:
    """How the table counts the game: as played, running, forfeit, or struck."""
    if game.counted == LeagueGame.Counted.RESULT and game.match.status != Match.Status.FINISHED:
        return game.match.get_status_display()
    return game.get_counted_display()


def game_row(game: LeagueGame) -> dict:
    match = game.match
    return {
        "round": game.round,
        "match": match.pk,
        "first": match.player0.username,
        "second": match.player1.username,
        "result": result_text(game),
        "counted": counted_words(game),
        "url": match.get_absolute_url(),
    }


def as_json(table: Table) -> dict:
    """The division as a JSON document."""
    season = table.division.season
    return {
        "series": season.series.name,
        "season": season.number,
        "division": table.division.index + 1,
        "standings": [standing(line) for line in table.lines],
        "games": [game_row(game) for games in table.fixtures.values() for game in games],
    }


def as_csv(table: Table) -> str:
    """The division as CSV: the standings, an empty line, then the games."""
    out = io.StringIO()
    writer = csv.DictWriter(out, STANDING_FIELDS)
    writer.writeheader()
    writer.writerows(standing(line) for line in table.lines)
    out.write("\r\n")
    writer = csv.DictWriter(out, GAME_FIELDS)
    writer.writeheader()
    writer.writerows(game_row(game) for games in table.fixtures.values() for game in games)
    return out.getvalue()
