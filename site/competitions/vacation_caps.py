"""The vacation cap of a series: in a season's league games, only the first `vacation_cap_days` of a player's time
away stop the clocks; the clocks of their other matches stop as usual. Registered with the clocks (`ready()`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from daymove.clocks.away_caps import Cap
from daymove.competitions.models import LeagueGame


def league_caps(match_ids: Sequence[int]) -> dict[int, Cap]:
    """Each league game's cap among these matches: time away counts from its season's start."""
    rows = LeagueGame.objects.filter(match_id__in=list(match_ids), division__season__started_at__isnull=False)
    return {
        match_id: Cap(started_at, timedelta(days=days))
        for match_id, started_at, days in rows.values_list(
            "match_id", "division__season__started_at", "division__season__series__vacation_cap_days"
        )
    }
