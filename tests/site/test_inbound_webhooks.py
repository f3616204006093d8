"""Replies through mail providers' inbound webhooks (django-anymail): Mailgun's raw-MIME route and Postmark's JSON.

The payloads are the providers' documented formats, signed as each provider signs them: Mailgun with an HMAC of
timestamp and token under the webhook signing key, Postmark with basic authentication in the webhook URL.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from django.core import mail
from django.urls import reverse

from daymove.play.models import Match
from tests.support.clocks import play_one, start
from tests.support.replies import gmail, outlook_html
from tests.support.turn_emails import past_the_grace

SIGNING_KEY = "key-mailgun-test-signing"
BASIC_AUTH = "postmark:s3cret-inbound"


@pytest.fixture
def turn(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = play_one(start(alice, bob))
    past_the_grace()
    [email] = [m for m in mail.outbox if m.to == [bob.email] and "alice played" in m.body]
    return match, email


@pytest.fixture
def providers(settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY, "WEBHOOK_SECRET": BASIC_AUTH}


def basic(auth: str) -> str:
    """The Authorization header of a webhook URL written https://user:password@host/… (anymail's shared secret)."""
    return "Basic " + base64.b64encode(auth.encode()).decode()


def mailgun_post(client, raw: bytes, recipient: str, signature: str | None = None):
    """Mailgun's forward() to a URL with "mime" in it: the raw message in body-mime, signed."""
    timestamp, token = "1795000000", "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    expected = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    data = {
        "recipient": recipient,
        "sender": "bob@example.com",
        "body-mime": raw.decode(),
        "timestamp": timestamp,
        "token": token,
        "signature": signature or expected,
    }
    return client.post(reverse("mailgun_inbound"), data, HTTP_AUTHORIZATION=basic(BASIC_AUTH))


def postmark_payload(email, line: str, sender: str) -> dict:
    """Postmark's inbound JSON (without RawEmail, as Postmark posts by default)."""
    return {
        "FromName": "Bob Example",
        "MessageStream": "inbound",
        "From": sender,
        "FromFull": {"Email": sender, "Name": "Bob Example", "MailboxHash": ""},
        "To": email.reply_to[0],
        "ToFull": [{"Email": email.reply_to[0], "Name": "", "MailboxHash": ""}],
        "Cc": "",
        "CcFull": [],
        "Bcc": "",
        "BccFull": [],
        "OriginalRecipient": email.reply_to[0],
        "Subject": f"Re: {email.subject}",
        "MessageID": "73e6d360-66eb-11e1-8e72-a8904824019b",
        "ReplyTo": "",
        "MailboxHash": "",
        "Date": "Tue, 24 Nov 2026 05:00:00 +0000",
        "TextBody": f"{line}\n\nOn Tue, Nov 24, 2026 at 5:00 AM Daymove <noreply@daymove.localhost> wrote:\n> Hi",
        "HtmlBody": f"<div>{line}</div><blockquote>Hello bob,</blockquote>",
        "StrippedTextReply": line,
        "Tag": "",
        "Headers": [
            {"Name": "Return-Path", "Value": f"<{sender}>"},
            {"Name": "X-Spam-Status", "Value": "No"},
            {"Name": "MIME-Version", "Value": "1.0"},
            {"Name": "Message-ID", "Value": "<CAPostmarkReply123@mail.example.com>"},
        ],
        "Attachments": [],
    }


def postmark_post(client, payload: dict, auth: str = BASIC_AUTH):
    return client.post(
        reverse("postmark_inbound"),
        json.dumps(payload),
        content_type="application/json",
        HTTP_AUTHORIZATION=basic(auth),
    )


def legal(match) -> str:
    match.refresh_from_db()
    return match.rules.legal_move_strings(match.position())[-1]


def test_a_reply_through_mailgun_plays_the_move_once(providers, turn, bob, client, django_capture_on_commit_callbacks):
    match, email = turn
    move = legal(match)
    raw = gmail(email, move, bob.email)
    with django_capture_on_commit_callbacks(execute=True):
        assert mailgun_post(client, raw, email.reply_to[0]).status_code == 200
    match.refresh_from_db()
    assert match.ply == 2 and match.moves.get(ply=1).notation == move
    with django_capture_on_commit_callbacks(execute=True):
        assert mailgun_post(client, raw, email.reply_to[0]).status_code == 200  # Mailgun retries a delivery
    assert Match.objects.get(pk=match.pk).ply == 2
    answers = [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("Re:")]
    assert [f"You played {move}" in a.body for a in answers] == [True, True]
    assert "reached Daymove before" in answers[1].body


def test_a_reply_through_postmark_plays_the_move_and_is_answered(
    providers, turn, bob, client, django_capture_on_commit_callbacks
):
    match, email = turn
    move = legal(match)
    with django_capture_on_commit_callbacks(execute=True):
        assert postmark_post(client, postmark_payload(email, move, bob.email)).status_code == 200
    match.refresh_from_db()
    assert match.ply == 2 and match.moves.get(ply=1).notation == move
    [answer] = [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("Re:")]
    assert answer.extra_headers["In-Reply-To"] == "<CAPostmarkReply123@mail.example.com>"


def test_an_html_only_reply_through_postmark_with_the_raw_message(providers, turn, bob, client):
    match, email = turn
    move = legal(match)
    payload = postmark_payload(email, move, bob.email) | {"RawEmail": outlook_html(email, move, bob.email).decode()}
    assert postmark_post(client, payload).status_code == 200
    assert Match.objects.get(pk=match.pk).moves.get(ply=1).notation == move


def test_unsigned_or_wrongly_signed_posts_change_nothing(providers, turn, bob, client):
    match, email = turn
    raw = gmail(email, legal(match), bob.email)
    assert mailgun_post(client, raw, email.reply_to[0], signature="0" * 64).status_code == 400
    assert (
        postmark_post(client, postmark_payload(email, legal(match), bob.email), auth="postmark:guess").status_code
        == 400
    )
    assert Match.objects.get(pk=match.pk).ply == 1


def test_a_provider_without_its_secret_is_not_there(turn, bob, client):
    match, email = turn
    assert mailgun_post(client, gmail(email, legal(match), bob.email), email.reply_to[0]).status_code == 404
    assert postmark_post(client, postmark_payload(email, legal(match), bob.email)).status_code == 404
    assert Match.objects.get(pk=match.pk).ply == 1
