"""Real-browser tests: Debian's Chromium driven by Playwright, against the site served by uvicorn (ASGI).

Nothing downloads a browser: Playwright is pointed at /usr/bin/chromium (`make test` installs it
with apt where it is missing and it can).

`live_server` replaces pytest-django's (a threaded WSGI server, which cannot hold the live updates' event
streams open): uvicorn runs the ASGI application in a thread of the test process, on the test database.
"""

import os
import shutil
import threading
import time
from pathlib import Path

import pytest
from django.test.utils import modify_settings

from tests.support.browser import CHROMIUM, Tab
from tools.liveservices import free_port

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make between
# browser steps are ordinary synchronous calls, so Django's async-safety guard is lifted here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


class AsgiLiveServer:
    """uvicorn serving daymove's ASGI application (and its static files) on a free port, in a thread."""

    def __init__(self):
        import uvicorn
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
        from django.core.asgi import get_asgi_application

        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        config = uvicorn.Config(
            ASGIStaticFilesHandler(get_asgi_application()),
            host="127.0.0.1",
            port=port,
            lifespan="off",
            log_level="warning",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="asgi-live-server", daemon=True)
        # pytest-django's helper enables this around each test that uses `live_server`.
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"})

    def start(self):
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)

    def stop(self):
        from daymove.live.hub import hub

        self.server.should_exit = True
        self.thread.join(timeout=10)
        hub.stop()  # its database connection must go before the test database does


@pytest.fixture(scope="session")
def live_server(django_db_setup, django_db_blocker):
    server = AsgiLiveServer()
    server.start()
    yield server
    with django_db_blocker.unblock():
        server.stop()


@pytest.fixture(autouse=True)
def _site_idle_before_the_database_is_emptied(transactional_db):
    """After each test, wait for the live server's queries to end before the test database is emptied.

    A page closed at a test's end may leave a request running in the server; on PostgreSQL its one statement
    over several tables and the TRUNCATE of the teardown can lock each other and the database kills one (CI
    saw `deadlock detected` in the flush). This fixture is torn down before `transactional_db`, whose
    teardown empties the database.
    """
    yield
    wait_for_other_sessions_to_finish()


def wait_for_other_sessions_to_finish(timeout=10.0, quiet_checks=3):
    """Return once no other session on the test database has been running a statement or holding a
    transaction for `quiet_checks` looks in a row (PostgreSQL; SQLite needs no wait)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < quiet_checks and time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND state <> 'idle'"
            )
            busy = cursor.fetchone()[0]
        quiet = 0 if busy else quiet + 1
        time.sleep(0.05)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-quic",
                "--no-first-run",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def open_tab(browser, live_server):
    tabs = []

    def make(width=1100):
        tab = Tab(browser, live_server.url, width)
        tabs.append(tab)
        return tab

    yield make
    for tab in tabs:
        tab.context.close()
