"""Admin actions on matches, players and chat: each does its one thing, is logged, and hides secrets; history (a
match anything was played or rated in, its moves, its players) is never deleted or edited in the admin."""

import html
import random
import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.live.models import Notice
from daymove.moderation.models import ModerationAction
from daymove.outbox.models import Job
from daymove.play.models import Match, Move
from daymove.ratings.models import Rating, RatingChange
from daymove.round import endings, moves
from daymove.talk.models import ChatMessage
from tests.factories import MatchFactory, UserFactory

REASON = "bob let his clock run for weeks in a lost position (report #12)"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def staff(db):
    user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


def _act(client, action, objects, model="play/match"):
    url = f"/admin/{model}/"
    return client.post(url, {"action": action, "_selected_action": [o.pk for o in objects]}, follow=True)


def _declare(client, action, matches, reason=REASON):
    """The confirmation page's POST: the reason given and confirmed."""
    data = {"action": action, "_selected_action": [m.pk for m in matches], "confirm": "yes", "reason": reason}
    return client.post("/admin/play/match/", data, follow=True)


def _logged(obj) -> list[str]:
    return [entry.get_change_message() for entry in LogEntry.objects.filter(object_id=str(obj.pk))]


def test_abort_ends_without_result_or_rating(staff, match):
    _act(staff, "abort", [match])
    match.refresh_from_db()
    assert (match.status, match.result_reason) == (Match.Status.ABORTED, "aborted-by-admin")
    assert not RatingChange.objects.exists()
    assert _logged(match) == ["Aborted"]


def test_declaring_a_result_asks_for_a_reason_first(staff, match):
    page = _act(staff, "declare_second_seat_won", [match]).content.decode()
    assert "bob won: result declared by a moderator" in page and 'name="reason"' in page and "rated" in page
    page = _declare(staff, "declare_second_seat_won", [match], reason="   ").content.decode()
    assert "This field is required" in page
    match.refresh_from_db()
    assert match.is_active and not RatingChange.objects.exists() and _logged(match) == []
    assert not ModerationAction.objects.exists()


def test_a_declared_result_is_rated_once_and_logged_with_its_reason(staff, match):
    _declare(staff, "declare_second_seat_won", [match])
    _declare(staff, "declare_first_seat_won", [match])  # already over: refused, nothing changes
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, 1, "declared-by-admin")
    assert match.result_note == REASON
    assert RatingChange.objects.filter(match=match).count() == 2
    assert _logged(match) == [f"Declared a win for the second seat (reason: {REASON})"]
    logged = ModerationAction.objects.get()
    assert (logged.kind, logged.match, logged.moderator.username) == ("declare", match, "boss")
    assert logged.message == REASON and logged.details["result"] == "bob won: result declared by a moderator"
    log_page = staff.get(reverse("admin:moderation_moderationaction_changelist")).content.decode()
    assert "Result declared" in log_page and REASON in log_page


@pytest.mark.django_db(transaction=True)
def test_the_reason_shows_on_the_match_page_and_in_the_game_over_email(django_capture_on_commit_callbacks):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    staff = Client()
    staff.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    match = MatchFactory(player0=alice, player1=bob)
    with django_capture_on_commit_callbacks(execute=True):
        _declare(staff, "declare_draw", [match], reason="Both  players asked\nfor a draw by email.")
    line = "Draw declared by a moderator — Both players asked for a draw by email."
    for viewer in (alice, None):
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        page = client.get(match.get_absolute_url()).content.decode()
        assert line in re.sub(r"<[^>]+>", "", page)
    over = [m for m in mail.outbox if m.subject.startswith("Match over")]
    assert {m.to[0] for m in over} == {alice.email, bob.email}
    for email in over:
        for text in (email.body, html.unescape(email.alternatives[0][0])):
            assert "The moderators' reason: Both players asked for a draw by email." in text


def test_a_match_anything_was_played_in_is_never_deleted(staff, match, alice):
    moves.submit_move(match.pk, alice, "d4", 0)
    empty = MatchFactory()
    delete = reverse("admin:play_match_delete", args=[match.pk])
    assert staff.get(delete).status_code == 403 and staff.post(delete, {"post": "yes"}).status_code == 403
    # No bulk delete is offered, and one forged anyway deletes nothing.
    assert 'value="delete_selected"' not in staff.get("/admin/play/match/").content.decode()
    selected = {"action": "delete_selected", "_selected_action": [match.pk, empty.pk], "post": "yes"}
    staff.post("/admin/play/match/", selected)
    move = Move.objects.get(match=match)
    assert staff.post(reverse("admin:play_move_delete", args=[move.pk]), {"post": "yes"}).status_code == 403
    assert (
        Match.objects.filter(pk__in=[match.pk, empty.pk]).count() == 2 and Move.objects.filter(match=match).count() == 1
    )
    # A match nothing was played in goes from its own page (the permission is asked per match).
    staff.post(reverse("admin:play_match_delete", args=[empty.pk]), {"post": "yes"})
    assert not Match.objects.filter(pk=empty.pk).exists()


def test_a_rated_result_with_no_moves_is_not_deleted_either(staff, match, bob):
    endings.resign(match.pk, bob)
    assert RatingChange.objects.filter(match=match).count() == 2
    delete = reverse("admin:play_match_delete", args=[match.pk])
    assert staff.post(delete, {"post": "yes"}).status_code == 403
    for model, pk in (("ratingchange", RatingChange.objects.first().pk), ("rating", Rating.objects.first().pk)):
        assert staff.post(reverse(f"admin:ratings_{model}_delete", args=[pk]), {"post": "yes"}).status_code == 403
    assert Match.objects.filter(pk=match.pk).exists() and RatingChange.objects.count() == 2


def test_deleting_a_player_in_the_admin_never_takes_their_matches(staff, match, alice):
    moves.submit_move(match.pk, alice, "d4", 0)
    assert staff.post(reverse("admin:auth_user_delete", args=[alice.pk]), {"post": "yes"}).status_code == 403
    assert (
        staff.post(reverse("admin:players_player_delete", args=[alice.player.pk]), {"post": "yes"}).status_code == 403
    )
    assert 'value="delete_selected"' not in staff.get("/admin/auth/user/").content.decode()
    staff.post("/admin/auth/user/", {"action": "delete_selected", "_selected_action": [alice.pk], "post": "yes"})
    assert get_user_model().objects.filter(pk=alice.pk).exists() and Move.objects.filter(match=match).exists()


def test_a_matchs_own_page_only_shows_it(staff, match):
    change = reverse("admin:play_match_change", args=[match.pk])
    response = staff.get(change)
    assert response.status_code == 200 and 'name="_save"' not in response.content.decode()
    assert staff.post(change, {"status": "finished"}).status_code == 403
    match.refresh_from_db()
    assert match.is_active


def test_extend_a_deadline_and_open_pages_show_it_at_once(staff, match, alice, bob):
    now = timezone.now()
    MatchClock.objects.create(
        match=match, running_seat=0, turn_started=now, days_per_move=3, deadline0=now + timedelta(days=3)
    )
    Notice.objects.all().delete()
    _act(staff, "extend_three_days", [match])
    clock = MatchClock.objects.get(match=match)
    assert clock.deadline0 == now + timedelta(days=6)
    assert _logged(match) == ["Extended the deadline by 3 days"]
    # The notice that makes an open match page ask for its clock again (hx-trigger="sse:away"), and the lists.
    notices = set(Notice.objects.values_list("topic", "event"))
    assert {(f"match-{match.pk}", "away"), (f"user-{alice.pk}", "turns"), (f"user-{bob.pk}", "turns")} <= notices
    client = Client()
    client.force_login(bob)
    part = client.get(reverse("match_part", args=[match.pk, "clock"]), **HTMX).content.decode()
    shown = clock.deadline0.astimezone(ZoneInfo(bob.player.time_zone)).strftime("%Y-%m-%dT%H:%M:%S%z")
    assert f'datetime="{shown}"' in part
    finished = MatchFactory()
    endings.resign(finished.pk, finished.player0)
    response = _act(staff, "extend_one_day", [finished])
    assert "no running deadline" in response.content.decode() and _logged(finished) == []


def test_check_the_replay(staff, match, alice):
    moves.submit_move(match.pk, alice, "d4", 0)
    response = _act(staff, "check_replay", [match]).content.decode()
    assert "the moves give the stored position" in response
    Match.objects.filter(pk=match.pk).update(ply=5)
    response = _act(staff, "check_replay", [match]).content.decode()
    assert "1 moves recorded but the match is at ply 5" in response
    assert len(_logged(match)) == 2


def test_requeue_a_bot_turn(staff, alice, bot, django_capture_on_commit_callbacks):
    bot_match = MatchFactory(player0=bot, player1=alice)  # the bot moves first; no job was recorded
    assert not Job.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        _act(staff, "requeue_bot_turn", [bot_match])
    bot_match.refresh_from_db()
    assert bot_match.ply == 1  # the job ran (eagerly in tests) and the bot moved
    # A failed job is reset and runs again.
    Job.objects.create(
        kind="bot_turn",
        key=f"bot:{bot_match.pk}:2",
        payload={"match": bot_match.pk, "ply": 2},
        status=Job.Status.FAILED,
        attempts=5,
    )
    moves.submit_move(bot_match.pk, alice, random.choice(bot_match.rules.legal_move_strings(bot_match.position())), 1)
    bot_match.refresh_from_db()
    assert bot_match.ply == 2
    with django_capture_on_commit_callbacks(execute=True):
        _act(staff, "requeue_bot_turn", [bot_match])
    bot_match.refresh_from_db()
    assert bot_match.ply == 3 and Job.objects.get(key=f"bot:{bot_match.pk}:2").status == Job.Status.DONE
    human = MatchFactory()
    assert "No bot is to move" in _act(staff, "requeue_bot_turn", [human]).content.decode()


def test_admin_never_shows_hidden_information(staff, alice, bob):
    match = MatchFactory(game="ci-sequence", player0=alice, player1=bob)
    rng = random.Random(3)
    for _ in range(6):
        match.refresh_from_db()
        moves.submit_move(
            match.pk,
            match.players[match.to_move],
            rng.choice(match.rules.legal_move_strings(match.position())),
            match.ply,
        )
    notations = match.notations()
    secret = [n for n in notations if "@" in n]
    assert secret
    pages = [
        staff.get(f"/admin/play/match/{match.pk}/change/").content.decode(),
        staff.get("/admin/play/match/").content.decode(),
        staff.get("/admin/play/move/").content.decode(),
        _act(staff, "check_replay", [match]).content.decode(),
    ]
    for page in pages:
        for text in secret:
            assert text not in page.replace("&gt;", ">")


def test_disable_a_player_account(staff, alice):
    response = _act(staff, "disable_accounts", [alice.player], model="players/player")
    alice.refresh_from_db()
    assert not alice.is_active and response.status_code == 200
    assert _logged(alice.player) == ["Account disabled"]
    client = Client()
    assert not client.login(username="alice", password="correct-horse-battery")


def test_players_list_shows_ratings(staff, match, bob):
    endings.resign(match.pk, bob)
    page = staff.get("/admin/players/player/").content.decode()
    assert "abande 1" in page and "?" in page


def test_hide_a_chat_message(staff, match, alice):
    message = ChatMessage.objects.create(match=match, author=alice, text="rude")
    _act(staff, "hide", [message], model="talk/chatmessage")
    message.refresh_from_db()
    assert message.hidden and _logged(message) == ["Message hidden"]
    _act(staff, "unhide", [message], model="talk/chatmessage")
    message.refresh_from_db()
    assert not message.hidden
