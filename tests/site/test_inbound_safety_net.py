"""The safety net: hard bounces stop mail and tell the player; out-of-office replies start a vacation.

Real messages: a Postfix delivery status notification (RFC 3464) and out-of-office replies as Exchange and Gmail
send them (RFC 3834), to the SMTP receiver; and the providers' tracking webhooks' documented payloads.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.clocks.models import Vacation
from daymove.inbound.bounces import is_bouncing
from daymove.round import moves
from tests.factories import PASSWORD
from tests.support.replies import send_smtp
from tests.support.turn_emails import past_the_grace

pytestmark = pytest.mark.django_db(transaction=True)


def dsn(recipient: str, action: str = "failed", status: str = "5.1.1") -> bytes:
    """Postfix's "Undelivered Mail Returned to Sender" (RFC 3464), for one recipient."""
    return f"""Return-Path: <>
From: MAILER-DAEMON@mx.example.com (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: noreply@daymove.localhost
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="4B3C2A1F90.1795000000/mx.example.com"
Message-Id: <20261124050000.4B3C2A1F90@mx.example.com>

This is a MIME-encapsulated message.

--4B3C2A1F90.1795000000/mx.example.com
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.com.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<{recipient}>: host mx.example.com[192.0.2.1] said: 550 5.1.1 <{recipient}>:
    Recipient address rejected: User unknown in local recipient table

--4B3C2A1F90.1795000000/mx.example.com
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com
X-Postfix-Queue-ID: 4B3C2A1F90
X-Postfix-Sender: rfc822; noreply@daymove.localhost
Arrival-Date: Tue, 24 Nov 2026 05:00:00 +0000 (UTC)

Final-Recipient: rfc822; {recipient}
Original-Recipient: rfc822;{recipient}
Action: {action}
Status: {status}
Remote-MTA: dns; mx.example.com
Diagnostic-Code: smtp; 550 5.1.1 <{recipient}>: Recipient address rejected: User
    unknown in local recipient table

--4B3C2A1F90.1795000000/mx.example.com
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

From: Daymove <noreply@daymove.localhost>
To: {recipient}
Subject: Your turn
Message-ID: <0123456789abcdef@127.0.0.1>

--4B3C2A1F90.1795000000/mx.example.com--
""".encode()


def exchange_out_of_office(turn_email, sender: str) -> bytes:
    """Exchange's automatic reply (RFC 3834 Auto-Submitted, Outlook's own headers)."""
    return (
        f"From: Bob Example <{sender}>\r\nTo: {turn_email.reply_to[0]}\r\n"
        f"Subject: Automatic reply: {turn_email.subject}\r\n"
        "Auto-Submitted: auto-replied\r\nX-Auto-Response-Suppress: All\r\n"
        "Message-ID: <oof-1@exchange.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
        "I am out of the office until 30 November with no access to email.\r\n"
    ).encode()


def gmail_vacation(turn_email, sender: str) -> bytes:
    """Gmail's vacation responder: Auto-Submitted and the original subject, no "out of office" in it."""
    return (
        f"From: Bob Example <{sender}>\r\nTo: {turn_email.reply_to[0]}\r\nSubject: Re: {turn_email.subject}\r\n"
        "Auto-Submitted: auto-replied\r\nPrecedence: bulk\r\nMessage-ID: <vacation-1@mail.gmail.com>\r\n"
        "Content-Type: text/plain; charset=UTF-8\r\n\r\nHiking until Sunday.\r\n"
    ).encode()


def page_of(user, path: str) -> str:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client.get(path).content.decode()


def test_a_hard_bounce_stops_mail_and_the_player_is_told(receiver, turn, alice, bob):
    match, email = turn
    send_smtp(receiver, dsn(bob.email), "", ["noreply@daymove.localhost"])
    assert is_bouncing(bob.email)
    assert "Our emails to bob@example.com come back undelivered" in page_of(bob, reverse("lobby"))
    mail.outbox.clear()
    moves.submit_move(match.pk, bob, match.rules.legal_move_strings(match.position())[-1], 1)
    past_the_grace()
    assert [m for m in mail.outbox if m.to == [alice.email]]  # alice's turn emails still go
    match.refresh_from_db()
    moves.submit_move(match.pk, alice, match.rules.legal_move_strings(match.position())[-1], 2)
    past_the_grace()
    assert [m for m in mail.outbox if m.to == [bob.email]] == []  # his next turn email is not sent
    # Confirming the address again (allauth's signal) lets mail through again.
    email_confirmed.send(sender=EmailAddress, request=None, email_address=EmailAddress.objects.get(user=bob))
    assert not is_bouncing(bob.email)
    assert "come back undelivered" not in page_of(bob, reverse("lobby"))


@pytest.mark.parametrize(
    ("recipient", "action", "status"),
    [("bob@example.com", "delayed", "4.4.1"), ("stranger@example.com", "failed", "5.1.1")],
    ids=["a delay", "no player's address"],
)
def test_a_delay_or_a_stranger_s_bounce_stops_nothing(recipient, action, status, receiver, bob):
    send_smtp(receiver, dsn(recipient, action, status), "", ["noreply@daymove.localhost"])
    assert not is_bouncing(bob.email) and not is_bouncing(recipient)


@pytest.mark.parametrize("autoreply", [exchange_out_of_office, gmail_vacation], ids=["exchange", "gmail"])
def test_an_out_of_office_reply_starts_a_vacation_the_opponent_sees(autoreply, receiver, turn, alice, bob):
    match, email = turn
    send_smtp(receiver, autoreply(email, bob.email), bob.email, email.reply_to)
    [vacation] = Vacation.objects.filter(user=bob)
    assert vacation.auto_reply and vacation.days == 3
    assert "bob is away (auto-reply) until" in page_of(alice, match.get_absolute_url())
    assert [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("Re:")] == []  # no answer
    match.refresh_from_db()
    assert match.ply == 1  # and nothing was played
    send_smtp(receiver, autoreply(email, bob.email), bob.email, email.reply_to)  # another one the next hour
    assert Vacation.objects.filter(user=bob).count() == 1


def test_an_out_of_office_reply_starts_nothing_when_the_setting_is_off_or_it_is_not_the_player(
    receiver, turn, bob, carol, settings
):
    _, email = turn
    send_smtp(receiver, exchange_out_of_office(email, carol.email), carol.email, email.reply_to)
    assert not Vacation.objects.exists()
    settings.DAYMOVE_AUTO_REPLY_VACATION = False
    send_smtp(receiver, exchange_out_of_office(email, bob.email), bob.email, email.reply_to)
    assert not Vacation.objects.exists()


def _postmark(client, payload: dict):
    auth = "Basic " + base64.b64encode(b"postmark:s3cret").decode()
    return client.post(
        reverse("postmark_tracking"), json.dumps(payload), content_type="application/json", HTTP_AUTHORIZATION=auth
    )


def postmark_bounce(email: str, kind: str) -> dict:
    """Postmark's bounce webhook (its documented example, for this address and bounce type)."""
    return {
        "RecordType": "Bounce",
        "MessageStream": "outbound",
        "ID": 4323372036854775807,
        "Type": kind,
        "TypeCode": {"HardBounce": 1, "SoftBounce": 4096, "AutoResponder": 16}[kind],
        "Name": kind,
        "Tag": "",
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Metadata": {},
        "ServerID": 23,
        "Description": "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
        "Details": "Test bounce details",
        "Email": email,
        "From": "noreply@daymove.localhost",
        "BouncedAt": "2026-11-24T05:00:00Z",
        "DumpAvailable": True,
        "Inactive": kind == "HardBounce",
        "CanActivate": True,
        "Subject": "Your turn",
        "Content": "",
    }


def test_the_providers_tracking_webhooks_record_bounces_and_auto_replies(bob, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "postmark:s3cret", "MAILGUN_WEBHOOK_SIGNING_KEY": ""}
    client = Client()
    assert _postmark(client, postmark_bounce(bob.email, "SoftBounce")).status_code == 200
    assert not is_bouncing(bob.email)  # a soft bounce is retried by the provider
    assert _postmark(client, postmark_bounce(bob.email, "AutoResponder")).status_code == 200
    assert Vacation.objects.get(user=bob).auto_reply
    assert _postmark(client, postmark_bounce(bob.email, "HardBounce")).status_code == 200
    assert is_bouncing(bob.email)


def mailgun_failure(email: str, severity: str, key: str) -> dict:
    """Mailgun's "failed" tracking event (its documented webhook JSON), signed with the webhook signing key."""
    timestamp, token = "1795000000", "c1a0e0b5f3a34c2f9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c"
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return {
        "signature": {"timestamp": timestamp, "token": token, "signature": signature},
        "event-data": {
            "id": "G9Bn5sl1TC6nu79C8C0bwg",
            "timestamp": 1795000000.0,
            "log-level": "error",
            "event": "failed",
            "severity": severity,
            "reason": "bounce" if severity == "permanent" else "generic",
            "recipient": email,
            "delivery-status": {
                "code": 550 if severity == "permanent" else 452,
                "message": "5.1.1 The email account that you tried to reach does not exist.",
                "description": "",
                "attempt-no": 1,
            },
            "message": {"headers": {"message-id": "0123456789abcdef@127.0.0.1", "to": email, "subject": "Your turn"}},
            "user-variables": {},
            "tags": [],
        },
    }


def test_mailgun_s_permanent_failure_stops_mail_and_a_temporary_one_does_not(bob, settings):
    key = "key-mailgun-test-signing"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "mailgun:s3cret", "MAILGUN_WEBHOOK_SIGNING_KEY": key}
    auth = "Basic " + base64.b64encode(b"mailgun:s3cret").decode()
    client, url = Client(), reverse("mailgun_tracking")
    for severity in ("temporary", "permanent"):
        body = json.dumps(mailgun_failure(bob.email, severity, key))
        assert client.post(url, body, content_type="application/json", HTTP_AUTHORIZATION=auth).status_code == 200
        assert is_bouncing(bob.email) == (severity == "permanent")
