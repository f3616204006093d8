"""No turn email to someone who is looking: a turn email waits a grace and is dropped if the player saw the position.

The first turn email of a match and the reminders do not wait; nor does anything change for digest readers.
"""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.notify.models import EmailPreferences, SeenPosition
from daymove.outbox import jobs
from daymove.outbox.models import Job
from tests.support.clocks import DAY, T0, play_one, start
from tests.support.turn_emails import grace, past_the_grace


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def turn_emails_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("Your turn")]


def looks_at(user, match, **params):
    client = Client()
    client.force_login(user)
    response = client.get(match.get_absolute_url(), params)
    assert response.status_code == 200
    return client


def bob_to_move(alice, bob, on_commit):
    with on_commit():
        match = start(alice, bob)
    with on_commit():
        return play_one(match)  # alice moved: bob's turn email waits


def test_a_turn_email_is_not_sent_when_the_player_saw_the_position_within_the_grace(alice, bob, on_commit):
    match = bob_to_move(alice, bob, on_commit)
    job = Job.objects.get(key=f"mail:{match.pk}:1:your_turn:{bob.pk}")
    assert job.status == Job.Status.PENDING and turn_emails_to(bob) == []  # not sent at the move
    looks_at(bob, match)
    past_the_grace()
    assert turn_emails_to(bob) == []
    job.refresh_from_db()
    assert job.status == Job.Status.DONE  # run, and dropped: its news was seen


def test_the_live_play_area_counts_as_a_look(alice, bob, on_commit):
    with on_commit():
        match = start(alice, bob)
    client = looks_at(bob, match)  # bob has the page open while alice moves
    with on_commit():
        match = play_one(match)
    part = client.get(
        reverse("match_part", args=[match.pk, "play"]), {"ply": 0, "status": "active"}, HTTP_HX_REQUEST="true"
    )
    assert part.status_code == 200
    past_the_grace()
    assert turn_emails_to(bob) == []


def test_a_turn_email_is_sent_after_the_grace_when_the_player_did_not_look(alice, bob, carol, on_commit):
    with time_machine.travel(T0, tick=False) as traveller:
        match = bob_to_move(alice, bob, on_commit)
        looks_at(alice, match)  # the opponent looking changes nothing
        looks_at(bob, match, at=0)  # nor does bob replaying an earlier position
        traveller.shift(grace() - timedelta(seconds=2))
        jobs.sweep()
        assert turn_emails_to(bob) == []  # not before the grace is over
        traveller.shift(timedelta(seconds=2))
        jobs.sweep()
    [email] = turn_emails_to(bob)
    assert email.subject == f"Your turn: Abande #{match.pk} against alice"


def test_a_look_at_an_older_position_does_not_drop_the_newer_turn_email(alice, bob, on_commit):
    match = bob_to_move(alice, bob, on_commit)
    looks_at(bob, match)
    with on_commit():
        play_one(match)  # bob moves (his email is stale now)
    with on_commit():
        match = play_one(match)  # alice moves: bob's next turn email waits; bob saw only ply 1
    assert SeenPosition.objects.get(match=match, user=bob).ply == 1
    past_the_grace()
    [email] = turn_emails_to(bob)
    assert f"#{match.pk}" in email.subject and Job.objects.get(key=f"mail:{match.pk}:3:your_turn:{bob.pk}")


def test_a_turn_email_is_dropped_if_the_player_moved_meanwhile(alice, bob, on_commit):
    match = bob_to_move(alice, bob, on_commit)
    with on_commit():
        play_one(match)  # by email, say: bob never opened the page
    past_the_grace()
    assert turn_emails_to(bob) == []


def test_the_first_turn_email_and_the_reminders_do_not_wait(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False) as traveller:
        with on_commit():
            match = start(alice, bob)  # alice challenged and moves first
        [first] = turn_emails_to(alice)  # at once, not after a grace
        assert "has started, and you move first" in first.body
        reminder = Job.objects.get(key=f"mail:{match.pk}:0:reminder-24h:{alice.pk}")
        assert reminder.run_after == T0 + 2 * DAY  # 24 hours before the deadline, as before
        looks_at(alice, match)  # a look does not stop a reminder: she has still not moved
        traveller.move_to(T0 + 2 * DAY + timedelta(seconds=30))
        jobs.sweep()
    assert [m for m in mail.outbox if m.to == [alice.email] and m.subject.startswith("Reminder")]


def test_a_look_is_one_conditional_update_of_one_row(alice, bob, on_commit, django_assert_max_num_queries):
    match = bob_to_move(alice, bob, on_commit)
    assert SeenPosition.objects.get(match=match, user=bob).ply == 0  # made with the waiting email
    looks_at(bob, match)
    looks_at(bob, match)
    assert list(SeenPosition.objects.values_list("user", "ply")) == [(bob.pk, 1)]
    from daymove.notify.looks import saw_position

    with django_assert_max_num_queries(1):
        saw_position(match, bob)


def test_digest_readers_get_no_turn_email_and_their_digest_is_unchanged(alice, bob, on_commit):
    EmailPreferences.objects.create(user=bob, turn_emails="digest", digest_hour=0)
    match = bob_to_move(alice, bob, on_commit)
    assert not Job.objects.filter(key__contains=":your_turn:").exclude(key__contains=":0:").exists()
    assert not SeenPosition.objects.filter(match=match).exists()
