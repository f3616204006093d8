"""Emails: your turn, reminders, game over, challenges, the digest; once per key, one-click unsubscribe."""

import base64
import json
from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.clocks import vacations
from daymove.notify.digest import record_digests
from daymove.notify.models import EmailPreferences
from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.play.draws import decline_draw
from daymove.round import challenges, draws, endings, moves
from games.registry import all_games
from tests.factories import UserFactory
from tests.support.clocks import DAY, T0, play_one, set_zone, start
from tests.support.turn_emails import grace, past_the_grace


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run after-commit hand-overs (Celery is eager in tests, so jobs run at once)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def prefer(user, **choices):
    EmailPreferences.objects.update_or_create(user=user, defaults=choices)


def html_of(message) -> str:
    [(html, kind)] = message.alternatives
    assert kind == "text/html"
    return html


def test_your_turn_email_names_the_move_links_the_match_and_gives_the_local_deadline(alice, bob, on_commit):
    set_zone(bob, "Europe/Paris")
    with time_machine.travel(T0, tick=False) as traveller:
        with on_commit():
            match = start(alice, bob)
        traveller.shift(timedelta(hours=1))
        with on_commit():
            match = play_one(match)
        assert not [m for m in to(bob) if m.subject.startswith("Your turn")]  # it waits for bob to have a look
        past_the_grace()
    [email] = [m for m in to(bob) if m.subject.startswith("Your turn")]
    last = match.moves.get(ply=0).notation
    assert email.subject == f"Your turn: Abande #{match.pk} against alice"
    assert f"alice played {last} in Abande #{match.pk}" in email.body
    assert f"http://127.0.0.1:8000/m/{match.pk}/" in email.body
    assert "Move by Thursday 5 March 2026, 14:00 CET." in email.body  # 13:00 UTC
    assert f"<strong>{last}</strong>" in html_of(email) and "14:00 CET" in html_of(email)
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert email.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/email/unsubscribe/")
    assert email.extra_headers["List-Id"] == "Daymove your turn emails <your-turn.daymove.localhost>"
    assert "http://127.0.0.1:8000/settings/" in email.body and "/settings/" in html_of(email)


def test_each_email_is_sent_once_per_key_even_when_its_job_runs_again(alice, bob, on_commit):
    with on_commit():
        match = start(alice, bob)
    with on_commit():
        play_one(match)
    past_the_grace()
    sent = len(mail.outbox)
    job = Job.objects.get(key=f"mail:{match.pk}:1:your_turn:{bob.pk}")
    assert job.status == Job.Status.DONE
    jobs.run(job.pk)  # a redelivered task finds it done
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)  # in another worker's hands
    jobs.run(job.pk)
    assert len(mail.outbox) == sent
    # Recording the same email again (a retried transaction) finds the key and records nothing.
    assert jobs.record("email", job.key, job.payload).pk == job.pk
    assert Job.objects.filter(key=job.key).count() == 1


def test_the_challenger_is_told_when_they_move_first_and_the_acceptor_is_not(alice, bob, carol, on_commit):
    with on_commit():
        start(alice, bob, seat=0)  # alice (challenger) moves first
        start(alice, carol, seat=1)  # carol accepted and moves first: she is on the page
    assert [m.subject for m in to(alice) if "Your turn" in m.subject] != []
    assert "has started, and you move first" in to(alice)[-1].body
    assert not [m for m in to(carol) if "Your turn" in m.subject]


def test_a_draw_offer_made_while_the_opponent_is_to_move_is_emailed_once(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False):
        with on_commit():
            match = play_one(start(alice, bob))  # bob to move
        before = len(to(bob))
        with on_commit():
            draws.offer_draw(match.pk, alice)
            decline_draw(match.pk, bob)
            draws.offer_draw(match.pk, alice)  # again in the same ply: no second email
    [email] = to(bob)[before:]
    assert email.subject == f"alice offers a draw: Abande #{match.pk}"
    assert "if you move without accepting it, the offer lapses" in email.body
    assert f"http://127.0.0.1:8000/m/{match.pk}/" in email.body and "Your move is due by" in email.body
    assert "offers a draw" in html_of(email)
    assert not [m for m in to(alice) if "draw" in m.subject]


def test_a_draw_offer_answered_by_a_move_before_its_email_goes_sends_nothing(alice, bob):
    match = play_one(start(alice, bob))  # bob to move; the after-commit hand-over never runs here
    draws.offer_draw(match.pk, alice)
    play_one(match)  # bob moves: the offer lapses
    before = len(mail.outbox)
    jobs.run(Job.objects.get(key=f"mail:{match.pk}:1:draw_offer:{bob.pk}").pk)
    assert len(mail.outbox) == before


def test_an_offer_made_on_the_offerers_turn_rides_on_the_your_turn_email(alice, bob, carol, on_commit):
    prefer(carol, turn_emails="digest", digest_hour=0)
    with on_commit():
        match = start(alice, bob)  # alice to move
        draws.offer_draw(match.pk, alice)
        play_one(match)
        other = play_one(start(alice, carol))  # carol to move
        draws.offer_draw(other.pk, alice)
    past_the_grace()
    assert not [m for m in to(bob) if "offers a draw:" in m.subject]
    [turn] = [m for m in to(bob) if m.subject.startswith("Your turn")]
    assert "alice offers a draw: accept or decline it on the match page." in turn.body
    assert "offers a draw" in html_of(turn)
    assert to(carol) == []  # digest readers get no separate offer email...
    with on_commit():
        record_digests()
    [digest] = to(carol)
    assert f"#{other.pk} against alice" in digest.body and "(alice offers a draw)" in digest.body


def test_challenge_received_email(alice, bob, on_commit):
    with on_commit():
        challenges.create_challenge(
            alice, "abande", {"board": "hex"}, "bob", rated=False, time_control={"kind": "per_move", "days": 7}
        )
    [email] = to(bob)
    assert email.subject == "alice challenges you to Abande"
    assert "7 days per move" in email.body and "http://127.0.0.1:8000/" in email.body


def test_unverified_addresses_get_nothing(alice, on_commit):
    dave = UserFactory(username="dave", verified=False)
    with on_commit():
        challenges.create_challenge(alice, "abande", {}, "dave", rated=False)
        match = start(alice, dave, seat=0)
        play_one(match)
        endings.resign(match.pk, dave)
    assert to(dave) == []
    assert to(alice)  # alice's address is verified: she does get hers


def test_game_over_email_to_both_players(alice, bob, on_commit):
    with on_commit():
        match = start(alice, bob)
        play_one(match)
    mail.outbox.clear()
    with on_commit():
        endings.resign(match.pk, bob)
    assert [m.subject for m in to(alice)] == [f"You won: Abande #{match.pk} against bob"]
    assert [m.subject for m in to(bob)] == [f"You lost: Abande #{match.pk} against alice"]
    assert "is over. alice won: bob resigned." in to(bob)[0].body


def test_bots_get_no_email_and_their_human_opponents_no_turn_emails(alice, bot, on_commit):
    with on_commit():
        challenge = challenges.create_challenge(alice, "abande", {}, bot.username, creator_seat=1, rated=False)
    with on_commit():
        endings.resign(challenge.match.pk, alice)
    assert mail.outbox == []


def test_hidden_information_your_turn_email_shows_only_what_the_recipient_may_see(alice, bob, on_commit):
    assert "ci-sequence" in all_games()
    with on_commit():
        match = start(alice, bob, game="ci-sequence", seat=0)
    rules = match.rules
    state = match.position()
    # A placement whose tile bob cannot name: his history shows it redacted.
    for text in rules.legal_move_strings(state):
        if "@" in text and rules.visibility.history_for(rules.play(state, text), 1, [text])[-1] != text:
            break
    else:
        pytest.fail("no hidden placement to test with")
    seen_by_bob = rules.visibility.history_for(rules.play(state, text), 1, [text])[-1]
    with on_commit():
        moves.submit_move(match.pk, alice, text, 0)
    past_the_grace()
    [email] = [m for m in to(bob) if "Your turn" in m.subject]
    assert f"alice played {seen_by_bob}" in email.body and seen_by_bob in html_of(email)
    assert text not in email.body and text not in html_of(email)


def test_reminder_at_the_default_threshold_once_and_not_after_moving(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False) as traveller:
        with on_commit():
            match = start(alice, bob)  # alice's deadline: T0 + 3 days
        job = Job.objects.get(key=f"mail:{match.pk}:0:reminder-24h:{alice.pk}")
        assert job.run_after == T0 + 2 * DAY
        traveller.move_to(T0 + 2 * DAY - timedelta(minutes=1))
        jobs.sweep()
        assert not [m for m in to(alice) if m.subject.startswith("Reminder")]
        traveller.move_to(T0 + 2 * DAY + timedelta(seconds=30))
        jobs.sweep()
        jobs.sweep()
        [reminder] = [m for m in to(alice) if m.subject.startswith("Reminder")]
        assert "about 24 hours left" in reminder.body and "Thu 5 Mar, 12:00 UTC" in reminder.subject
        assert "Place your first stone: click any point." in reminder.body  # what to do now, as on the page
        # bob's reminder never goes out if bob moves before it is due.
        with on_commit():
            play_one(match)
        traveller.shift(2 * DAY)
        with on_commit():
            play_one(match)
        traveller.shift(2 * DAY)
        jobs.sweep()
    assert not [m for m in to(bob) if m.subject.startswith("Reminder")]


def test_player_chosen_thresholds_and_vacation_moves_the_reminders(alice, bob, on_commit):
    prefer(alice, reminder_hours=[2, 48])
    with time_machine.travel(T0, tick=False) as traveller:
        with on_commit():
            match = start(alice, bob)
        keys = set(Job.objects.filter(key__contains="reminder").values_list("key", flat=True))
        assert keys == {f"mail:{match.pk}:0:reminder-2h:{alice.pk}", f"mail:{match.pk}:0:reminder-48h:{alice.pk}"}
        vacations.book_vacation(alice, date(2026, 3, 3), date(2026, 3, 3))  # one more day
        run_after = dict(Job.objects.filter(key__contains="reminder").values_list("payload__hours", "run_after"))
        assert run_after == {2: T0 + 4 * DAY - timedelta(hours=2), 48: T0 + 2 * DAY}
        traveller.move_to(T0 + 4 * DAY - timedelta(hours=1))
        jobs.sweep()
    assert sorted(m.subject[:8] for m in to(alice) if m.subject.startswith("Reminder")) == ["Reminder"] * 2


def test_a_threshold_longer_than_the_turn_sends_no_reminder(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False), on_commit():
        start(alice, bob, {"kind": "per_move", "days": 1})  # 24 h to move: the turn email says it all
    assert not Job.objects.filter(key__contains="reminder").exists()


def test_turned_off_kinds_are_not_sent(alice, bob, on_commit):
    prefer(bob, turn_emails="off", challenges=False, game_over=False, reminders=False)
    with on_commit():
        challenges.create_challenge(alice, "abande", {}, "bob", rated=False)
        match = start(alice, bob)
        play_one(match)
        endings.resign(match.pk, alice)
    past_the_grace()
    assert to(bob) == []


@pytest.mark.parametrize("method", ["one-click", "button"])
def test_one_click_unsubscribe_without_login_or_csrf(alice, bob, on_commit, method):
    with on_commit():
        match = start(alice, bob)
        play_one(match)
    past_the_grace()
    [email] = [m for m in to(bob) if "Your turn" in m.subject]
    url = email.extra_headers["List-Unsubscribe"].strip("<>").removeprefix("http://127.0.0.1:8000")
    client = Client(enforce_csrf_checks=True)
    page = client.get(url)  # link checkers fetch links: a GET changes nothing
    assert page.status_code == 200 and "Stop “your turn” emails?" in page.content.decode()
    assert EmailPreferences.objects.filter(user=bob).count() == 0
    data = {"List-Unsubscribe": "One-Click"} if method == "one-click" else {}
    response = client.post(url, data)
    assert response.status_code == 200 and "no more “your turn” emails" in response.content.decode()
    assert EmailPreferences.objects.get(user=bob).turn_emails == "off"
    mail.outbox.clear()
    with on_commit():
        play_one(match)
        play_one(match)
    past_the_grace()
    assert to(bob) == []
    assert client.post(url.replace("/unsubscribe/", "/unsubscribe/x")).status_code == 400


def test_unsubscribe_tokens_cannot_be_forged(alice):
    from daymove.notify.unsubscribe import make_token

    token = make_token(alice.pk, "reminder")
    # Another user's id in the payload, with alice's signature: refused.
    payload = json.dumps([alice.pk + 1, "reminder"], separators=(",", ":")).encode()
    forged = base64.urlsafe_b64encode(payload).decode().rstrip("=") + token[token.index(":") :]
    assert forged != token
    client = Client()
    assert client.post(reverse("unsubscribe", args=[forged])).status_code == 400
    assert client.post(reverse("unsubscribe", args=["nonsense"])).status_code == 400
    assert client.post(reverse("unsubscribe", args=[token])).status_code == 200
    assert EmailPreferences.objects.get(user=alice).reminders is False


# ---- the daily digest -------------------------------------------------------------------------
def test_digest_replaces_turn_emails_and_arrives_at_the_local_hour_once_a_day(alice, bob, carol, on_commit):
    set_zone(alice, "America/New_York")  # UTC-5 in March (before DST on 8 March)
    set_zone(carol, "Asia/Tokyo")  # UTC+9
    prefer(alice, turn_emails="digest", digest_hour=8)
    prefer(carol, turn_emails="digest", digest_hour=8)
    with time_machine.travel(datetime(2026, 3, 2, 10, 0, tzinfo=UTC), tick=False) as traveller:
        with on_commit():
            first = start(bob, alice, seat=0)
            play_one(first)  # alice's turn: no email, she has the digest
            second = start(bob, carol, seat=0)
            play_one(second)
        assert to(alice) == [] and to(carol) == []
        with on_commit():
            # 05:00 in New York: not yet. 19:00 in Tokyo: today's hour has passed, so carol gets today's now
            # (a beat that was down at 08:00 still sends that day's digest later).
            assert record_digests() == 1
        assert len(to(carol)) == 1 and to(alice) == []
        traveller.move_to(datetime(2026, 3, 2, 12, 59, tzinfo=UTC))  # 07:59 in New York
        with on_commit():
            assert record_digests() == 0
        traveller.move_to(datetime(2026, 3, 2, 13, 0, tzinfo=UTC))  # 08:00 in New York
        with on_commit():
            assert record_digests() == 1
            assert record_digests() == 0  # one per local day
        [digest] = to(alice)
        assert digest.subject.startswith("Daymove: 1 match waiting for your move")
        assert f"#{first.pk} against bob" in digest.body and "bob played" in digest.body
        traveller.move_to(datetime(2026, 3, 2, 23, 0, tzinfo=UTC))  # 08:00 on 3 March in Tokyo
        with on_commit():
            assert record_digests() == 1
        assert [m.subject.split(",")[0] for m in to(carol)] == ["Daymove: 1 match waiting for your move"] * 2
        traveller.move_to(datetime(2026, 3, 3, 13, 30, tzinfo=UTC))  # the next day in New York
        with on_commit():
            assert record_digests() == 1
    assert len(to(alice)) == 2
    assert Job.objects.filter(key=f"digest:{alice.pk}:2026-03-02").exists()


def test_a_digest_with_nothing_waiting_sends_nothing(alice, on_commit):
    prefer(alice, turn_emails="digest", digest_hour=0)
    with on_commit():
        assert record_digests() == 1
    assert to(alice) == []


# ---- never lost, never doubled ------------------------------------------------------------------
def test_with_the_broker_down_moves_succeed_and_the_sweep_sends_each_email_once(alice, bob, carol, on_commit):
    refused = mock.patch("daymove.outbox.tasks.run_job.apply_async", side_effect=OSError("connection refused"))
    with time_machine.travel(T0, tick=False) as traveller:
        with refused, on_commit():
            challenges.create_challenge(carol, "abande", {}, "bob", rated=False)
            match = start(alice, bob)
            match = play_one(match)  # bob's turn
            other = start(carol, alice, seat=1)  # alice moves first
            play_one(other)  # carol's turn
            endings.resign(other.pk, carol)
        assert match.ply == 1 and mail.outbox == []
        pending = set(Job.objects.filter(status=Job.Status.PENDING, kind="email").values_list("key", flat=True))
        assert len(pending) >= 5
        traveller.shift(grace())  # the turn email waited for bob to look; nobody did
        jobs.sweep()
        jobs.sweep()
    sent = [(m.to[0], m.subject) for m in mail.outbox]
    assert len(sent) == len(set(sent))
    assert ("bob@example.com", f"Your turn: Abande #{match.pk} against alice") in sent
    assert ("bob@example.com", "carol challenges you to Abande") in sent
    assert ("alice@example.com", f"You won: Abande #{other.pk} against carol") in sent
    assert ("carol@example.com", f"You lost: Abande #{other.pk} against alice") in sent
    # The turn email to carol was due while she had the move; the match is over now, so it is stale.
    assert not Job.objects.filter(kind="email", status=Job.Status.PENDING, run_after__lte=T0).exists()


# ---- settings ---------------------------------------------------------------------------------
def test_settings_page_saves_time_zone_and_email_choices(alice, bob):
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("player_settings")).content.decode()
    assert "Time zone" in page and "Europe/Paris" in page and "Vacation" in page and "Calendar feed" in page
    response = client.post(
        reverse("player_settings"),
        {
            "time_zone": "Europe/Paris",
            "turn_emails": "digest",
            "digest_hour": "7",
            "reminders": "on",
            "reminder_hours": ["2", "48"],
            "game_over": "on",
        },
    )
    assert response.status_code == 302
    alice.player.refresh_from_db()
    preferences = EmailPreferences.objects.get(user=alice)
    assert alice.player.time_zone == "Europe/Paris"
    assert (preferences.turn_emails, preferences.digest_hour, preferences.reminder_hours) == ("digest", 7, [2, 48])
    assert (preferences.game_over, preferences.challenges) == (True, False)
    bad = client.post(
        reverse("player_settings"), {"time_zone": "Mars/Olympus", "turn_emails": "each", "digest_hour": "7"}
    )
    assert bad.status_code == 400
    alice.player.refresh_from_db()
    assert alice.player.time_zone == "Europe/Paris"


def test_changing_thresholds_reschedules_reminders_of_waiting_matches(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False):
        with on_commit():
            match = start(alice, bob)
        client = Client()
        client.force_login(alice)
        client.post(
            reverse("player_settings"),
            {
                "time_zone": "UTC",
                "turn_emails": "each",
                "digest_hour": "8",
                "reminders": "on",
                "reminder_hours": ["24", "4"],
            },
        )
    assert Job.objects.filter(
        key=f"mail:{match.pk}:0:reminder-4h:{alice.pk}", run_after=T0 + 3 * DAY - timedelta(hours=4)
    ).exists()


def test_sign_up_keeps_the_time_zone_guessed_by_the_browser(client, db):
    page = client.get(reverse("account_signup")).content.decode()
    assert 'name="time_zone"' in page and "data-guess-zone" in page and "js/timezone.js" in page
    response = client.post(
        reverse("account_signup"),
        {
            "username": "erin",
            "email": "erin@example.com",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
            "time_zone": "Australia/Sydney",
        },
    )
    assert response.status_code == 302
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.get(username="erin").player.time_zone == "Australia/Sydney"
    client.post(reverse("account_logout"))
    client.post(
        reverse("account_signup"),
        {
            "username": "frank",
            "email": "frank@example.com",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
            "time_zone": "Nowhere/Special",
        },
    )
    assert get_user_model().objects.get(username="frank").player.time_zone == "UTC"


def test_message_id_is_fixed_by_the_job():
    from daymove.notify.emails import message_id

    payload = {"kind": "your_turn", "user": 3, "match": 7, "ply": 12}
    assert message_id(payload) == message_id(dict(reversed(payload.items())))
    assert message_id(payload) != message_id(payload | {"ply": 13})
    assert message_id(payload).startswith("<") and message_id(payload).endswith(">")
