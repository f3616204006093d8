"""A division's page follows its table live: the topic its stream names, and the notice a changed table records."""

import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import timezone

from daymove.competitions import pages
from daymove.competitions.models import Division, Season, Series
from daymove.competitions.signals import table_changed
from daymove.live import notices
from daymove.live.models import Notice
from daymove.live.views import wanted_topics
from games.registry import all_games

pytestmark = pytest.mark.django_db


def _division() -> Division:
    series = Series.objects.create(slug="live-league", name="Live league", game=next(iter(all_games())))
    season = Season.objects.create(series=series, number=1, starts_at=timezone.now())
    return Division.objects.create(season=season, level=1, index=0)


def test_a_changed_table_is_announced_on_its_divisions_topic():
    division = _division()
    table_changed.send(sender=None, division=division)
    assert list(Notice.objects.values_list("topic", "event")) == [(notices.division_topic(division.pk), notices.TABLE)]


def test_anyone_may_follow_a_division_and_hears_only_its_table(client):
    topic = notices.division_topic(5)
    assert wanted_topics(AnonymousUser(), [], [topic]) == {topic: frozenset({notices.TABLE})}
    response = client.get(reverse("live_events"), {"p": topic})
    assert response.status_code == 200 and response.streaming
    response.close()
    assert client.get(reverse("live_events"), {"p": "division-x"}).status_code == 404


def test_a_late_division_page_asks_what_it_missed(client):
    division = _division()
    drawn = f"{time.time() - 1:.1f}"
    topic = notices.division_topic(division.pk)
    assert client.get(reverse("live_missed"), {"p": topic, "t": drawn}).json() == {"events": []}
    table_changed.send(sender=None, division=division)
    assert client.get(reverse("live_missed"), {"p": topic, "t": drawn}).json() == {"events": ["table"]}


def test_the_division_page_names_the_topic_live_announces():
    division = _division()
    assert pages.live_topic(division) == notices.division_topic(division.pk)
