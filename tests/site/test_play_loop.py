"""The loop of playing: a lobby that leads, the next game after a move (by button or by choice, automatically),
and review controls with an address for every position."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.players.models import Player
from daymove.web.turn_order import next_game
from tests.factories import ChallengeFactory
from tests.support.clocks import PER_MOVE_3, play_one, start

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _due_in(match, hours: float):
    """Move the deadline of the player to move to `hours` from now."""
    field = f"deadline{match.to_move}"
    assert MatchClock.objects.filter(match=match).update(**{field: timezone.now() + timedelta(hours=hours)}) == 1


def test_the_lobby_leads_with_your_turn_soonest_deadline_first_then_challenges_to_you(alice, bob, carol):
    # alice (seat 0) moves first in both
    later, sooner = start(bob, alice, PER_MOVE_3, seat=1), start(carol, alice, PER_MOVE_3, seat=1)
    _due_in(later, 30)
    _due_in(sooner, 2)
    waiting = play_one(start(alice, carol))  # carol to move there
    ChallengeFactory(creator=bob, opponent=alice, game="parity")
    page = _client(alice).get(reverse("lobby")).content.decode()
    places = [
        page.index('id="your-turn"'),
        page.index(sooner.get_absolute_url()),
        page.index(later.get_absolute_url()),
        page.index("Challenges to you"),
        page.index("Waiting for your opponent"),
        page.index(waiting.get_absolute_url()),
        page.index('class="intro"'),  # where a challenge is started
        page.index("Open challenges"),
    ]
    assert places == sorted(places)


def test_next_game_is_the_waiting_match_with_the_soonest_deadline_and_not_this_one(alice, bob, carol):
    first, second = (start(other, alice, PER_MOVE_3, seat=1) for other in (bob, carol))
    _due_in(first, 50)
    _due_in(second, 5)
    assert next_game(alice) == second
    assert next_game(alice, after=second) == first
    assert next_game(alice, after=first) == second
    MatchClock.objects.filter(match__in=[first, second]).update(deadline0=None)
    assert next_game(alice) == first  # no deadline running: the longest waiting first
    assert next_game(bob) is None


def test_after_a_move_the_match_page_offers_the_next_game(alice, bob, carol):
    here, there = start(alice, bob), start(alice, carol)
    client = _client(alice)
    page = client.get(here.get_absolute_url()).content.decode()
    assert 'id="next-game"' not in page  # it is alice's turn here: no nudge away
    move = here.rules.legal_move_strings(here.position())[0]
    response = client.post(reverse("play_move", args=[here.pk]), {"move": move, "ply": 0}, follow=True)
    page = response.content.decode()
    assert f'id="next-game" href="{there.get_absolute_url()}"' in page
    assert f"Next game: Abande #{there.pk} against carol" in page


def test_players_who_choose_it_go_to_their_next_game_after_each_move(alice, bob, carol):
    here, there = start(alice, bob), start(alice, carol)
    client = _client(alice)
    settings_form = _client(alice).get(reverse("player_settings")).content.decode()
    assert "After I move, go to my next game where it is my turn" in settings_form
    Player.objects.filter(user=alice).update(next_game_after_move=True)
    move = here.rules.legal_move_strings(here.position())[0]
    response = client.post(reverse("play_move", args=[here.pk]), {"move": move, "ply": 0})
    assert response.status_code == 302 and response["Location"] == there.get_absolute_url()
    # With htmx the browser is told where to go.
    move = there.rules.legal_move_strings(there.position())[0]
    here = play_one(here)  # bob replied: alice's turn in `here` again
    response = client.post(reverse("play_move", args=[there.pk]), {"move": move, "ply": 0}, HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == here.get_absolute_url()
    # Nothing waiting: she stays where she moved.
    move = here.rules.legal_move_strings(here.position())[0]
    response = client.post(reverse("play_move", args=[here.pk]), {"move": move, "ply": here.ply})
    assert response["Location"] == here.get_absolute_url()


def test_the_setting_is_saved_from_the_settings_page(alice):
    client = _client(alice)
    form = {
        "time_zone": "UTC",
        "turn_emails": "each",
        "digest_hour": 8,
        "game_over": "on",
        "next_game_after_move": "on",
    }
    response = client.post(reverse("player_settings"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Player.objects.get(user=alice).next_game_after_move


def test_every_position_has_an_address_and_the_review_controls_step_through_them(alice, bob):
    match = start(alice, bob)
    for _ in range(3):
        match = play_one(match)
    client = _client(bob)
    url = match.get_absolute_url()
    latest = client.get(url).content.decode()
    assert 'data-step="next" aria-disabled="true"' in latest and 'data-step="last" aria-disabled="true"' in latest
    assert f'data-step="previous" href="{url}?at=2"' in latest and f'data-step="first" href="{url}?at=0"' in latest
    assert "Latest: move 3" in latest
    middle = client.get(url, {"at": 1}).content.decode()
    assert f'data-step="previous" href="{url}?at=0"' in middle and f'data-step="next" href="{url}?at=2"' in middle
    assert f'data-step="last" href="{url}"' in middle and "Move 1 of 3" in middle
    assert middle.count('aria-current="step"') == 1
    assert 'aria-current="step"><a href="' + url + '?at=1"' in middle
    assert 'hx-push-url="true"' in middle
