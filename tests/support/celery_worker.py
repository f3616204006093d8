"""Shared by the integration tests that run real Celery workers (and a private Redis) on the test database.

Import the fixtures into a test module to use them: `from tests.support.celery_worker import celery_workers`.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from urllib.parse import quote, urlsplit

import pytest
from django.db import connection

from daymove.celery import app
from tools.liveservices import CeleryWorker, RedisServer


def database_url() -> str:
    """The URL of the test database this process uses, so that a worker reads and writes the same rows."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    assert connection.vendor == "postgresql", connection.vendor
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def web_side_broker(url: str):
    """This process (the web side) publishes to `url` for real instead of running tasks eagerly."""
    # The write URL: Celery reads the broker URL from the environment first (CI sets CELERY_BROKER_URL).
    saved = app.conf.get("broker_write_url"), app.conf.task_always_eager
    app.conf.broker_write_url, app.conf.task_always_eager = url, False
    app._after_fork()  # Celery's own reset of pooled broker connections (made for forks)
    try:
        assert app.connection_for_write().as_uri(include_password=False).endswith(urlsplit(url).path)
        yield
    finally:
        app.conf.broker_write_url, app.conf.task_always_eager = saved
        app._after_fork()


@pytest.fixture
def private_redis(tmp_path):
    """A redis-server of the test's own on a free loopback port (which the test may stop); fails if it cannot run."""
    server = RedisServer(tmp_path / "redis.log")
    try:
        server.start()
    except RuntimeError as error:
        pytest.fail(f"cannot start a private Redis: {error}")
    yield server
    server.stop()


@pytest.fixture
def celery_workers(transactional_db, tmp_path):
    """`start(broker_url, **env)` starts `celery -A daymove worker --beat` on the test database; all stopped after.

    Mail goes to files in tmp_path/mail; beat sweeps the outbox every second; `env` adds or overrides variables.
    """
    workers = []

    def start(broker_url: str, concurrency: int = 2, **env: str) -> CeleryWorker:
        environment = (
            os.environ
            | {
                "DJANGO_SETTINGS_MODULE": "daymove.settings",
                "DATABASE_URL": database_url(),
                "CELERY_BROKER_URL": broker_url,
                "EMAIL_HOST": "",
                "EMAIL_FILE_PATH": str(tmp_path / "mail"),
                "DAYMOVE_VAR_DIR": str(tmp_path / "var"),
                "DAYMOVE_SWEEP_SECONDS": "1",
            }
            | env
        )
        worker = CeleryWorker(environment, tmp_path / "worker.log", concurrency=concurrency).start()
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()
    connection.close()  # the workers' connections are gone; the flush after the test needs no lock wait
