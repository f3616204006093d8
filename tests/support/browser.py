"""A player's browser tab for the browser tests (tests/browser), and where they keep screenshots."""

import os
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class Tab:
    """One player's browser tab, remembering console errors."""

    def __init__(self, browser, base_url, width=1100, context=None):
        self.context = context or browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
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
        # Wait for the sign-in's own redirect: a page opened before it lands would be replaced by it.
        with self.page.expect_navigation():
            self.page.click("form button[type=submit]")

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
