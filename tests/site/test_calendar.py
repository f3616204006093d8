"""Calendar events of deadlines have a length and a reminder (RFC 5545: DURATION and a VALARM)."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from daymove.clocks import calendar
from tests.support.clocks import PER_MOVE_3, T0, start

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
