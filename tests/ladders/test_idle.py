"""Idle players on a ladder: a tenth down per idle month, warned once a week before removal, removed after 90 days."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from daymove.clocks.vacations import book_vacation, local_today
from daymove.ladders import signals
from daymove.ladders.idle import sweep_idle
from daymove.ladders.models import PlaceChange, Rung
from daymove.ladders.tasks import sweep_idle_task
from tests.factories import UserFactory
from tests.support.ladders import a_ladder, challenge_and_end, heard, line_up, names, places_are_a_permutation

DAY = timedelta(days=1)


@pytest.fixture
def start():
    return timezone.now()


@pytest.fixture
def ladder(db):
    return a_ladder()


@pytest.fixture
def twelve(ladder, start):
    """p1 .. p12 joined at `start`."""
    with time_machine.travel(start, tick=False):
        players = [UserFactory(username=f"p{i}") for i in range(1, 13)]
        line_up(ladder, players)
    return players


def _others_played(ladder, idle, when):
    """Everyone but `idle` had a ladder game end at `when` (set directly: this test is about `idle`)."""
    Rung.objects.filter(ladder=ladder).exclude(player=idle).update(last_ended_at=when)


def _sweep(when):
    with time_machine.travel(when, tick=False):
        return sweep_idle()


def test_an_idle_player_drops_a_tenth_per_month_is_warned_once_and_removed_after_90_days(ladder, twelve, start):
    p1 = twelve[0]
    with heard(signals.idle_warning) as warned, heard(signals.removed) as removed, heard(signals.place_moved) as moved:
        _others_played(ladder, p1, start + 25 * DAY)
        assert _sweep(start + 29 * DAY).dropped == 0
        assert _sweep(start + 30 * DAY).dropped == 1
        assert names(ladder).index("p1") == 2  # a tenth of 12, rounded up: 2 places
        assert _sweep(start + 31 * DAY).dropped == 0  # the month's drop is applied once
        _others_played(ladder, p1, start + 55 * DAY)
        _sweep(start + 60 * DAY)
        assert names(ladder).index("p1") == 4 and places_are_a_permutation(ladder)
        _others_played(ladder, p1, start + 80 * DAY)
        assert _sweep(start + 82 * DAY).warned == 0
        assert _sweep(start + 83 * DAY).warned == 1
        assert _sweep(start + 84 * DAY).warned == 0
        assert "p1" in names(ladder)
        assert _sweep(start + 90 * DAY).removed == 1
    assert [w["rung"].player.username for w in warned] == ["p1"]
    assert [(m["from_place"], m["to_place"]) for m in moved] == [(1, 3), (3, 5)]
    assert [(r["rung"].player.username, r["reason"]) for r in removed] == [("p1", "idle")]
    assert names(ladder) == [f"p{i}" for i in range(2, 13)] and places_are_a_permutation(ladder)
    assert PlaceChange.objects.filter(reason=PlaceChange.Reason.DECAYED, player=p1).count() == 2


def test_a_ladder_game_ending_restarts_the_idle_clock(ladder, twelve, start):
    with time_machine.travel(start + 25 * DAY, tick=False):
        challenge_and_end(ladder, twelve[1], twelve[0], winner=None)  # p2 and p1 draw
    assert _sweep(start + 40 * DAY).dropped == 10  # everyone else
    assert names(ladder)[:2] == ["p1", "p2"]
    assert _sweep(start + 55 * DAY).dropped == 2  # p1 and p2, 30 days after their game


def test_vacation_days_do_not_count_as_idle(ladder, twelve, start):
    p1 = twelve[0]
    with time_machine.travel(start + DAY, tick=False):
        today = local_today(p1)
        book_vacation(p1, today, today + 9 * DAY)  # 10 days away
    _others_played(ladder, p1, start + 35 * DAY)
    _sweep(start + 30 * DAY)
    assert names(ladder)[0] == "p1"
    _sweep(start + 41 * DAY)
    assert names(ladder).index("p1") == 2


def test_the_beat_task_runs_the_sweep_and_is_scheduled(ladder, twelve, start, settings):
    with time_machine.travel(start + 30 * DAY, tick=False):
        assert sweep_idle_task() == 12
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "daymove.ladders.tasks.sweep_idle_task" in tasks


def test_a_player_never_warned_is_warned_late_and_removed_a_week_after_not_at_once(ladder, twelve, start):
    p1 = twelve[0]
    for day in (30, 60):  # two drops; then the sweep does not run until day 95, past the warning's window
        _others_played(ladder, p1, start + (day - 5) * DAY)
        assert _sweep(start + day * DAY).dropped == 1
    _others_played(ladder, p1, start + 94 * DAY)
    place = names(ladder).index("p1")
    with heard(signals.idle_warning) as warned, heard(signals.removed) as removed:
        swept = _sweep(start + 95 * DAY)
        assert (swept.warned, swept.removed, swept.dropped) == (1, 0, 0)  # warned now; no third drop
        assert _sweep(start + 101 * DAY).removed == 0  # six days after the warning: still on the ladder
        assert "p1" in names(ladder) and names(ladder).index("p1") == place
        assert _sweep(start + 102 * DAY).removed == 1  # a week after the warning
    assert [w["rung"].player.username for w in warned] == ["p1"]
    assert [r["rung"].player.username for r in removed] == ["p1"]
    assert "p1" not in names(ladder) and places_are_a_permutation(ladder)
