"""The calendar feed lists a player's league dates: the start (registration deadline) of each season they are
registered for, and the start and close of each season they play in; nobody else's."""

from __future__ import annotations

import random
import re
from datetime import UTC, timedelta

import pytest
from django.test import Client
from django.urls import reverse

from daymove.clocks import calendar
from daymove.competitions import seasons
from daymove.competitions.models import Registration, Season
from tests.factories import UserFactory
from tests.support.leagues import a_season, a_series, register

pytestmark = pytest.mark.django_db


def events(user) -> dict[str, dict]:
    """The user's feed as fetched by a calendar app: each event's properties (unfolded) by UID."""
    feed = calendar.regenerate(user)
    body = Client().get(reverse("calendar_feed", args=[feed.token])).content.decode()
    assert not [line for line in body.split("\r\n") if len(line.encode()) > 75]  # folded (RFC 5545 3.1)
    found = {}
    for block in re.sub(r"\r\n[ \t]", "", body).split("BEGIN:VEVENT\r\n")[1:]:
        properties = dict(line.split(":", 1) for line in block.split("\r\n") if ":" in line)
        found[properties["UID"].split("@")[0]] = properties
    return found


def stamp(moment) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


@pytest.fixture
def players():
    return [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]


def test_a_registered_player_sees_the_next_start_as_the_registration_deadline(players):
    ann, skipper, outsider = players[0], players[1], UserFactory(username="zed")
    series = a_series("Test league")
    register(series, ann)
    register(series, skipper, mode=Registration.Mode.SKIP)
    season = a_season(series, starts_in=timedelta(days=5))
    event = events(ann)[f"league-season-{season.pk}-start"]
    assert event["DTSTART"] == stamp(season.starts_at)
    assert event["SUMMARY"] == "Test league\\, season 1 starts (registration closes)"
    assert reverse("competitions:registration", args=[series.slug]) in event["DESCRIPTION"]
    assert event["URL"].endswith(series.get_absolute_url())
    assert not [uid for uid in events(skipper) if uid.startswith("league-")]
    assert not [uid for uid in events(outsider) if uid.startswith("league-")]


def test_a_player_sees_the_start_and_latest_close_of_their_running_season_then_its_close(players):
    series = a_series("Test league")
    register(series, *players)
    season = a_season(series, starts_in=timedelta(seconds=-1))
    assert seasons.start_season(season, rng=random.Random(2))
    season.refresh_from_db()
    listed = events(players[0])
    start, close = listed[f"league-season-{season.pk}-start"], listed[f"league-season-{season.pk}-close"]
    assert start["DTSTART"] == stamp(season.started_at) and start["SUMMARY"] == "Test league\\, season 1 starts"
    assert close["DTSTART"] == stamp(season.closes_by) and "at the latest" in close["SUMMARY"]
    following = Season.objects.get(series=series, status=Season.Status.OPEN)
    assert listed[f"league-season-{following.pk}-start"]["DTSTART"] == stamp(following.starts_at)
    # The player's deadlines are still there, beside the league's dates.
    assert any(uid.startswith("deadline-") for uid in listed)
    assert seasons.close_season(season)
    season.refresh_from_db()
    close = events(players[0])[f"league-season-{season.pk}-close"]  # the same event, updated
    assert close["DTSTART"] == stamp(season.closed_at) and close["SUMMARY"] == "Test league\\, season 1 closed"
    assert not [uid for uid in events(UserFactory(username="zed")) if uid.startswith("league-")]
