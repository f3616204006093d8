"""Conditional moves: a player's planned replies are played through the move service the moment the
opponent's move arrives (one email instead of "your turn"), any other move drops the plan and says
which lines went, the owner's clock is charged nothing, and every refusal changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core import mail

from daymove.clocks.models import MatchClock
from daymove.errors import Conflict, Forbidden, Refused
from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.plans import analysis, conditional, trees
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.play import lookups
from daymove.play.models import Move
from daymove.players.signals import account_closing
from daymove.round import challenges, draws, endings, moves
from daymove.round.timeouts import sweep_timeouts
from tests.factories import MatchFactory
from tests.support.clocks import DAY, T0, legal_after, play_one, start
from tests.support.turn_emails import past_the_grace

BANK = {"kind": "bank", "initial": 3, "increment": 1, "cap": 10}


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run after-commit hand-overs (Celery is eager in tests, so jobs run at once)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def to(user, subject_start: str) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith(subject_start)]


def bob_to_move(alice, bob, terms=None):
    """A match in which alice has moved and bob is to move."""
    return play_one(start(alice, bob, terms))


def test_the_planned_reply_is_played_at_once_and_replaces_the_your_turn_email(alice, bob, on_commit):
    match = bob_to_move(alice, bob)
    expected = legal_after(match)[0]
    reply = legal_after(match, expected)[0]
    plan = conditional.plan_line(match.pk, alice, [expected, reply], 0, match.ply)
    assert plan.is_active and plan.tree == [{"m": expected, "c": [{"m": reply, "c": []}]}]
    mail.outbox.clear()
    with on_commit():
        result = moves.submit_move(match.pk, bob, expected, match.ply)

    match = lookups.get_match(match.pk)
    assert match.ply == 3 and match.to_move == 1  # bob's move, then alice's reply, both at once
    assert Move.objects.get(match=match, ply=2).notation == reply
    assert Move.objects.get(match=match, ply=2).seat == 0
    assert result.match.ply == 2  # bob's own result is his move; his page shows the reply on reload
    plan.refresh_from_db()
    assert plan.status == ConditionalPlan.Status.DONE and plan.tree == []
    [email] = to(alice, "Planned reply played")
    assert email.subject == f"Planned reply played: {reply} after {expected} (Abande #{match.pk})"
    assert f"bob played {expected}: your planned reply {reply} was played after it" in email.body
    assert to(alice, "Your turn") == []  # and no "your turn" email, whether recorded or sent
    assert not Job.objects.filter(key__contains=f":your_turn:{alice.pk}").exclude(key__contains=":0:").exists()
    past_the_grace()
    assert len(to(bob, "Your turn")) == 1  # bob hears of the reply as of any move (once the grace passed unseen)


def test_a_deep_plan_advances_and_any_other_move_drops_it_naming_the_lines(alice, bob, on_commit):
    match = bob_to_move(alice, bob)
    first, other = legal_after(match)[:2]
    reply = legal_after(match, first)[0]
    then = legal_after(match, first, reply)[:2]
    second = legal_after(match, first, reply, then[0])[0]
    conditional.plan_line(match.pk, alice, [first, reply, then[0], second], 0, match.ply)
    plan = conditional.plan_line(match.pk, alice, [other, legal_after(match, other)[0]], 1, match.ply)
    assert len(trees.lines(plan.tree)) == 2
    with on_commit():
        moves.submit_move(match.pk, bob, first, match.ply)
    plan.refresh_from_db()
    assert plan.is_active and plan.ply == 3 and plan.tree == [{"m": then[0], "c": [{"m": second, "c": []}]}]

    mail.outbox.clear()
    with on_commit():
        moves.submit_move(match.pk, bob, then[1], 3)  # not what alice expected
    match = lookups.get_match(match.pk)
    assert match.ply == 4 and match.to_move == 0  # nothing played for alice: it is her turn
    plan.refresh_from_db()
    assert plan.status == ConditionalPlan.Status.DROPPED
    assert plan.note == f"Your opponent played {then[1]}, which your plan did not expect. Dropped: {then[0]} {second}."
    [email] = to(alice, "Your plan was dropped")
    assert f"against bob, your plan was dropped. Your opponent played {then[1]}, which your plan" in email.body
    assert f"- {then[0]} {second}" in email.body and "It is your turn." in email.body
    assert to(alice, "Your turn") == []  # one email, not two


def test_a_planned_reply_costs_the_owner_no_time(alice, bob, on_commit):
    with time_machine.travel(T0, tick=False) as traveller:
        match = bob_to_move(alice, bob, BANK)
        expected = legal_after(match)[0]
        conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
        clock = MatchClock.objects.get(match=match)
        alice_bank, bob_bank = clock.bank0, clock.bank1
        traveller.shift(2 * DAY + timedelta(hours=23))  # bob has an hour left
        moves.submit_move(match.pk, bob, expected, match.ply)
        clock.refresh_from_db()
    assert clock.bank0 == alice_bank + DAY  # charged nothing, given the increment
    assert clock.bank1 == bob_bank - 2 * DAY - timedelta(hours=23) + DAY
    assert clock.running_seat == 1 and clock.turn_started == T0 + 2 * DAY + timedelta(hours=23)


def test_a_reply_to_a_timeout_threatened_position_is_played_when_the_move_arrives(alice, bob):
    """alice's bank is nearly empty (half an hour, plus the day each move adds) when bob's move arrives: her reply
    is played with it, at no cost, so the timeout sweep that would have ended her turn finds nothing to end."""
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, BANK)
        traveller.shift(2 * DAY + timedelta(hours=23, minutes=30))  # alice moves with half an hour left
        match = play_one(match)
        expected = legal_after(match)[0]
        conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
        alice_bank = MatchClock.objects.get(match=match).bank0
        assert alice_bank == DAY + timedelta(minutes=30)
        traveller.shift(2 * DAY + timedelta(hours=23))  # bob moves with an hour left
        moves.submit_move(match.pk, bob, expected, match.ply)
        assert MatchClock.objects.get(match=match).bank0 == alice_bank + DAY  # charged nothing
        traveller.shift(DAY + timedelta(minutes=45))  # past the deadline alice's turn would have had; not bob's
        assert sweep_timeouts() == 0
    match = lookups.get_match(match.pk)
    assert match.is_active and match.ply == 3 and match.to_move == 1


def test_cancel_and_remove_line_mean_no_reply(alice, bob):
    match = bob_to_move(alice, bob)
    a, b = legal_after(match)[:2]
    conditional.plan_line(match.pk, alice, [a, legal_after(match, a)[0]], 0, match.ply)
    plan = conditional.plan_line(match.pk, alice, [b, legal_after(match, b)[0]], 1, match.ply)
    plan = conditional.remove_line(match.pk, alice, [a], plan.version)
    assert [line[0] for line in trees.lines(plan.tree)] == [b]
    plan = conditional.remove_line(match.pk, alice, [b, legal_after(match, b)[0]], plan.version)  # the reply
    assert plan.tree == [] and plan.status == ConditionalPlan.Status.CANCELLED  # its move led nowhere: gone too
    plan = conditional.plan_line(match.pk, alice, [a, legal_after(match, a)[0]], plan.version, match.ply)
    plan = conditional.cancel(match.pk, alice, plan.version)
    assert plan.status == ConditionalPlan.Status.CANCELLED and plan.note == "You cancelled your plan."
    moves.submit_move(match.pk, bob, a, match.ply)
    assert lookups.get_match(match.pk).ply == 2  # nothing played for alice


def test_a_new_reply_after_the_same_move_replaces_the_old_one(alice, bob):
    match = bob_to_move(alice, bob)
    a = legal_after(match)[0]
    first, second = legal_after(match, a)[:2]
    conditional.plan_line(match.pk, alice, [a, first], 0, match.ply)
    plan = conditional.plan_line(match.pk, alice, [a, second], 1, match.ply)
    assert plan.tree == [{"m": a, "c": [{"m": second, "c": []}]}]
    moves.submit_move(match.pk, bob, a, match.ply)
    assert Move.objects.get(match=match, ply=2).notation == second


def test_refusals_change_nothing(alice, bob, carol):
    match = bob_to_move(alice, bob)
    a = legal_after(match)[0]
    reply = legal_after(match, a)[0]
    with pytest.raises(Refused, match="It is your turn"):
        conditional.plan_line(match.pk, bob, [reply], 0, match.ply)
    with pytest.raises(Forbidden):
        conditional.plan_line(match.pk, carol, [a, reply], 0, match.ply)
    with pytest.raises(Refused, match="not a legal move"):
        conditional.plan_line(match.pk, alice, [a, "zz9"], 0, match.ply)
    with pytest.raises(Refused, match="needs a reply of yours"):
        conditional.plan_line(match.pk, alice, [a], 0, match.ply)
    with pytest.raises(Refused, match="which version"):
        conditional.plan_line(match.pk, alice, [a, reply], "x", match.ply)
    assert not ConditionalPlan.objects.exists()
    plan = conditional.plan_line(match.pk, alice, [a, reply], 0, match.ply)
    with pytest.raises(Conflict, match="Your plan has changed"):
        conditional.cancel(match.pk, alice, 0)  # a window that saw no plan yet
    plan.refresh_from_db()
    assert plan.is_active and plan.version == 1


def test_a_plan_edited_after_the_reply_was_played_is_refused(alice, bob):
    match = bob_to_move(alice, bob)
    a = legal_after(match)[0]
    reply = legal_after(match, a)[0]
    plan = conditional.plan_line(match.pk, alice, [a, reply], 0, match.ply)
    moves.submit_move(match.pk, bob, a, match.ply)
    with pytest.raises(Conflict):
        conditional.cancel(match.pk, alice, plan.version)
    # A line read from the position before the move and its reply is stale, not illegal: the player is told so.
    with pytest.raises(Conflict, match="Your opponent has moved since you looked"):
        conditional.plan_line(match.pk, alice, [a, reply], plan.version + 1, match.ply)
    assert Move.objects.filter(match=match).count() == match.ply + 2


def test_plans_end_with_the_match(alice, bob):
    match = bob_to_move(alice, bob)
    a = legal_after(match)[0]
    conditional.plan_line(match.pk, alice, [a, legal_after(match, a)[0]], 0, match.ply)
    endings.resign(match.pk, bob)
    plan = ConditionalPlan.objects.get(match=match)
    assert plan.status == ConditionalPlan.Status.DROPPED and plan.note == "The match ended."


def test_a_person_may_pre_answer_a_bot(alice, bot, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenges.create_challenge(alice, "abande", {}, bot.username, creator_seat=0)
    match = lookups.get_match(challenge.match_id)
    match = play_one(match)  # alice moves; the bot's turn is recorded but not run yet
    assert match.to_move == 1
    version = 0
    for expected in legal_after(match):  # a reply to every move the bot may make
        version = conditional.plan_line(
            match.pk, alice, [expected, legal_after(match, expected)[0]], version, match.ply
        ).version
    job = Job.objects.get(key=f"bot:{match.pk}:1")
    with django_capture_on_commit_callbacks(execute=True):
        jobs.run(job.pk)
    bot_move = Move.objects.get(match=match, ply=1).notation
    assert Move.objects.get(match=match, ply=2).notation == legal_after(match, bot_move)[0]
    assert Move.objects.get(match=match, ply=2).seat == 0


def test_hidden_information_conditions_match_what_the_owner_sees(alice, bob):
    """C#I Sequence: alice expects "an orange tile on b2" whatever its symbol, since she cannot see it."""
    match = play_one(MatchFactory(game="ci-sequence", player0=alice, player1=bob))  # alice (moon) placed a tile
    assert "O?@b2" not in legal_after(match)  # not a move anyone can play...
    plan = conditional.plan_line(
        match.pk, alice, ["O?@b2", "Bd@c3"], 0, match.ply
    )  # ...but the move as alice will see it
    assert plan.tree == [{"m": "O?@b2", "c": [{"m": "Bd@c3", "c": []}]}]
    with pytest.raises(Refused, match="not a legal move"):
        conditional.plan_line(match.pk, alice, ["O?@b2", "Bq@c3"], plan.version, match.ply)
    moves.submit_move(match.pk, bob, "Os@b2", match.ply)
    assert Move.objects.get(match=match, ply=2).notation == "Bd@c3"

    other = play_one(MatchFactory(game="ci-sequence", player0=alice, player1=bob))
    conditional.plan_line(other.pk, alice, ["O?@b2", "Bd@c3"], 0, other.ply)
    moves.submit_move(other.pk, bob, "Od@b3", other.ply)  # another square: dropped
    plan = ConditionalPlan.objects.get(match=other)
    assert plan.status == ConditionalPlan.Status.DROPPED
    assert plan.note == "Your opponent played O?@b3, which your plan did not expect. Dropped: O?@b2 Bd@c3."


def test_a_leaving_players_analyses_and_plans_go(alice, bob):
    match = bob_to_move(alice, bob)
    a = legal_after(match)[0]
    conditional.plan_line(match.pk, alice, [a, legal_after(match, a)[0]], 0, match.ply)
    analysis.add_move(match.pk, alice, match.ply, (), a)
    account_closing.send(sender=type(alice), user=alice)
    assert not ConditionalPlan.objects.filter(owner=alice).exists()
    assert not AnalysisTree.objects.filter(owner=alice).exists()


def test_a_draw_offered_with_an_unexpected_move_is_told_in_the_plan_dropped_email(alice, bob, on_commit):
    match = bob_to_move(alice, bob)
    expected, other = legal_after(match)[:2]
    conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
    mail.outbox.clear()
    with on_commit():
        draws.offer_draw(match.pk, bob)
        moves.submit_move(match.pk, bob, other, match.ply)
    [email] = [m for m in mail.outbox if m.to == [alice.email]]
    assert email.subject.startswith("Your plan was dropped") and "bob offers a draw" in email.body


def test_a_plan_has_a_size_limit(alice, bob, monkeypatch):
    monkeypatch.setattr("daymove.plans.conditional.MAX_MOVES", 2)
    match = bob_to_move(alice, bob)
    a, b = legal_after(match)[:2]
    plan = conditional.plan_line(match.pk, alice, [a, legal_after(match, a)[0]], 0, match.ply)
    with pytest.raises(Refused, match="holds 2 moves"):
        conditional.plan_line(match.pk, alice, [b, legal_after(match, b)[0]], plan.version, match.ply)
    plan.refresh_from_db()
    assert len(trees.lines(plan.tree)) == 1 and plan.version == 1
