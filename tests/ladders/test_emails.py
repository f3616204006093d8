"""Ladder emails: challenged (the defender), passed (everyone moved down), moved (idle or adjusted) and the idle
warning; each sent once, each a choice the player can switch off, from the recipient's own view."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.ladders.idle import sweep_idle
from daymove.ladders.membership import adjust
from daymove.ladders.models import Rung
from daymove.notify.models import LADDER_KINDS, EmailPreferences
from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.push.models import PushPreferences, PushSubscription, wants_push
from daymove.push.sender import message_for
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.factories import UserFactory
from tests.support.ladders import a_ladder, both_move, line_up

DAY = timedelta(days=1)


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def ladder(db):
    return a_ladder()


@pytest.fixture
def five(ladder):
    players = [UserFactory(username=f"p{i}") for i in range(1, 6)]
    line_up(ladder, players)
    return players


def _ladder_mail(to=None):
    return [m for m in mail.outbox if "ladder" in m.subject.lower() and (to is None or m.to == [to.email])]


def test_the_defender_hears_of_the_challenge_once_with_the_match_and_the_ladder(ladder, five, on_commit):
    with on_commit():
        match = challenge_on_ladder(ladder, five[4], "p2")
    [email] = _ladder_mail()
    assert email.to == [five[1].email]
    assert email.subject.startswith(f"p5 challenges you on the {ladder}")
    assert "cannot be declined" in email.body and match.get_absolute_url() in email.body
    assert ladder.get_absolute_url() in email.body and "place 2 of 5" in email.body
    assert "3 days" in email.body or "bank" in email.body.lower()
    jobs.sweep()
    assert len(_ladder_mail()) == 1


def test_everyone_passed_by_a_winning_challenger_hears_their_new_place_once(ladder, five, on_commit):
    match = both_move(challenge_on_ladder(ladder, five[4], "p2"))
    mail.outbox.clear()
    with on_commit():
        endings.resign(match.pk, five[1])
    passed = _ladder_mail()
    assert sorted(m.to[0] for m in passed) == sorted(p.email for p in five[1:4])
    [to_p2] = _ladder_mail(five[1])
    assert to_p2.subject == f"p5 passed you on the {ladder}: you are on place 3"
    assert "from place 2 to 3" in to_p2.body
    jobs.sweep()
    assert len(_ladder_mail()) == 3


def test_a_moderators_adjustment_and_an_idle_drop_tell_the_player_where_and_why(ladder, five, on_commit):
    with on_commit():
        adjust(ladder, five[0], 3, "Placed by mistake")
    [email] = _ladder_mail()
    assert email.to == [five[0].email] and "from place 1 to 3" in email.body and "Placed by mistake" in email.body
    mail.outbox.clear()
    later = timezone.now() + 31 * DAY
    Rung.objects.exclude(player=five[0]).update(last_ended_at=later)  # only p1 is idle
    with time_machine.travel(later, tick=False), on_commit():
        sweep_idle()
    [dropped] = _ladder_mail()
    assert dropped.to == [five[0].email]
    assert dropped.subject == f"Idle for 1 month on the {ladder}: you dropped to place 4"
    assert "from place 3 to 4" in dropped.body


def test_the_idle_warning_goes_once_a_week_before_removal(ladder, five, on_commit):
    start = timezone.now()
    for days in (83, 84, 85):
        with time_machine.travel(start + days * DAY, tick=False), on_commit():
            sweep_idle()
    warnings = [m for m in mail.outbox if "unless you play" in m.subject]
    assert sorted(m.to[0] for m in warnings) == sorted(p.email for p in five)
    assert "in 7 days" in warnings[0].subject


@pytest.mark.parametrize("kind", LADDER_KINDS)
def test_each_ladder_email_is_a_choice_on_the_settings_page_and_its_unsubscribe_link_stops_it(five, kind):
    client = Client()
    client.force_login(five[0])
    assert f'name="{kind}"' in client.get(reverse("player_settings")).content.decode()
    preferences = EmailPreferences.objects.create(user=five[0])
    assert preferences.wants(kind)
    preferences.turn_off(kind)
    assert not preferences.wants(kind)


def test_a_player_who_switched_challenged_emails_off_gets_none(ladder, five, on_commit):
    EmailPreferences.objects.create(user=five[1], ladder_challenged=False)
    with on_commit():
        challenge_on_ladder(ladder, five[4], "p2")
    assert _ladder_mail() == []


def test_the_ladder_pushes_say_it_in_a_line_and_lead_to_the_match_or_the_ladder(ladder, five):
    for player in five[1:4]:
        PushSubscription.objects.create(user=player, endpoint=f"https://push.example/{player}", p256dh="k", auth="a")
    match = challenge_on_ladder(ladder, five[4], "p2")
    [job] = Job.objects.filter(key__startswith="push:", key__contains=":ladder_challenged:")
    message = message_for(job.payload, five[1])
    assert message["title"] == str(ladder) and message["body"].startswith("p5 challenges you: the match has started")
    assert message["url"] == match.get_absolute_url()
    endings.resign(both_move(match).pk, five[1])
    passed = Job.objects.filter(key__startswith="push:", key__contains=":ladder_passed:")
    assert sorted(job.payload["user"] for job in passed) == sorted(p.pk for p in five[1:4])
    job = passed.get(payload__user=five[1].pk)
    message = message_for(job.payload, five[1])
    assert message["body"] == "p5 passed you: you are on place 3." and message["url"] == ladder.get_absolute_url()


def test_each_ladder_push_is_a_choice_on_the_push_settings(five):
    preferences = PushPreferences.objects.create(user=five[0], ladder_passed=False)
    PushSubscription.objects.create(user=five[0], endpoint="https://push.example/p1", p256dh="k", auth="a")
    assert not wants_push(five[0], "ladder_passed") and wants_push(five[0], "ladder_idle")
    assert all(hasattr(preferences, kind) for kind in LADDER_KINDS)


def test_the_unsubscribe_link_of_a_ladder_email_stops_that_kind_only(ladder, five, on_commit):
    with on_commit():
        challenge_on_ladder(ladder, five[4], "p2")
    [email] = _ladder_mail()
    link = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert email.extra_headers["List-Id"].startswith("Daymove ladder challenged emails")
    assert Client().post(link.removeprefix(settings.SITE_URL)).status_code == 200
    preferences = EmailPreferences.objects.get(user=five[1])
    assert not preferences.ladder_challenged and preferences.ladder_passed and preferences.challenges


def test_a_warning_sent_late_gives_the_player_a_full_week(ladder, five, on_commit):
    start = timezone.now()
    with time_machine.travel(start + 100 * DAY, tick=False), on_commit():
        sweep_idle()  # the first sweep since everyone joined: 100 idle days, never warned
    assert len(Rung.objects.filter(ladder=ladder)) == 5  # nobody removed before their warning
    warnings = [m for m in mail.outbox if "unless you play" in m.subject]
    assert len(warnings) == 5 and "in 7 days" in warnings[0].subject
    assert (start + 107 * DAY).strftime("%-d %B %Y") in warnings[0].body
