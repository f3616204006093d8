"""Caps per account: matches in progress and open challenges (lower until verified; bots exempt)."""

import pytest
from django.test import Client
from django.urls import reverse

from daymove.errors import Refused
from daymove.play.models import Challenge, Match
from daymove.round.challenges import accept_challenge, create_challenge
from tests.factories import MatchFactory, UserFactory

CHALLENGE_FORM = {"option_board": "square", "seat": "random", "clock": "3"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_open_challenges_are_capped_in_the_service_and_the_form(alice, settings):
    settings.DAYMOVE_MAX_OPEN_CHALLENGES = 2
    for _ in range(2):
        create_challenge(alice, "abande", {}, rated=False)
    with pytest.raises(Refused, match="You have 2 open challenges, the most allowed: withdraw one"):
        create_challenge(alice, "abande", {}, rated=False)
    client = _client(alice)
    url = reverse("new_challenge", args=["abande"])
    page = client.get(url).content.decode()
    assert "You have 2 open challenges, the most allowed" in page  # said before the form is filled in
    response = client.post(url, CHALLENGE_FORM)
    assert response.status_code == 400 and "You have 2 open challenges" in response.content.decode()
    assert Challenge.objects.filter(creator=alice).count() == 2
    Challenge.objects.filter(creator=alice).first().delete()
    assert client.post(url, CHALLENGE_FORM).status_code == 302


def test_unverified_accounts_have_lower_caps(db, settings):
    settings.DAYMOVE_MAX_OPEN_CHALLENGES_UNVERIFIED = 1
    newcomer = UserFactory(username="newcomer", verified=False)
    create_challenge(newcomer, "abande", {}, rated=False)
    with pytest.raises(Refused, match=r"the most allowed \(more once your email address is verified\)"):
        create_challenge(newcomer, "abande", {}, rated=False)


def test_matches_in_progress_are_capped_for_both_sides_of_an_acceptance(alice, bob, carol, settings):
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = 1
    carols = create_challenge(carol, "abande", {}, rated=False)
    alices = create_challenge(alice, "abande", {}, rated=False)
    MatchFactory(player0=alice, player1=bob)  # alice is now at the cap
    with pytest.raises(Refused, match="You have 1 match in progress"):
        create_challenge(alice, "abande", {}, rated=False)
    with pytest.raises(Refused, match="You have 1 match in progress"):
        accept_challenge(carols.pk, alice)
    with pytest.raises(Refused, match="alice has 1 match in progress"):
        accept_challenge(alices.pk, carol)
    assert Match.objects.count() == 1 and Challenge.objects.filter(status=Challenge.Status.OPEN).count() == 2
    page = _client(carol).post(reverse("accept_challenge", args=[alices.pk]), follow=True).content.decode()
    assert "alice has 1 match in progress, the most allowed" in page


def test_bots_are_exempt(alice, bob, carol, bot, settings):
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = 1
    for player in (alice, bob, carol):
        challenge = create_challenge(player, "abande", {}, bot.username, rated=False)
        assert challenge.match is not None  # the bot accepted a second and a third match
    assert Match.objects.filter(player1=bot).count() + Match.objects.filter(player0=bot).count() == 3
