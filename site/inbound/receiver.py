"""The SMTP receiver's handler (aiosmtpd): takes mail for the reply domain only, and hands each message over.

Messages are handled one at a time on a worker thread of their own (Django's database calls do not belong on
the event loop). A message that cannot be handled now is refused with a 451, so the sending server tries again.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from email import policy
from email.parser import BytesParser

from django.db import close_old_connections, connection

from daymove.inbound.addresses import is_ours
from daymove.inbound.replies import receive

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 10 * 1024 * 1024


def deliver(raw: bytes, recipients: list[str]) -> str:
    """Parse and handle one message received over SMTP (on the handler's thread)."""
    close_old_connections()
    try:
        return receive(BytesParser(policy=policy.default).parsebytes(raw), raw, recipients)
    finally:
        connection.close()


class InboundHandler:
    """aiosmtpd's handler: refuses other domains at RCPT (no relaying), hands over each message's bytes."""

    def __init__(self):
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inbound")

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not is_ours(address):
            return "550 5.1.1 This server takes replies to Daymove's emails only"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        try:
            what = await asyncio.get_running_loop().run_in_executor(self.executor, deliver, raw, envelope.rcpt_tos)
        except Exception:
            log.exception("could not handle a message from %s", envelope.mail_from)
            return "451 4.3.0 Could not handle the message now; try again later"
        log.info("message from %s to %s: %s", envelope.mail_from, envelope.rcpt_tos, what)
        return "250 2.0.0 Message accepted"
