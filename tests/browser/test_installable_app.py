"""The installable app in Chromium: the manifest and the service worker load, and the install checks pass.

Chromium's own installability check (`Page.getInstallabilityErrors`, the one Lighthouse's installable-manifest
audit reads) must find nothing wrong; the service worker must control the page and take a push.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from daymove.push.keys import make_keys
from tests.factories import PASSWORD, UserFactory
from tests.support.browser import CHROMIUM, Tab

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def profile_context(browser, profile: Path):
    """A browser context in a profile on disk: Chromium offers no install in an incognito context like `open_tab`'s."""
    return browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
    )


@pytest.fixture
def profile_tab(browser, live_server, tmp_path):
    tab = Tab(browser, live_server.url, context=profile_context(browser, tmp_path / "profile"))
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
    assert page.locator("#push-on").is_visible() and not page.locator("#push-off").is_visible()  # the true state only
    assert tab.console_errors == []
