"""A profile worth visiting: the player's own words (escaped, limited, reportable), member since, last move,
current games, head to head against the viewer, a link to the archive; the settings that set the words and the
listing."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.urls import reverse

from daymove.moderation.models import Report
from daymove.players.models import ABOUT_MAX_LENGTH, Player
from daymove.round import endings
from tests.factories import MatchFactory, UserFactory
from tests.support.games import played_match


@pytest.fixture
def alice():
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


@pytest.mark.django_db
def test_settings_set_the_about_text_and_the_listing(client, alice):
    client.force_login(alice)
    settings_page = client.get(reverse("player_settings")).content.decode()
    assert 'name="games_listed"' in settings_page and 'name="about"' in settings_page
    assert f'action="{reverse("profile_settings")}"' in settings_page
    response = client.post(reverse("profile_settings"), {"about": "  I play <b>slowly</b>.  "})
    assert response.status_code == 302 and response.url == reverse("player_settings") + "#profile"
    player = Player.objects.get(user=alice)
    assert player.about == "I play <b>slowly</b>." and player.games_listed is False  # the box left unticked
    too_long = client.post(reverse("profile_settings"), {"about": "x" * (ABOUT_MAX_LENGTH + 1), "games_listed": "on"})
    assert too_long.status_code == 400 and "at most 300 characters" in too_long.content.decode()
    assert Player.objects.get(user=alice).about == "I play <b>slowly</b>."  # nothing changed
    assert client.post(reverse("profile_settings"), {"games_listed": "on"}).status_code == 302
    assert Player.objects.get(user=alice).games_listed is True


@pytest.mark.django_db
def test_the_profile_shows_the_words_escaped_dates_current_games_and_the_archive(client, alice, bob):
    Player.objects.filter(user=alice).update(about="I play <script>alert(1)</script>\nslowly.")
    with time_machine.travel(datetime(2026, 5, 4, 12, 0, tzinfo=UTC), tick=False):
        running = played_match("parity", alice, bob, plies=3)
    page = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "I play &lt;script&gt;alert(1)&lt;/script&gt;<br>slowly." in page and "<script>alert" not in page
    assert f"Member since {alice.date_joined:%-d %B %Y}" in page
    assert "last move" in page and running.get_absolute_url() in page
    assert f'href="{reverse("player_archive", args=["alice"])}"' in page
    UserFactory(username="carol")
    assert "no move yet" in client.get(reverse("profile", args=["carol"])).content.decode()


@pytest.mark.django_db
def test_the_last_move_is_the_players_own(alice, bob):
    from daymove.web.profiles import last_move_at

    assert last_move_at(alice) is None
    match = played_match("parity", alice, bob, plies=5)
    moves = list(match.moves.order_by("ply"))
    assert last_move_at(alice) == max(m.created for m in moves if match.players[m.seat] == alice)
    assert last_move_at(bob) == max(m.created for m in moves if match.players[m.seat] == bob)


@pytest.mark.django_db
def test_head_to_head_from_the_viewers_side(client, alice, bob):
    carol = UserFactory(username="carol")
    for winner, loser in ((alice, bob), (alice, bob), (bob, alice)):
        match = MatchFactory(game="parity", player0=winner, player1=loser)
        endings.resign(match.pk, loser)
    endings.resign(MatchFactory(game="abande", player0=carol, player1=alice).pk, alice)  # not against bob
    client.force_login(bob)
    page = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "You against alice: Parity 1 won, 0 drawn, 2 lost" in page
    assert "Abande" not in page.split("You against alice:")[1].split("</p>")[0]
    client.force_login(alice)
    assert "You against" not in client.get(reverse("profile", args=["alice"])).content.decode()


@pytest.mark.django_db
def test_the_profile_text_is_reportable_and_the_report_keeps_it(client, alice, bob):
    Player.objects.filter(user=alice).update(about="Rude words here.")
    client.force_login(bob)
    profile = client.get(reverse("profile", args=["alice"])).content.decode()
    link = reverse("report_player", args=["alice"]) + "?reason=profile"
    assert link in profile
    form = client.get(link).content.decode()
    assert "Rude words here." in form and re.search(r'value="profile"[^>]*checked', form)
    assert client.post(link, {"reason": "profile", "details": "see above"}).status_code == 302
    Player.objects.filter(user=alice).update(about="Nice words now.")
    report = Report.objects.get(reported=alice)
    assert report.reason == Report.Reason.PROFILE
    assert "Rude words here." in report.details and "see above" in report.details
    Player.objects.filter(user=alice).update(about="")
    response = client.post(link, {"reason": "profile"})
    assert response.status_code == 400 and "alice has no profile text to report." in response.content.decode()
    assert get_user_model().objects.get(username="alice").reports_received.count() == 1


@pytest.mark.django_db
def test_deleting_the_account_removes_the_about_text(alice):
    from daymove.players.accounts import delete_account

    Player.objects.filter(user=alice).update(about="My name is Alice Example, I live in Lyon.")
    delete_account(alice)
    assert not Player.objects.filter(about__contains="Alice Example").exists()
