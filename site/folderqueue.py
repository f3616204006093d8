"""The embedded default's job queue: kombu's folder transport, with each message whole before it can be read.

kombu's filesystem transport writes a message file in place, under a lock its reader never takes, so a worker
polling the folder (every 0.1 s here) can take a file that is still being written and fail on half a JSON document
(seen under load: the worker's consumer crashed). Here a message is written under a name the reader skips and then
renamed into place; a rename within one folder is atomic, so a reader finds a whole message or none.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic_ns

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

PARTIAL = ".part"  # the reader takes only names ending in ".<queue>.msg"


class Channel(filesystem.Channel):
    """kombu's folder channel, writing each message under a temporary name first."""

    def _put(self, queue, payload, **kwargs):
        # kombu's name, with the time in zero-padded nanoseconds rather than milliseconds: the reader sorts the
        # names, and two messages sent in one millisecond would otherwise come out in the order of their uuids.
        final = os.path.join(self.data_folder_out, f"{monotonic_ns():020d}_{uuid.uuid4()}.{queue}.msg")
        try:
            with open(final + PARTIAL, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(final + PARTIAL, final)
        except OSError as error:
            raise ChannelError(f"Cannot add file {final!r} to directory") from error


class Transport(filesystem.Transport):
    """The folder transport with whole-message writes (CELERY_BROKER_TRANSPORT when no broker URL is set)."""

    Channel = Channel
