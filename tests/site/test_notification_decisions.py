"""One notification decision: who is told what about each event, by email and by push; and every email's List-Id."""

import re
from dataclasses import fields

import pytest
from django.core import mail

from daymove.notify import decisions
from daymove.notify.decisions import EMAIL, PUSH, Transport
from daymove.notify.digest import record_digests
from daymove.notify.models import EmailPreferences
from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.play import draws
from daymove.play.signals import replaying_history
from daymove.round import challenges, endings
from tests.factories import MatchFactory
from tests.support.clocks import play_one, start
from tests.support.turn_emails import past_the_grace


def told(tidings) -> list[tuple[str, str, int]]:
    return [(t.kind, t.user.username, t.ply) for t in tidings]


@pytest.fixture
def bob_to_move(alice, bob):
    """alice has moved (ply 1); bob is to move."""
    return play_one(start(alice, bob))


# ---- the decision table: the same for both transports, except where a flag says otherwise ---------------------
@pytest.mark.parametrize("transport", [EMAIL, PUSH])
def test_what_both_transports_are_told_alike(transport, alice, bob, carol, bot, bob_to_move):
    match = bob_to_move
    assert told(decisions.turn_passed(match, transport)) == [("your_turn", "bob", 1)]
    assert told(decisions.match_finished(match, transport)) == [("game_over", "alice", 1), ("game_over", "bob", 1)]
    assert told(decisions.draw_offered(match, 0, transport)) == [("draw_offer", "bob", 1)]  # on bob's turn
    started_by_alice = start(alice, carol, seat=0)  # the challenger moves first: told
    assert told(decisions.match_started(started_by_alice, transport)) == [("your_turn", "alice", 0)]
    accepted_first = start(alice, carol, seat=1)  # the acceptor moves first: on the page already
    assert decisions.match_started(accepted_first, transport) == []
    challenge = challenges.create_challenge(alice, "abande", {}, "bob", rated=False)
    assert told(decisions.challenge_created(challenge, transport)) == [("challenge", "bob", 0)]
    against_bot = MatchFactory(player0=alice, player1=bot)
    against_bot.to_move = 0
    assert decisions.turn_passed(against_bot, transport) == []  # the bot answers while the player watches
    assert decisions.match_finished(against_bot, transport) == []
    with replaying_history():  # demo history is nobody's news
        assert decisions.turn_passed(match, transport) == []
        assert decisions.match_finished(match, transport) == []


def test_where_email_and_push_differ_each_difference_is_a_flag(alice, bob, bob_to_move):
    match = bob_to_move
    # plan_news_replaces_turn: bob's plan waited for alice's move
    assert decisions.turn_passed(match, EMAIL, awaited=True) == []
    assert told(decisions.turn_passed(match, PUSH, awaited=True)) == [("your_turn", "bob", 1)]
    assert told(decisions.reply_played(match, bob, 2, EMAIL)) == [("planned_reply", "bob", 2)]
    assert decisions.reply_played(match, bob, 2, PUSH) == []
    assert told(decisions.plan_dropped(match, bob, "why", [["a1"]], EMAIL)) == [("plan_dropped", "bob", 1)]
    assert decisions.plan_dropped(match, bob, "why", [["a1"]], PUSH) == []
    # offer_rides_on_turn_news: bob offers on his own turn
    assert decisions.draw_offered(match, 1, EMAIL) == []
    assert told(decisions.draw_offered(match, 1, PUSH)) == [("draw_offer", "alice", 1)]
    # turn_news_waits_for_a_look: the turn after a move waits by email only; a first turn never waits
    [by_email], [by_push] = decisions.turn_passed(match, EMAIL), decisions.turn_passed(match, PUSH)
    assert by_email.waits_for_a_look and not by_push.waits_for_a_look
    first = start(alice, bob, seat=0)
    assert not any(t.waits_for_a_look for t in decisions.match_started(first, EMAIL))
    # tells_declined_offers: alice's offer declined
    assert decisions.draw_declined(match, 0, EMAIL) == []
    assert told(decisions.draw_declined(match, 0, PUSH)) == [("draw_declined", "alice", 1)]
    # Every flag is one of these differences: the two transports differ in each, and only in flags.
    flags = [f.name for f in fields(Transport) if f.name != "name"]
    assert all(getattr(EMAIL, flag) != getattr(PUSH, flag) for flag in flags)


def test_challenges_past_the_email_allowance_are_still_pushed(alice, bob, settings):
    settings.DAYMOVE_CHALLENGE_EMAILS_RECEIVED_PER_HOUR = 0  # challenges_within_allowance: email only
    challenge = challenges.create_challenge(alice, "abande", {}, "bob", rated=False)
    assert decisions.challenge_created(challenge, EMAIL) == [] and challenge.email_held
    assert told(decisions.challenge_created(challenge, PUSH)) == [("challenge", "bob", 0)]


def test_the_email_transport_records_what_the_decision_says_and_nothing_else(
    alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = play_one(start(alice, bob))
        draws.offer_draw(match.pk, bob)  # on bob's own turn: rides on his next turn email, none of its own
        draws.decline_draw(match.pk, alice)  # no email for a declined offer
    emails = Job.objects.filter(kind="email", key__startswith=f"mail:{match.pk}:").exclude(payload__kind="reminder")
    keys = set(emails.values_list("key", flat=True))
    assert keys == {f"mail:{match.pk}:0:your_turn:{alice.pk}", f"mail:{match.pk}:1:your_turn:{bob.pk}"}


# ---- List-Id (RFC 2919) beside List-Unsubscribe on every email ---------------------------------------------------
LIST_ID = re.compile(r"^[\w ]+ <[a-z0-9-]+(\.[a-z0-9-]+)+>$")  # phrase <list-label.namespace>


def test_every_email_carries_a_list_id_beside_its_list_unsubscribe(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    EmailPreferences.objects.create(user=carol, turn_emails="digest", digest_hour=0)
    with django_capture_on_commit_callbacks(execute=True):
        challenges.create_challenge(alice, "abande", {}, "bob", rated=False)  # challenge
        match = start(alice, bob)  # alice's first turn
        play_one(match)  # bob's turn, after the grace
        draws.offer_draw(match.pk, alice)  # a draw offer on bob's turn
        play_one(start(alice, carol))
        record_digests()  # carol's digest
    past_the_grace()
    reminder = Job.objects.get(key=f"mail:{match.pk}:1:reminder-24h:{bob.pk}")
    Job.objects.filter(pk=reminder.pk).update(run_after=reminder.created)
    jobs.run(reminder.pk)
    with django_capture_on_commit_callbacks(execute=True):
        endings.resign(match.pk, bob)  # game over
    kinds = {}
    for message in mail.outbox:
        assert "List-Unsubscribe" in message.extra_headers
        assert LIST_ID.match(message.extra_headers["List-Id"]), message.extra_headers["List-Id"]
        kinds[message.extra_headers["List-Id"]] = message.subject
    labels = {re.search(r"<([a-z-]+)\.", list_id).group(1) for list_id in kinds}
    assert labels == {"challenge", "your-turn", "digest", "reminder", "game-over"}
    # One list per kind of email that can be stopped on its own, all under the sender's domain.
    assert all(list_id.endswith(".daymove.localhost>") for list_id in kinds)


def test_a_challenge_to_someone_who_wants_no_challenge_emails_uses_no_allowance(
    alice, bob, carol, settings, django_capture_on_commit_callbacks
):
    settings.DAYMOVE_CHALLENGE_EMAILS_SENT_PER_HOUR = 1
    EmailPreferences.objects.create(user=bob, challenges=False)
    with django_capture_on_commit_callbacks(execute=True):
        challenges.create_challenge(alice, "abande", {}, "bob", rated=False)  # no email wanted: none counted
        challenges.create_challenge(alice, "abande", {}, "carol", rated=False)  # alice's one email this hour
    assert [m.subject for m in mail.outbox] == ["alice challenges you to Abande"] and mail.outbox[0].to == [carol.email]
