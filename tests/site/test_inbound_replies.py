"""Reply to move: real replies from five mail clients reach the SMTP receiver and play the move once.

The receiver runs on the loopback (aiosmtpd, the handler `manage.py receive_mail` runs) and the replies are sent
to it with smtplib, as a mail client or an MX would; the site's answers are read from Django's outbox.
"""

from __future__ import annotations

import pytest
from django.core import mail

from daymove.inbound.addresses import Tampered, read_address, reply_address
from daymove.inbound.reading import first_line
from daymove.outbox.models import Job
from daymove.play import lookups
from daymove.play.models import Match
from daymove.round import endings, moves
from tests.factories import UserFactory
from tests.support.clocks import play_one
from tests.support.replies import CLIENTS, send_smtp, thunderbird
from tests.support.turn_emails import past_the_grace

pytestmark = pytest.mark.django_db(transaction=True)


def answers_to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address] and m.extra_headers.get("Auto-Submitted") == "auto-replied"]


def legal_reply(match) -> str:
    match = lookups.get_match(match.pk)
    return match.rules.legal_move_strings(match.position())[-1]


def snapshot(match) -> tuple:
    row = Match.objects.get(pk=match.pk)
    return row.ply, row.state, row.status, row.draw_offer_seat, row.moves.count()


@pytest.mark.parametrize("client", CLIENTS)
def test_a_reply_from_each_client_plays_the_move_once_and_is_answered(client, receiver, turn, alice, bob):
    match, email = turn
    move = legal_reply(match)
    raw = CLIENTS[client](email, move, bob.email)
    send_smtp(receiver, raw, bob.email, email.reply_to)

    match.refresh_from_db()
    assert match.ply == 2 and match.moves.get(ply=1).notation == move
    [answer] = answers_to(bob.email)
    assert f"You played {move}. It is alice's turn." in answer.body
    assert answer.subject == f"Re: {email.subject}"
    assert f"Abande #{match.pk} now:" in answer.body  # the new position in words
    past_the_grace()
    [alices_turn] = [m for m in mail.outbox if m.to == [alice.email] and f"bob played {move}" in m.body]
    assert alices_turn.reply_to == [reply_address(match.pk, 2, alice.pk)]

    send_smtp(receiver, raw, bob.email, email.reply_to)  # the same reply delivered again
    assert snapshot(match)[0] == 2 and match.moves.count() == 2
    again = answers_to(bob.email)[-1]
    assert len(answers_to(bob.email)) == 2
    assert "reached Daymove before" in again.body and f"You played {move}" in again.body


def test_the_turn_email_gives_a_signed_reply_address_for_the_player_and_ply(turn, bob):
    match, email = turn
    [address] = email.reply_to
    assert address == reply_address(match.pk, 1, bob.pk)
    assert read_address(address.upper()).user_id == bob.pk  # a server that upper-cases it changes nothing
    assert "reply to this email with your move" in email.body.lower()


def test_a_reply_to_an_address_that_was_changed_plays_nothing_and_is_not_answered(receiver, turn, bob, caplog):
    match, email = turn
    before = snapshot(match)
    sent = len(mail.outbox)
    local, domain = email.reply_to[0].split("@")
    parts = local.split("-")
    parts[2] = "0"  # the ply, re-signed by nobody
    forged = "-".join(parts) + "@" + domain
    with pytest.raises(Tampered):
        read_address(forged)
    email.reply_to = [forged]
    send_smtp(receiver, thunderbird(email, legal_reply(match), bob.email), bob.email, [forged])
    assert snapshot(match) == before
    # Whoever sent it may be forged: an answer would mail a third party (backscatter). Logged, not answered.
    assert len(mail.outbox) == sent and not Job.objects.filter(kind="inbound_answer").exists()
    assert "did not give out" in caplog.text


def test_a_stranger_s_reply_plays_nothing_and_sends_nothing(receiver, turn, bob, carol, caplog):
    match, email = turn
    before = snapshot(match)
    sent = len(mail.outbox)
    send_smtp(receiver, thunderbird(email, legal_reply(match), carol.email), carol.email, email.reply_to)
    assert snapshot(match) == before
    assert len(mail.outbox) == sent and not Job.objects.filter(kind="inbound_answer").exists()
    assert f"dropped a reply from {carol.email}" in caplog.text


def test_an_unverified_address_of_the_player_does_not_count_and_is_not_answered(receiver, turn, bob):
    match, email = turn
    before = snapshot(match)
    bob.emailaddress_set.update(verified=False)
    send_smtp(receiver, thunderbird(email, legal_reply(match), bob.email), bob.email, email.reply_to)
    assert snapshot(match) == before
    assert answers_to(bob.email) == []


def test_a_stale_reply_is_refused_and_says_why(receiver, turn, alice, bob):
    match, email = turn
    play_one(match)  # bob moved on the site
    match = play_one(match)  # and alice answered
    before = snapshot(match)
    send_smtp(receiver, thunderbird(email, legal_reply(match), bob.email), bob.email, email.reply_to)
    assert snapshot(match) == before
    [answer] = answers_to(bob.email)
    assert "This email was about move 2 of the match, which has moved on since (it is at move 4 now)." in answer.body


def test_a_reply_to_a_finished_match_plays_nothing(receiver, turn, alice, bob):
    match, email = turn
    endings.resign(match.pk, alice)
    before = snapshot(match)
    send_smtp(receiver, thunderbird(email, legal_reply(match), bob.email), bob.email, email.reply_to)
    assert snapshot(match) == before
    [answer] = answers_to(bob.email)
    assert "This match is over (" in answer.body and "Nothing was played." in answer.body


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("already-played", "is not a legal move in this position"),
        ("hello there", "'hello there' is not a move"),
        ("", "had no move"),
    ],
)
def test_an_illegal_move_or_no_move_plays_nothing_and_invites_another_reply(line, reason, receiver, turn, bob):
    match, email = turn
    if line == "already-played":
        line = match.moves.get(ply=0).notation  # alice's stone is on that point
    before = snapshot(match)
    send_smtp(receiver, thunderbird(email, line, bob.email), bob.email, email.reply_to)
    assert snapshot(match) == before
    [answer] = answers_to(bob.email)
    assert reason in answer.body and "Nothing was played." in answer.body
    assert answer.reply_to == [reply_address(match.pk, 1, bob.pk)]  # the same turn: another reply can play


def test_resigning_by_email_needs_a_second_confirming_reply(receiver, turn, bob):
    match, email = turn
    before = snapshot(match)
    send_smtp(receiver, thunderbird(email, "Resign", bob.email), bob.email, email.reply_to)
    assert snapshot(match) == before
    [ask] = answers_to(bob.email)
    assert "To resign this match, reply “resign” to this email." in ask.body
    assert ask.reply_to == [reply_address(match.pk, 1, bob.pk, action="resign")]
    ask.extra_headers["Message-ID"] = "<ask@daymove>"
    send_smtp(receiver, thunderbird(ask, "resign", bob.email), bob.email, ask.reply_to)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner == 0 and match.result_reason == "resignation"
    assert "You resigned this match." in answers_to(bob.email)[-1].body


def test_draw_offers_are_made_and_answered_by_email(receiver, turn, alice, bob):
    match, email = turn
    send_smtp(receiver, thunderbird(email, "offer draw", bob.email), bob.email, email.reply_to)
    match.refresh_from_db()
    assert match.draw_offer_seat == 1 and "You offered a draw." in answers_to(bob.email)[-1].body
    moves.submit_move(match.pk, bob, legal_reply(match), match.ply)  # bob moves; alice gets the offer with her turn
    past_the_grace()
    alices = [m for m in mail.outbox if m.to == [alice.email] and m.subject.startswith("Your turn")][-1]
    assert "bob offers a draw" in alices.body and '"accept draw"' in alices.body
    send_smtp(receiver, thunderbird(alices, "Accept draw", alice.email), alice.email, alices.reply_to)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner is None and match.result_reason == "agreement"


def test_auto_replies_and_mail_for_other_domains_get_no_answer(receiver, turn, bob):
    match, email = turn
    before = snapshot(match)
    raw = thunderbird(email, legal_reply(match), bob.email).replace(
        b"MIME-Version", b"Auto-Submitted: auto-replied\r\nMIME-Version", 1
    )
    send_smtp(receiver, raw, bob.email, email.reply_to)
    assert snapshot(match) == before and answers_to(bob.email) == []
    with pytest.raises(Exception, match="takes replies to Daymove's emails only"):
        send_smtp(receiver, raw, bob.email, ["someone@elsewhere.example"])


@pytest.mark.parametrize("client", CLIENTS)
def test_the_first_line_of_each_client_s_reply_is_the_typed_line(client, turn, bob):
    from email import policy
    from email.parser import BytesParser

    from daymove.inbound.reading import body_text

    _, email = turn
    message = BytesParser(policy=policy.default).parsebytes(CLIENTS[client](email, "e5", bob.email))
    assert first_line(body_text(message)) == "e5"
    empty = BytesParser(policy=policy.default).parsebytes(CLIENTS[client](email, "", bob.email))
    assert first_line(body_text(empty)) is None  # nothing typed: the quoted email is not read as a move


def test_a_stranger_cannot_use_a_reply_address_of_someone_else_s_match(receiver, turn, carol):
    match, email = turn
    UserFactory(username="dave")
    before = snapshot(match)
    address = reply_address(match.pk, 1, carol.pk)  # signed, but carol does not play in it
    email.reply_to = [address]
    send_smtp(receiver, thunderbird(email, legal_reply(match), carol.email), carol.email, [address])
    assert snapshot(match) == before
    assert "You are not playing in this match. Nothing was played." in answers_to(carol.email)[0].body


def test_if_then_lines_after_the_move_become_a_conditional_plan(receiver, turn, alice, bob):
    match, email = turn
    rules = match.rules
    state = match.position()
    mine = rules.legal_move_strings(state)[0]
    state = rules.play(state, mine)
    theirs = rules.legal_move_strings(state)[0]
    reply = rules.legal_move_strings(rules.play(state, theirs))[0]
    text = f"{mine}\nIf {theirs} then {reply}\nif nonsense then {reply}"
    send_smtp(receiver, thunderbird(email, text, bob.email), bob.email, email.reply_to)
    answer = answers_to(bob.email)[-1].body
    assert f"Planned: if your opponent plays {theirs}, {reply} is played for you." in answer
    assert f"“if nonsense then {reply}” was not planned" in answer
    moves.submit_move(match.pk, alice, theirs, 2)  # alice plays the move bob planned for
    match.refresh_from_db()
    assert match.ply == 4 and match.moves.get(ply=3).notation == reply
