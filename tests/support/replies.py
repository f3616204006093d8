"""Replies to a turn email as real mail clients write them (raw MIME bytes), and sending them over SMTP.

Each builder takes the turn email being answered (Django's EmailMessage from mail.outbox) and the first line to
type above the quote, and quotes the email the way its client does. The fixtures (a plugin of tests/conftest.py):
`receiver`, the SMTP receiver on the loopback; `turn`, bob's turn email after alice's first move.
"""

from __future__ import annotations

import quopri
import smtplib
from email.utils import formatdate, make_msgid

import pytest
from aiosmtpd.controller import Controller
from django.core import mail

RECEIVER_PORT = 8201  # the inbox helper's port range (8200-8299)


def _quoted(body: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in body.splitlines())


def _headers(turn, sender: str, content_type: str, message_id: str | None, extra: str = "") -> str:
    return (
        f"From: Bob Example <{sender}>\r\n"
        f"To: {turn.reply_to[0]}\r\n"
        f"Subject: Re: {turn.subject}\r\n"
        f"Date: {formatdate()}\r\n"
        f"Message-ID: {message_id or make_msgid(domain='client.example')}\r\n"
        f"In-Reply-To: {turn.extra_headers.get('Message-ID', '<turn@daymove>')}\r\n"
        f"MIME-Version: 1.0\r\n{extra}"
        f"Content-Type: {content_type}\r\n"
    )


def gmail(turn, line: str, sender: str, message_id: str | None = None) -> bytes:
    """Gmail on the web: plain and HTML alternatives, the quote under an "On … wrote:" line in a gmail_quote div."""
    attribution = f"On Tue, Nov 24, 2026 at 5:00 AM Daymove <{turn.from_email.split('<')[-1].strip('>')}> wrote:"
    plain = f"{line}\r\n\r\n{attribution}\r\n\r\n{_quoted(turn.body)}\r\n"
    html = (
        f'<div dir="ltr">{line}</div><br><div class="gmail_quote gmail_quote_container">'
        f'<div dir="ltr" class="gmail_attr">{attribution}<br></div>'
        '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204)">'
        f"{turn.alternatives[0][0]}</blockquote></div>\r\n"
    )
    boundary = "000000000000a1b2c3d4e5f60718"
    return (
        _headers(turn, sender, f'multipart/alternative; boundary="{boundary}"', message_id)
        + f'\r\n--{boundary}\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\n{plain}'
        + f'\r\n--{boundary}\r\nContent-Type: text/html; charset="UTF-8"\r\nContent-Transfer-Encoding: quoted-printable'
        + f"\r\n\r\n{quopri.encodestring(html.encode()).decode()}\r\n--{boundary}--\r\n"
    ).encode()


def iphone(turn, line: str, sender: str, message_id: str | None = None) -> bytes:
    """Apple Mail on an iPhone: plain text, quoted-printable, "Sent from my iPhone", the quote below."""
    plain = (
        f"{line}\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 05:00, Daymove <noreply@daymove.localhost> wrote:\n>\n"
    )
    plain += "> \ufeff" + _quoted(turn.body)[2:] + "\n"
    encoded = quopri.encodestring(plain.replace("\n", "\r\n").encode()).decode()
    extra = "X-Mailer: iPhone Mail (22B91)\r\nContent-Transfer-Encoding: quoted-printable\r\n"
    return (_headers(turn, sender, "text/plain; charset=utf-8", message_id, extra) + "\r\n" + encoded).encode()


def outlook_html(turn, line: str, sender: str, message_id: str | None = None) -> bytes:
    """Outlook on the web, HTML only: the old message under a rule and a "From:/Sent:" block, not quoted."""
    html = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head>'
        '<body dir="ltr"><div class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt;">'
        f'{line}</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
        '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt"><b>From:</b> '
        "Daymove &lt;noreply@daymove.localhost&gt;<br><b>Sent:</b> Tuesday, November 24, 2026 05:00<br>"
        f"<b>Subject:</b> {turn.subject}</font><div>&nbsp;</div></div>{turn.alternatives[0][0]}</body></html>"
    )
    extra = "X-MS-Has-Attach: \r\nContent-Transfer-Encoding: quoted-printable\r\n"
    encoded = quopri.encodestring(html.encode()).decode()
    return (_headers(turn, sender, 'text/html; charset="utf-8"', message_id, extra) + "\r\n" + encoded).encode()


def thunderbird(turn, line: str, sender: str, message_id: str | None = None) -> bytes:
    """Thunderbird: plain text, format=flowed, the attribution line then ">" quotes."""
    plain = f"{line}\r\n\r\nOn 24/11/2026 05:00, Daymove wrote:\r\n{_quoted(turn.body)}\r\n"
    extra = "User-Agent: Mozilla Thunderbird\r\nContent-Language: en-GB\r\nContent-Transfer-Encoding: 8bit\r\n"
    return (
        _headers(turn, sender, "text/plain; charset=UTF-8; format=flowed", message_id, extra) + "\r\n" + plain
    ).encode()


def outlook_mobile(turn, line: str, sender: str, message_id: str | None = None) -> bytes:
    """Outlook for Android, plain text: "Get Outlook for Android", a line of underscores, the old headers."""
    plain = (
        f"{line}\r\n\r\nGet Outlook for Android<https://aka.ms/AAb9ysg>\r\n"
        "________________________________\r\nFrom: Daymove <noreply@daymove.localhost>\r\n"
        f"Sent: Tuesday, November 24, 2026 5:00:00 AM\r\nTo: {sender}\r\nSubject: {turn.subject}\r\n\r\n{turn.body}\r\n"
    )
    return (_headers(turn, sender, 'text/plain; charset="us-ascii"', message_id) + "\r\n" + plain).encode()


CLIENTS = {
    "gmail": gmail,
    "iphone": iphone,
    "outlook-html": outlook_html,
    "thunderbird": thunderbird,
    "outlook-mobile": outlook_mobile,
}


def send_smtp(port: int, raw: bytes, sender: str, recipients: list[str]) -> None:
    """Hand a message to an SMTP server on the loopback (as a mail client or an MX relay would)."""
    wire = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # SMTP lines end in CRLF (smtplib sends bytes as is)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.sendmail(sender, recipients, wire)


@pytest.fixture
def receiver():
    """The SMTP receiver (the handler `manage.py receive_mail` runs) on the loopback; its port."""
    from daymove.inbound.receiver import InboundHandler  # a plugin is loaded before Django: models come later

    controller = Controller(InboundHandler(), hostname="127.0.0.1", port=RECEIVER_PORT)
    controller.start()
    yield RECEIVER_PORT
    controller.stop()


@pytest.fixture
def turn(alice, bob):
    """bob's turn email after alice's first move, once its grace passed unseen (use with a transactional database)."""
    from tests.support.clocks import play_one, start  # a plugin is loaded before Django: models come later
    from tests.support.turn_emails import past_the_grace

    match = play_one(start(alice, bob))
    past_the_grace()
    email = [m for m in mail.outbox if m.to == [bob.email] and "alice played" in m.body][-1]
    return match, email
