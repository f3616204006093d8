"""What the league emails say, built when each is sent from the league's rows as they stand then.

A league email whose news has passed sends nothing: a reminder or a wait for a season that has started, a
withdrawal taken back meanwhile. A player reads only their own division's names and their own games' deadlines:
nothing of any game's position, so no hidden information can be in them. Each is built and written in the
recipient's language (the worker's `translation.override`): the season's name, its dates and the site's reasons.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.urls import reverse

from daymove.clocks.models import MatchClock
from daymove.competitions.models import Entry, LeagueGame, Registration, Season
from daymove.competitions.seasons import ENTERING
from daymove.competitions.withdrawing import reason_words
from daymove.notify.content import match_link

Status = Season.Status


def _absolute(path: str) -> str:
    return settings.SITE_URL + path


def _season(payload: dict, status: str) -> Season | None:
    return Season.objects.select_related("series").filter(pk=payload["season"], status=status).first()


def _entry(season_id: int, user) -> Entry | None:
    query = Entry.objects.select_related("division__season__series")
    return query.filter(division__season_id=season_id, player=user).first()


def _registered(season: Season, user) -> bool:
    return Registration.objects.filter(series=season.series_id, player=user, mode__in=ENTERING).exists()


def _season_words(season: Season) -> dict:
    return {"season": season, "series": season.series, "season_url": _absolute(season.get_absolute_url())}


def _first_deadlines(entry: Entry, user) -> list[dict]:
    """Each of the player's games in the division: opponent, round, who moves first, the mover's deadline, link."""
    mine = Q(match__player0=user) | Q(match__player1=user)
    games = list(
        LeagueGame.objects.filter(mine, division_id=entry.division_id)
        .select_related("match__player0", "match__player1")
        .order_by("round", "pk")
    )
    clocks = {clock.match_id: clock for clock in MatchClock.objects.filter(match__in=[g.match_id for g in games])}
    rows = []
    for game in games:
        match = game.match
        seat = match.seat_of(user)
        mover = match.to_move if match.is_active else None
        clock = clocks.get(match.pk)
        rows.append(
            {
                "round": game.round,
                "opponent": match.players[1 - seat],
                "your_move": mover == seat,
                "deadline": clock.deadline_of(mover) if clock and mover is not None else None,
                "match_url": match_link(match),
            }
        )
    return rows


def season_started(payload: dict, user) -> dict | None:
    """The player's division, opponents and first deadlines, while the season runs."""
    entry = _entry(payload["season"], user)
    season = entry.division.season if entry else None
    if season is None or season.status != Status.RUNNING:
        return None
    opponents = Entry.objects.filter(division_id=entry.division_id).exclude(pk=entry.pk).select_related("player")
    return _season_words(season) | {
        "division": entry.division,
        "division_number": entry.division.index + 1,
        "division_url": _absolute(entry.division.get_absolute_url()),
        "opponents": [other.player.username for other in opponents.order_by("seat")],
        "games": _first_deadlines(entry, user),
    }


def season_closed(payload: dict, user) -> dict | None:
    """The player's final place and movement, and when the next season starts (and whether they are in it)."""
    entry = _entry(payload["season"], user)
    season = entry.division.season if entry else None
    if season is None or season.status != Status.CLOSED:
        return None
    following = Season.objects.filter(series=season.series_id, status=Status.OPEN).order_by("number").first()
    return _season_words(season) | {
        "entry": entry,
        "reason": reason_words(entry.withdrawal_reason),
        "division_number": entry.division.index + 1,
        "players": Entry.objects.filter(division_id=entry.division_id).count(),
        "division_url": _absolute(entry.division.get_absolute_url()),
        "movement": entry.get_movement_display(),
        "next_season": following,
        "registered": following is not None and _registered(following, user),
        "series_url": _absolute(season.series.get_absolute_url()),
    }


def league_reminder(payload: dict, user) -> dict | None:
    """The season a player registered for starts in 3 days: its date and terms, and how to change their answer."""
    season = _season(payload, Status.OPEN)
    if season is None or not _registered(season, user):
        return None
    return _season_words(season) | {
        "registration_url": _absolute(reverse("competitions:registration", args=[season.series.slug])),
        "series_url": _absolute(season.series.get_absolute_url()),
    }


def season_waiting(payload: dict, user) -> dict | None:
    """The season a player registered for waits for more entrants: for how many, as it stands when sent."""
    season = _season(payload, Status.OPEN)
    if season is None or not season.waiting_for or not _registered(season, user):
        return None
    return _season_words(season) | {
        "missing": season.waiting_for,
        "series_url": _absolute(season.series.get_absolute_url()),
    }


def league_withdrawn(payload: dict, user) -> dict | None:
    """Why the player was withdrawn and what became of their games, while the withdrawal stands."""
    entry = Entry.objects.select_related("division__season__series").filter(pk=payload["entry"], player=user).first()
    if entry is None or entry.withdrawn_at is None:
        return None
    season = entry.division.season
    return _season_words(season) | {
        "entry": entry,
        "reason": reason_words(entry.withdrawal_reason),
        "struck": entry.results_struck,
        "division_number": entry.division.index + 1,
        "division_url": _absolute(entry.division.get_absolute_url()),
        "series_url": _absolute(season.series.get_absolute_url()),
    }


BUILDERS = {
    "season_started": season_started,
    "season_closed": season_closed,
    "league_reminder": league_reminder,
    "season_waiting": season_waiting,
    "league_withdrawn": league_withdrawn,
}
