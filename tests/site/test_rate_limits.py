"""The site's hourly limits: challenges, chat lines and challenge emails, each with a clear message."""

import pytest
from django.test import Client
from django.urls import reverse

from daymove.outbox.models import Job
from daymove.play.models import Challenge
from daymove.round.challenges import accept_challenge, create_challenge, rematch
from daymove.round.endings import resign
from daymove.safety.ratelimits import RateLimited
from daymove.talk.models import ChatMessage
from daymove.talk.services import post_message
from tests.factories import MatchFactory, UserFactory

CHALLENGE_FORM = {"option_board": "square", "seat": "random", "clock": "3"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def at_noon(time_machine):
    time_machine.move_to("2026-03-02 12:00:00+00:00", tick=False)
    return time_machine


def challenge_emails_to(user) -> int:
    return Job.objects.filter(key__startswith="mail:c", key__endswith=f":challenge:{user.pk}").count()


def test_challenges_per_hour_are_limited_with_the_wait(alice, bob, settings, at_noon):
    settings.DAYMOVE_CHALLENGES_PER_HOUR = 3
    for _ in range(3):
        create_challenge(alice, "abande", {}, rated=False)
    at_noon.move_to("2026-03-02 12:40:00+00:00", tick=False)
    with pytest.raises(
        RateLimited, match="You have created 3 challenges this hour, the most allowed: try again in 20 m"
    ):
        create_challenge(alice, "abande", {}, "bob", rated=False)
    with pytest.raises(RateLimited):  # a rematch is a challenge too
        rematch(resigned_match(alice, bob).pk, alice)
    assert Challenge.objects.filter(creator=alice).count() == 3
    create_challenge(bob, "abande", {}, rated=False)  # bob has his own allowance
    at_noon.move_to("2026-03-02 13:00:01+00:00", tick=False)
    create_challenge(alice, "abande", {}, rated=False)  # a new hour


def resigned_match(alice, bob):
    match = MatchFactory(player0=alice, player1=bob, rated=False)
    resign(match.pk, bob)
    return match


def test_unverified_accounts_get_fewer_challenges_an_hour(db, settings, at_noon):
    settings.DAYMOVE_CHALLENGES_PER_HOUR_UNVERIFIED = 1
    newcomer = UserFactory(username="newcomer", verified=False)
    create_challenge(newcomer, "abande", {}, rated=False)
    with pytest.raises(RateLimited, match="created 1 challenge "):
        create_challenge(newcomer, "abande", {}, rated=False)


def test_the_challenge_form_answers_429_with_the_message(alice, settings, at_noon):
    settings.DAYMOVE_CHALLENGES_PER_HOUR = 1
    client = _client(alice)
    url = reverse("new_challenge", args=["abande"])
    assert client.post(url, CHALLENGE_FORM).status_code == 302
    response = client.post(url, CHALLENGE_FORM)
    assert response.status_code == 429
    assert "You have created 1 challenge this hour, the most allowed: try again in 60 minutes." in (
        response.content.decode()
    )
    assert Challenge.objects.count() == 1


def test_chat_lines_per_hour_are_limited(alice, bob, settings, at_noon):
    settings.DAYMOVE_CHAT_LINES_PER_HOUR = 2
    match = MatchFactory(player0=alice, player1=bob)
    post_message(match, alice, "hello")
    post_message(match, alice, "good luck")
    with pytest.raises(RateLimited, match="sent 2 chat messages this hour"):
        post_message(match, alice, "are you there?")
    post_message(match, bob, "hi")  # bob's allowance is his own
    response = _client(alice).post(reverse("chat_post", args=[match.pk]), {"text": "hello?"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 429 and "sent 2 chat messages this hour" in response.content.decode()
    assert ChatMessage.objects.filter(author=alice).count() == 2


def test_challenge_emails_sent_per_hour_are_limited_and_the_challenger_is_told(alice, settings, at_noon):
    settings.DAYMOVE_CHALLENGE_EMAILS_SENT_PER_HOUR = 2
    targets = [UserFactory(username=f"target{i}") for i in range(3)]
    client = _client(alice)
    url = reverse("new_challenge", args=["abande"])
    for target in targets:
        response = client.post(url, CHALLENGE_FORM | {"opponent": target.username}, follow=True)
        assert response.status_code == 200
    assert [challenge_emails_to(target) for target in targets] == [1, 1, 0]
    assert Challenge.objects.filter(opponent=targets[2], status=Challenge.Status.OPEN).exists()  # it still waits
    assert "target2 gets no email about it: enough challenge emails have gone out this hour." in (
        response.content.decode()
    )


def test_challenge_emails_received_per_hour_are_limited(bob, settings, at_noon):
    settings.DAYMOVE_CHALLENGE_EMAILS_RECEIVED_PER_HOUR = 2
    senders = [UserFactory(username=f"sender{i}") for i in range(4)]
    made = [create_challenge(sender, "abande", {}, "bob", rated=False) for sender in senders]
    assert challenge_emails_to(bob) == 2
    assert [getattr(c, "email_held", False) for c in made] == [False, False, True, True]
    at_noon.move_to("2026-03-02 13:00:01+00:00", tick=False)
    create_challenge(UserFactory(username="late"), "abande", {}, "bob", rated=False)
    assert challenge_emails_to(bob) == 3


def test_the_counters_are_per_account_and_refusals_change_nothing(alice, bob, settings, at_noon):
    settings.DAYMOVE_CHALLENGES_PER_HOUR = 1
    challenge = create_challenge(bob, "abande", {}, "alice", rated=False)
    accept_challenge(challenge.pk, alice)  # accepting is not creating
    create_challenge(alice, "abande", {}, rated=False)
    with pytest.raises(RateLimited):
        create_challenge(alice, "abande", {}, rated=False)
    assert Challenge.objects.filter(creator=alice).count() == 1
