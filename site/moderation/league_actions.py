"""What the staff do to a league from the admin: each through the league's own service, and logged in the moderation
log (who, what, the reason) in the same transaction, so an action that did nothing leaves no entry.

A refusal (`daymove.errors.Refused`) says in a sentence why nothing was done.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.competitions import overrides, seasons, withdrawing
from daymove.competitions.models import Division, Entry, LeagueGame, Season, Series
from daymove.errors import Conflict, Refused
from daymove.moderation.models import ModerationAction
from daymove.round import leagues

Kind = ModerationAction.Kind
# The kinds of log entry these actions write.
LEAGUE_KINDS = (
    Kind.LEAGUE_SERIES,
    Kind.SEASON_DRAW,
    Kind.SEASON_START,
    Kind.SEASON_POSTPONE,
    Kind.SEASON_CLOSE,
    Kind.LEAGUE_MOVE,
    Kind.LEAGUE_WITHDRAW,
    Kind.LEAGUE_REINSTATE,
    Kind.LEAGUE_OVERRIDE,
)


def _log(kind, moderator, reason: str = "", *, target=None, match=None, **details) -> ModerationAction:
    return ModerationAction.objects.create(
        kind=kind, target=target, match=match, moderator=moderator, message=reason, details=details
    )


def _season_details(season: Season) -> dict:
    return {"series": season.series_id, "season": season.pk, "name": str(season)}


def series_saved(series: Series, moderator, created: bool) -> ModerationAction:
    """Log a series created (its first season opened for registration at once) or changed through its admin form."""
    with transaction.atomic():
        if created:
            seasons.next_season(series)
        what = "created" if created else "changed"
        return _log(Kind.LEAGUE_SERIES, moderator, what=what, series=series.pk, name=series.name)


def set_paused(series: Series, paused: bool, moderator, reason: str) -> ModerationAction:
    """Pause a series (no new season starts) or resume it; Refused if it already is."""
    reason = withdrawing.clean_reason(reason)
    with transaction.atomic():
        if Series.objects.filter(pk=series.pk, paused=not paused).update(paused=paused) != 1:
            if paused:
                raise Refused(gettext("%(league)s is already paused.") % {"league": series})
            raise Refused(gettext("%(league)s is already running.") % {"league": series})
        series.paused = paused
        what = "paused" if paused else "resumed"
        return _log(Kind.LEAGUE_SERIES, moderator, reason, what=what, series=series.pk, name=series.name)


def store_draw(season: Season, moderator, reason: str) -> list[Division]:
    """Store the previewed division draw of an open season, so players can be moved before the start."""
    reason = withdrawing.clean_reason(reason)
    with transaction.atomic():
        made = seasons.draw_season(season)
        sizes = [division.entries.count() for division in made]
        _log(Kind.SEASON_DRAW, moderator, reason, **_season_details(season), divisions=sizes)
    return made


def start(season: Season, moderator, reason: str) -> ModerationAction:
    """Start an open season now (with at least 4 registered players, its series not paused)."""
    reason = withdrawing.clean_reason(reason)
    if season.status != Season.Status.OPEN:
        raise Refused(gettext("%(season)s has already started.") % {"season": season})
    if season.series.paused:
        raise Refused(gettext("%(league)s is paused: resume it first.") % {"league": season.series})
    registered = len(seasons.entrants(season))
    if registered < seasons.MINIMUM_ENTRANTS:
        words = ngettext(
            "%(season)s has %(count)s player registered: it needs at least %(least)s.",
            "%(season)s has %(count)s players registered: it needs at least %(least)s.",
            registered,
        )
        raise Refused(words % {"season": season, "count": registered, "least": seasons.MINIMUM_ENTRANTS})
    with transaction.atomic():
        if not seasons.start_season(season):
            raise Conflict(gettext("%(season)s was started meanwhile.") % {"season": season})
        return _log(Kind.SEASON_START, moderator, reason, **_season_details(season), players=registered)


def postpone(season: Season, starts_at: datetime, moderator, reason: str) -> ModerationAction:
    """Move an open season's start to a later moment (its registration reminder goes again before it)."""
    reason = withdrawing.clean_reason(reason)
    if starts_at <= timezone.now():
        raise Refused(gettext("Choose a start in the future."))
    was = season.starts_at
    with transaction.atomic():
        seasons.postpone_season(season, starts_at)
        details = _season_details(season) | {"from": was.isoformat(), "to": starts_at.isoformat()}
        return _log(Kind.SEASON_POSTPONE, moderator, reason, **details)


def close(season: Season, moderator, reason: str) -> ModerationAction:
    """Close a running season now: final places and movement; games still running go on."""
    reason = withdrawing.clean_reason(reason)
    with transaction.atomic():
        if not seasons.close_season(season):
            raise Refused(gettext("%(season)s is not running: only a running season closes.") % {"season": season})
        return _log(Kind.SEASON_CLOSE, moderator, reason, **_season_details(season))


def move(entry: Entry, division: Division, moderator, reason: str) -> ModerationAction:
    """Move a player of a stored draw to another division of the same season, before it starts."""
    reason = withdrawing.clean_reason(reason)
    if division.pk == entry.division_id:
        raise Refused(gettext("%(player)s is in that division already.") % {"player": entry.player.username})
    was = entry.division.index + 1
    with transaction.atomic():
        seasons.move_before_start(entry, division)
        details = {"season": division.season_id, "name": str(division.season), "from": was, "to": division.index + 1}
        return _log(Kind.LEAGUE_MOVE, moderator, reason, target=entry.player, **details)


def withdraw(entry: Entry, moderator, reason: str) -> ModerationAction:
    """Withdraw a player from their running season for `reason` (the league's rule decides their games)."""
    reason = withdrawing.clean_reason(reason)
    if entry.division.season.status != Season.Status.RUNNING:
        words = gettext("%(season)s is not running: only a running season's players are withdrawn.")
        raise Refused(words % {"season": entry.division.season})
    with transaction.atomic():
        if not leagues.withdraw(entry, reason, by=moderator):
            raise Refused(gettext("%(player)s has already withdrawn.") % {"player": entry.player.username})
        entry.refresh_from_db()
        details = {"entry": entry.pk, "season": entry.division.season_id, "name": str(entry.division.season)}
        details["struck"] = entry.results_struck
        return _log(Kind.LEAGUE_WITHDRAW, moderator, reason, target=entry.player, **details)


def reinstate(entry: Entry, moderator, reason: str) -> ModerationAction:
    """Take a withdrawal back while none of the player's games has been ended by it."""
    with transaction.atomic():
        entry = withdrawing.reinstate(entry, reason, moderator)
        details = {"entry": entry.pk, "season": entry.division.season_id, "name": str(entry.division.season)}
        return _log(Kind.LEAGUE_REINSTATE, moderator, withdrawing.clean_reason(reason), target=entry.player, **details)


def override(game: LeagueGame, winner: int | None, moderator, reason: str) -> ModerationAction:
    """Give a finished league game another result (a seat; None: a draw): re-rated, marked on the table."""
    with transaction.atomic():
        game = overrides.override_result(game, winner, reason, moderator)
        match = game.match
        details = {"league_game": game.pk, "division": game.division_id, "name": str(game.division)}
        details["result"] = match.result_text()
        return _log(Kind.LEAGUE_OVERRIDE, moderator, game.override_note, match=match, **details)
