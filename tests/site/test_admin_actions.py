"""Admin actions on matches, players and chat: each does its one thing, is logged, and hides secrets."""

import random
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.outbox.models import Job
from daymove.play import endings, moves
from daymove.play.models import Match
from daymove.ratings.models import RatingChange
from daymove.talk.models import ChatMessage
from tests.factories import MatchFactory, UserFactory


@pytest.fixture
def staff(db):
    user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


def _act(client, action, objects, model="play/match"):
    url = f"/admin/{model}/"
    return client.post(url, {"action": action, "_selected_action": [o.pk for o in objects]}, follow=True)


def _logged(obj) -> list[str]:
    return [entry.get_change_message() for entry in LogEntry.objects.filter(object_id=str(obj.pk))]


def test_abort_ends_without_result_or_rating(staff, match):
    _act(staff, "abort", [match])
    match.refresh_from_db()
    assert (match.status, match.result_reason) == (Match.Status.ABORTED, "aborted-by-admin")
    assert not RatingChange.objects.exists()
    assert _logged(match) == ["Aborted"]


def test_declare_a_result_is_rated_once(staff, match, alice):
    _act(staff, "declare_second_seat_won", [match])
    _act(staff, "declare_first_seat_won", [match])  # already over: refused, nothing changes
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, 1, "declared-by-admin")
    assert RatingChange.objects.filter(match=match).count() == 2
    assert _logged(match) == ["Declared a win for the second seat"]


def test_extend_a_deadline(staff, match):
    now = timezone.now()
    MatchClock.objects.create(
        match=match, running_seat=0, turn_started=now, days_per_move=3, deadline0=now + timedelta(days=3)
    )
    _act(staff, "extend_three_days", [match])
    clock = MatchClock.objects.get(match=match)
    assert clock.deadline0 == now + timedelta(days=6)
    assert _logged(match) == ["Extended the deadline by 3 days"]
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
    notations = list(match.moves.values_list("notation", flat=True))
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
