"""The installable app in Chromium: the manifest and the service worker load, and the install checks pass.

Chromium's own installability check (`Page.getInstallabilityErrors`, the one Lighthouse's installable-manifest
audit reads) must find nothing wrong; the service worker must control the page and take a push.
"""

import os
from pathlib import Path

import pytest
from django.urls import reverse

from daymove.push.keys import make_keys
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


class ProfileTab:
    """A tab in a browser profile on disk: Chromium offers no install in an incognito context like `open_tab`'s."""

    def __init__(self, browser, base_url, profile: Path):
        self.context = browser.browser_type.launch_persistent_context(
            str(profile),
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        )
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.base_url = base_url
        self.console_errors = []
        self.page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)

    def go(self, path):
        self.page.goto(self.base_url + path)
        return self.page

    def log_in(self, username, password):
        self.go("/accounts/login/")
        self.page.fill("input[name=login]", username)
        self.page.fill("input[name=password]", password)
        self.page.click("form button[type=submit]")
        self.page.wait_for_load_state()


@pytest.fixture
def profile_tab(browser, live_server, tmp_path):
    tab = ProfileTab(browser, live_server.url, tmp_path / "profile")
    yield tab
    tab.context.close()


def test_the_site_installs_and_its_service_worker_takes_pushes(profile_tab, settings, tmp_path):
    settings.DAYMOVE_VAPID_FILE = str(tmp_path / "vapid.json")
    make_keys(Path(settings.DAYMOVE_VAPID_FILE))
    UserFactory(username="bob")
    tab = profile_tab
    tab.log_in("bob", PASSWORD)
    page = tab.go("/")
    manifest = page.evaluate("() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone" and {i["sizes"] for i in manifest["icons"]} == {"192x192", "512x512"}
    page.wait_for_function("() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready")
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == tab.base_url + "/"
    page.reload()  # now controlled by the worker, as an installed app's page is
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")

    cdp = tab.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest_state = cdp.send("Page.getAppManifest")
    assert manifest_state["errors"] == [], manifest_state["errors"]

    # The push settings page finds the worker and offers to turn notifications on (the site's key is set).
    page = tab.go(reverse("push_settings"))
    page.wait_for_selector("#push-on:not([hidden])")
    assert "Notifications are off for this device." in page.inner_text("#push-status")
    assert tab.console_errors == []
