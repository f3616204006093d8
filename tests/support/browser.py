"""A player's browser tab for the browser tests (tests/browser), and where they keep screenshots."""

import os
import re
from pathlib import Path

from django.core import mail

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

    def sign_up(self, username, password):
        """Sign up through the form and follow the link in the verification email."""
        self.go("/accounts/signup/")
        page = self.page
        page.fill("input[name=email]", f"{username}@example.com")
        page.fill("input[name=username]", username)
        page.fill("input[name=password1]", password)
        page.fill("input[name=password2]", password)
        with page.expect_navigation():  # the email is sent before the redirect comes back
            page.click("form button[type=submit]")
        message = next(m for m in reversed(mail.outbox) if f"{username}@example.com" in m.to)
        link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body).group(0)
        page.goto(link)
        with page.expect_navigation():
            page.click("form button[type=submit]")  # allauth confirms by POST
        return message

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
