"""When a player is away is told to their opponent (and staff) on a match in progress, and to nobody else: not to
logged-out visitors, not to spectators, not on finished matches, not as dates on the challenge form."""

import re
from datetime import date

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from daymove.clocks import vacations
from daymove.play import endings
from tests.factories import UserFactory
from tests.support.clocks import PER_MOVE_3, T0, start

HTMX = {"HTTP_HX_REQUEST": "true"}
# Every way the clock and the challenge form tell of a vacation, with or without dates.
TOLD = re.compile(r"is away|are away|be away|vacation|auto-reply", re.I)


@pytest.fixture
def traveller():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def _words(response) -> str:
    """What a page says (its text, not its markup: hx-trigger="sse:away" is no vacation)."""
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _match_views(user, match) -> str:
    """The match page and its live clock part, as `user` (None: logged out) reads them."""
    client = _client(user)
    page = _words(client.get(match.get_absolute_url()))
    return page + _words(client.get(reverse("match_part", args=[match.pk, "clock"]), **HTMX))


@pytest.mark.parametrize(
    "first,last,told",
    [(2, 9, "bob is away until Mon 9 Mar 2026"), (5, 7, "bob will be away from Thu 5 Mar to Sat 7 Mar 2026")],
    ids=["away-now", "booked-ahead"],
)
def test_only_the_opponent_and_staff_see_a_vacation_on_a_match_in_progress(
    traveller, alice, bob, carol, first, last, told
):
    match = start(alice, bob, PER_MOVE_3)
    vacations.book_vacation(bob, date(2026, 3, first), date(2026, 3, last))
    staff = UserFactory(username="boss", is_staff=True)
    assert told in _match_views(alice, match)
    assert told in _match_views(staff, match)
    assert re.search(r"You are away until|Your vacation: ", _match_views(bob, match))
    for stranger in (None, carol):  # a logged-out visitor, a spectator
        assert not TOLD.search(_match_views(stranger, match)), stranger


def test_a_finished_match_tells_of_no_vacation(traveller, alice, bob):
    match = start(alice, bob, PER_MOVE_3)
    vacations.book_vacation(bob, date(2026, 3, 2), date(2026, 3, 9))
    vacations.book_vacation(alice, date(2026, 3, 20), date(2026, 3, 21))
    endings.resign(match.pk, bob)
    for viewer in (alice, bob, UserFactory(username="boss", is_staff=True)):
        assert not TOLD.search(_match_views(viewer, match)), viewer


def test_the_challenge_form_says_only_that_a_player_is_away_now(traveller, bob, carol):
    form = reverse("new_challenge", args=["abande"]) + "?opponent=bob"
    vacation = vacations.book_vacation(bob, date(2026, 3, 5), date(2026, 3, 7))
    assert not TOLD.search(_words(_client(carol).get(form)))  # a vacation to come is bob's own business
    vacations.cancel_vacation(bob, vacation.pk)
    vacations.book_vacation(bob, date(2026, 3, 2), date(2026, 3, 9))
    page = _words(_client(carol).get(form))
    assert "bob is away at the moment" in page and "9 Mar" not in page


def test_profiles_and_the_lobby_tell_of_no_vacation(traveller, alice, bob, carol):
    start(alice, bob, PER_MOVE_3)
    vacations.book_vacation(bob, date(2026, 3, 2), date(2026, 3, 9))
    for viewer in (None, carol, alice):
        client = _client(viewer)
        for url in (reverse("profile", args=["bob"]), reverse("lobby")):
            assert not TOLD.search(_words(client.get(url))), (viewer, url)
