"""Real-browser tests: Debian's Chromium driven by Playwright, against pytest-django's live server.

Nothing downloads a browser: Playwright is pointed at /usr/bin/chromium (`make test` installs it
with apt where it is missing and it can).
"""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make between
# browser steps are ordinary synchronous calls, so Django's async-safety guard is lifted here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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


class Tab:
    """One player's browser tab, remembering console errors."""

    def __init__(self, browser, base_url, width=1100):
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.base_url = base_url
        self.console_errors = []
        self.page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))

    def go(self, path):
        self.page.goto(self.base_url + path)
        return self.page

    def log_in(self, username, password):
        self.go("/accounts/login/")
        self.page.fill("input[name=login]", username)
        self.page.fill("input[name=password]", password)
        self.page.click("form button[type=submit]")
        self.page.wait_for_load_state()

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


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
