"""Calendar events of deadlines have a length and a reminder (RFC 5545: DURATION and a VALARM), in the feed owner's
language."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from daymove.clocks import calendar
from daymove.players.models import Player
from tests.support.catalogues import compile_catalogues
from tests.support.clocks import PER_MOVE_3, T0, start
from tests.support.leagues import a_season, a_series, register
from tests.support.pseudo import pseudo_language, untranslated

compile_catalogues()

pytestmark = pytest.mark.django_db


def components(body: str) -> list[tuple[str, dict]]:
    """Each component of the feed (unfolded), as (name, {property: value}), and check BEGIN/END nest properly."""
    assert all(line.endswith("\r") or not line for line in body.split("\n")), "lines end with CRLF"
    lines = re.sub(r"\r\n[ \t]", "", body).split("\r\n")[:-1]
    found, stack = [], []
    for line in lines:
        name, _, value = line.partition(":")
        if name == "BEGIN":
            stack.append((value, {}))
        elif name == "END":
            assert stack and stack[-1][0] == value, f"END:{value} does not close {stack[-1:]}"
            found.append((value, stack.pop()[1] | {"_inside": stack[-1][0] if stack else None}))
        else:
            stack[-1][1].setdefault(name.split(";")[0], value)
    assert stack == []
    return found


def test_a_deadline_event_lasts_a_while_and_reminds_two_hours_before(alice, bob):
    with time_machine.travel(T0, tick=False):
        start(alice, bob, PER_MOVE_3)
        feed = calendar.regenerate(alice)
        body = Client().get(reverse("calendar_feed", args=[feed.token])).content.decode()
    parts = components(body)
    [event] = [props for name, props in parts if name == "VEVENT"]
    [alarm] = [props for name, props in parts if name == "VALARM"]
    assert event["DTSTART"] == "20260305T120000Z"
    assert event["DURATION"] == "PT15M" and "DTEND" not in event  # one or the other, never both
    assert alarm["_inside"] == "VEVENT"
    assert alarm["ACTION"] == "DISPLAY" and alarm["TRIGGER"] == "-PT2H"  # before the start: the deadline
    assert "is due in 2 hours" in alarm["DESCRIPTION"]
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))


def feed_texts(user) -> list[str]:
    """What a person reads in the user's feed, fetched by a calendar app that says nothing of its language: the
    calendar's name, and each event's and reminder's summary and description."""
    feed = calendar.regenerate(user)
    body = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("calendar_feed", args=[feed.token])).content.decode()
    said = ("X-WR-CALNAME", "SUMMARY", "DESCRIPTION")
    return [value for _, props in components(body) for name, value in props.items() if name in said]


def test_the_feed_is_in_its_owners_language_with_every_word_translated(alice, bob):
    """The deadlines and a league season alice registered for, in her language (the pseudo-language, whatever the
    calendar app asks for): no English left; bob's, in his."""
    series = a_series("Test league")
    register(series, alice)
    a_season(series, starts_in=timedelta(days=5))
    with time_machine.travel(T0, tick=False):
        start(alice, bob, PER_MOVE_3)
    with pseudo_language() as language:
        Player.objects.filter(user=alice).update(language=language)
        texts = feed_texts(alice)
    assert len(texts) == 6  # the calendar's name, two events' summaries and descriptions, a reminder
    # The league's name is the moderators' own (escaped in the feed, "Test league\, season 1").
    left = [word for text in texts for word in untranslated(text, ["alice", "bob", "Test league\\"], html=False)]
    assert not left, texts
    assert feed_texts(bob) == ["Daymove deadlines of bob"]  # not his move: only the calendar's name, in English
