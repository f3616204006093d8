"""Reports go to the admin's queue; each decision (warn, mute, close, annul, dismiss) is carried out and logged."""

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.errors import NotFound, Refused
from daymove.moderation import actions as moderation
from daymove.moderation.models import ModerationAction, Report
from daymove.moderation.reports import file_report
from daymove.play.models import Challenge, Match
from daymove.ratings.models import Rating, RatingChange
from daymove.ratings.updates import ratings_for
from daymove.round.endings import resign
from daymove.talk.services import post_message
from tests.factories import PASSWORD, MatchFactory, UserFactory


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def moderator(db):
    return UserFactory(username="moderator", is_staff=True, is_superuser=True)


@pytest.fixture
def insult(alice, bob):
    match = MatchFactory(player0=alice, player1=bob)
    return post_message(match, alice, "you play like a potato")


def decide(moderator, report, **decision):
    """Post a decision on the report's admin page, as a moderator does."""
    url = reverse("admin:moderation_report_change", args=[report.pk])
    response = _client(moderator).post(url, {"mute_days": "7", "message": ""} | decision)
    assert response.status_code == 302, response.content.decode()[-3000:]
    report.refresh_from_db()
    return response


def test_report_a_chat_line_then_the_queue_then_a_warning_logged_and_read(alice, bob, moderator, insult):
    client = _client(bob)
    form_url = reverse("report_player", args=["alice"]) + f"?chat={insult.pk}"
    match_page = client.get(insult.match.get_absolute_url()).content.decode()
    assert form_url.replace("&", "&amp;") in match_page  # the "Report" link beside alice's line
    page = client.get(form_url).content.decode()
    assert "you play like a potato" in page
    response = client.post(
        reverse("report_player", args=["alice"]), {"reason": "chat", "details": "rude", "chat": insult.pk}
    )
    assert response.status_code == 302 and response.url == insult.match.get_absolute_url()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.chat_message, report.match) == (bob, alice, insult, insult.match)

    admin = _client(moderator)
    queue = admin.get(reverse("admin:moderation_report_changelist")).content.decode()
    assert "you play like a potato" in queue and "alice" in queue
    detail = admin.get(reverse("admin:moderation_report_change", args=[report.pk])).content.decode()
    assert "← reported" in detail and "rude" in detail

    decide(moderator, report, decision="warn", message="Please keep the chat friendly.")
    assert report.status == Report.Status.ACTED and report.closed_by == moderator
    action = ModerationAction.objects.get()
    assert (action.kind, action.target, action.moderator, action.report) == ("warn", alice, moderator, report)
    assert LogEntry.objects.filter(object_id=str(report.pk), change_message__contains="Warn the player").exists()

    lobby = _client(alice).get(reverse("lobby")).content.decode()
    assert "A warning from the moderators" in lobby and "Please keep the chat friendly." in lobby
    assert "Please keep the chat friendly." not in _client(bob).get(reverse("lobby")).content.decode()
    _client(alice).post(reverse("acknowledge_warning", args=[action.pk]))
    assert "Please keep the chat friendly." not in _client(alice).get(reverse("lobby")).content.decode()


def test_mute_keeps_the_player_out_of_chat_until_lifted(alice, bob, moderator, insult, time_machine):
    report = file_report(bob, "alice", "chat", chat_id=insult.pk)
    decide(moderator, report, decision="mute", mute_days="3")
    with pytest.raises(Refused, match="A moderator has muted your chat until"):
        post_message(insult.match, alice, "sorry")
    assert "A moderator has muted your chat" in _client(alice).get(insult.match.get_absolute_url()).content.decode()
    post_message(insult.match, bob, "bob may still write")
    mute = ModerationAction.objects.get(kind="mute")
    admin = _client(moderator)
    admin.post(
        reverse("admin:moderation_moderationaction_changelist"), {"action": "lift_mutes", "_selected_action": [mute.pk]}
    )
    post_message(insult.match, alice, "sorry")
    assert ModerationAction.objects.filter(kind="unmute", target=alice, moderator=moderator).exists()
    # A mute ends by itself, too.
    moderation.mute(alice, moderator, 1)
    time_machine.move_to(timezone.now() + timedelta(days=1, seconds=1))
    post_message(insult.match, alice, "back again")


def test_close_account_resigns_matches_withdraws_challenges_and_stops_logins(alice, bob, carol, moderator):
    active = MatchFactory(player0=alice, player1=carol)
    challenge = Challenge.objects.create(game="abande", options={}, creator=alice, rated=False)
    report = file_report(bob, "alice", "name")
    decide(moderator, report, decision="close")
    alice.refresh_from_db()
    active.refresh_from_db()
    challenge.refresh_from_db()
    assert not alice.is_active
    assert (active.status, active.winner, active.result_reason) == (Match.Status.FINISHED, 1, "resignation")
    assert challenge.status == Challenge.Status.CANCELLED
    action = ModerationAction.objects.get(kind="close")
    assert action.details == {"resigned_matches": [active.pk], "withdrawn_challenges": 1}
    response = Client().post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response.url == reverse("account_inactive")


def test_staff_are_not_closed_from_the_queue(alice, moderator):
    report = file_report(alice, "moderator", "other")
    url = reverse("admin:moderation_report_change", args=[report.pk])
    response = _client(moderator).post(url, {"decision": "close", "mute_days": "7"})
    assert response.status_code == 200 and "Staff accounts are not closed" in response.content.decode()
    assert get_user_model().objects.get(pk=moderator.pk).is_active and not ModerationAction.objects.exists()


def ratings(*users) -> dict:
    """Each player's abande rating now (rating, deviation grown by idle time, rated games); newcomers too."""
    rows = ratings_for([u.pk for u in users], "abande")
    now = timezone.now()
    return {
        u.username: (round(rows[u.pk].rating, 6), round(rows[u.pk].current(now).deviation, 3), rows[u.pk].games)
        for u in users
    }


def test_annul_takes_back_the_chosen_games_for_both_sides(alice, bob, carol, moderator):
    sandbagged = MatchFactory(player0=alice, player1=bob, rated=True)
    fair = MatchFactory(player0=alice, player1=carol, rated=True)
    resign(fair.pk, carol)
    before = ratings(alice, bob)
    resign(sandbagged.pk, bob)  # bob "loses" on purpose to alice
    assert ratings(alice, bob) != before
    report = file_report(carol, "alice", "sandbagging")
    decide(moderator, report, decision="annul", games=[str(sandbagged.pk)])
    assert ratings(alice, bob) == before  # exactly as before the annulled game
    assert not RatingChange.objects.filter(match=sandbagged).exists()
    assert RatingChange.objects.filter(match=fair).count() == 2  # the game not chosen stands
    sandbagged.refresh_from_db()
    assert not sandbagged.rated
    action = ModerationAction.objects.get(kind="annul")
    assert action.details["matches"] == [sandbagged.pk] and len(action.details["refunds"]) == 2


def test_annul_after_later_games_gives_back_the_points(alice, bob, carol, moderator):
    first = MatchFactory(player0=alice, player1=bob, rated=True)
    resign(first.pk, bob)
    gained = RatingChange.objects.get(match=first, user=alice).delta
    later = MatchFactory(player0=alice, player1=carol, rated=True)
    resign(later.pk, carol)
    rating_now = Rating.objects.get(user=alice).rating
    moderation.annul_ratings(alice, moderator, [first])
    row = Rating.objects.get(user=alice)
    assert row.rating == pytest.approx(rating_now - gained) and row.games == 1


def test_dismiss_in_bulk_is_logged(alice, bob, carol, moderator):
    reports = [file_report(bob, "alice", "other"), file_report(carol, "alice", "other", "spam")]
    _client(moderator).post(
        reverse("admin:moderation_report_changelist"),
        {"action": "dismiss_reports", "_selected_action": [r.pk for r in reports]},
    )
    assert set(Report.objects.values_list("status", flat=True)) == {Report.Status.DISMISSED}
    assert ModerationAction.objects.filter(kind="dismiss").count() == 2
    assert LogEntry.objects.filter(change_message__contains="Dismiss").count() == 2


def test_who_may_report_what(alice, bob, carol, insult):
    with pytest.raises(NotFound):  # carol never saw that chat line
        file_report(carol, "alice", "chat", chat_id=insult.pk)
    with pytest.raises(NotFound):  # a chat line is reported under its author's name
        file_report(alice, "bob", "chat", chat_id=insult.pk)
    with pytest.raises(Refused, match="yourself"):
        file_report(alice, "alice", "other")
    with pytest.raises(Refused, match="reason"):
        file_report(bob, "alice", "because")
    with pytest.raises(NotFound):
        file_report(bob, "nobody", "other")
    assert _client(carol).get(reverse("report_player", args=["alice"]) + f"?chat={insult.pk}").status_code == 404
    first = file_report(bob, "alice", "chat", chat_id=insult.pk)
    assert file_report(bob, "alice", "chat", chat_id=insult.pk) == first  # a double click is one report
    assert Report.objects.count() == 1


def test_reports_per_hour_are_limited(alice, bob, settings):
    settings.DAYMOVE_REPORTS_PER_HOUR = 2
    file_report(bob, "alice", "other", "one")
    file_report(bob, "alice", "stalling")
    with pytest.raises(Refused, match="sent 2 reports this hour"):
        file_report(bob, "alice", "cheating")
    assert Report.objects.count() == 2
