"""`manage.py receive_mail`: the SMTP receiver for replies to Daymove's emails (`make run` starts it)."""

import signal
import threading

from aiosmtpd.controller import Controller
from django.conf import settings
from django.core.management.base import BaseCommand

from daymove.inbound.receiver import MAX_MESSAGE_BYTES, InboundHandler


class Command(BaseCommand):
    help = "Receive replies to Daymove's emails over SMTP (for a mail client, an MX or a relay pointed here)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=settings.DAYMOVE_SMTP_RECEIVER_HOST)
        parser.add_argument("--port", type=int, default=settings.DAYMOVE_SMTP_RECEIVER_PORT)

    def handle(self, *args, host, port, **options):
        controller = Controller(InboundHandler(), hostname=host, port=port, data_size_limit=MAX_MESSAGE_BYTES)
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        signal.signal(signal.SIGINT, lambda *_: stop.set())
        controller.start()
        self.stdout.write(f"Receiving mail for @{settings.DAYMOVE_REPLY_DOMAIN} on {host}:{port}", ending="\n")
        self.stdout.flush()
        try:
            stop.wait()
        finally:
            controller.stop()
