"""A ladder's page follows its places live: the page topic its stream names, and what a late page missed."""

import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import timezone

from daymove.ladders import places
from daymove.ladders.models import Ladder, PlaceChange
from daymove.live import notices
from daymove.live.models import Notice
from daymove.live.views import wanted_topics
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from games.registry import all_games
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_anyone_may_follow_a_ladder_topic_and_a_malformed_one_is_refused(client):
    events = reverse("live_events")
    response = client.get(events, {"p": notices.ladder_topic(3)})
    assert response.status_code == 200 and response.streaming  # a visitor follows a ladder: there is a stream
    response.close()
    for forged in ("ladder-x", "ladder-", "match-3", "user-1", "nothing-3", "ladder-²"):
        assert client.get(events, {"p": forged}).status_code == 404, forged
    assert client.get(events, {"p": [f"ladder-{n}" for n in range(1, 300)]}).status_code == 400


def test_a_ladder_topic_carries_only_its_places():
    assert wanted_topics(AnonymousUser(), [], ["ladder-3"]) == {"ladder-3": frozenset({notices.PLACES})}


def test_a_late_ladder_page_asks_what_it_missed(client):
    drawn = f"{time.time() - 1:.1f}"
    missed = reverse("live_missed")
    topic = notices.ladder_topic(7)
    assert client.get(missed, {"p": topic, "t": drawn}).json() == {"events": []}
    notices.publish(notices.ladder_topic(8), notices.PLACES)  # another ladder's
    assert client.get(missed, {"p": topic, "t": drawn}).json() == {"events": []}
    notices.publish(topic, notices.PLACES)
    assert client.get(missed, {"p": topic, "t": drawn}).json() == {"events": ["places"]}
    assert client.get(missed, {"p": [topic, "ladder-8"], "t": drawn}).status_code == 400
    assert client.get(missed, {"p": "ladder-x", "t": drawn}).status_code == 404


def test_a_change_of_places_is_announced_on_the_ladders_topic():
    ladder = Ladder.objects.create(slug="some-ladder", name="Some ladder", game=next(iter(all_games())))
    first, second = UserFactory(), UserFactory()
    places.rewrite(ladder, (), (first.pk, second.pk), {}, PlaceChange.Reason.JOINED, timezone.now())
    assert list(Notice.objects.values_list("topic", "event")) == [(notices.ladder_topic(ladder.pk), notices.PLACES)]


def _ladder_of_two():
    ladder = Ladder.objects.create(slug="some-ladder", name="Some ladder", game=next(iter(all_games())))
    top, bottom = UserFactory(), UserFactory()
    places.rewrite(ladder, (), (top.pk, bottom.pk), {}, PlaceChange.Reason.JOINED, timezone.now())
    return ladder, top, bottom


def test_a_ladder_game_started_and_ended_without_a_place_change_is_announced_on_the_ladders_topic():
    ladder, top, bottom = _ladder_of_two()
    Notice.objects.all().delete()
    match = challenge_on_ladder(ladder, bottom, top.username)
    topic = notices.ladder_topic(ladder.pk)
    assert (topic, notices.PLACES) in set(Notice.objects.values_list("topic", "event"))  # the game being played
    Notice.objects.all().delete()
    endings.resign(match.pk, bottom)  # the defender holds: nobody moves
    assert (topic, notices.PLACES) in set(Notice.objects.values_list("topic", "event"))
    assert places.standing(ladder) == (top.pk, bottom.pk)


def test_an_ordinary_game_ending_announces_nothing_on_a_ladder(match, alice):
    _ladder_of_two()
    Notice.objects.all().delete()
    endings.resign(match.pk, alice)
    assert not Notice.objects.filter(topic__startswith="ladder-").exists()
