"""The embedded job queue (a folder) hands a worker whole messages only, in the order they were sent."""

import os

import pytest
from django.conf import settings
from kombu import Connection

from daymove import folderqueue

WHOLE_MESSAGES = "daymove.folderqueue:Transport"


def _connection(folder) -> Connection:
    options = {"data_folder_in": str(folder), "data_folder_out": str(folder), "control_folder": str(folder / "c")}
    return Connection("filesystem://", transport=WHOLE_MESSAGES, transport_options=options)


def test_the_embedded_default_uses_the_whole_message_transport():
    if settings.CELERY_BROKER_URL != "filesystem://":
        pytest.skip("a broker server is configured (the integration pass)")
    assert settings.CELERY_BROKER_TRANSPORT == WHOLE_MESSAGES


def test_a_message_being_written_is_invisible_to_a_reader(tmp_path, monkeypatch):
    seen_while_writing = []  # (message files in the folder, messages a reader counts) while each one is written
    write = folderqueue.str_to_bytes

    def slow_write(text):  # the moment kombu's own transport had a half-written "*.msg" in the folder
        with _connection(tmp_path).SimpleQueue("jobs") as reader:
            files = [name for name in os.listdir(tmp_path) if name.endswith(".msg")]
            seen_while_writing.append((len(files), reader.qsize()))
        return write(text)

    monkeypatch.setattr(folderqueue, "str_to_bytes", slow_write)
    with _connection(tmp_path) as connection, connection.SimpleQueue("jobs") as queue:
        queue.put({"job": 1})
        queue.put({"job": 2})
        monkeypatch.undo()
        assert seen_while_writing == [(0, 0), (1, 1)]  # only the messages already written
        first, second = queue.get(timeout=1), queue.get(timeout=1)
        assert [first.payload, second.payload] == [{"job": 1}, {"job": 2}]
        first.ack(), second.ack()
    assert [name for name in os.listdir(tmp_path) if name.endswith((".msg", folderqueue.PARTIAL))] == []
