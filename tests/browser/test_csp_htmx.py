"""htmx works under the site's Content-Security-Policy: clicks swap the play area, nothing is blocked.

The page is loaded in Chromium with the real headers; a listener for `securitypolicyviolation`
(installed before any page script runs) and the console catch anything the policy blocks. The
clicks must be handled by htmx (a marker set on `window` survives them, so the page was not
reloaded) and end in a move played through an htmx POST.
"""

import pytest

from daymove.play.models import Match
from tests.factories import PASSWORD, MatchFactory, UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def test_a_board_click_is_swapped_in_by_htmx_with_no_policy_violation(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = MatchFactory(game="abande", player0=alice, player1=bob)
    tab = open_tab()
    tab.context.add_init_script(WATCH_CSP)
    tab.log_in("alice", PASSWORD)
    page = tab.go(match.get_absolute_url())
    csp = page.evaluate("() => fetch(location.href).then(r => r.headers.get('content-security-policy'))")
    assert "script-src 'self'" in csp and "unsafe" not in csp
    page.wait_for_function("() => window.htmx !== undefined")
    page.evaluate("() => { window.__notReloaded = true; }")

    with page.expect_response(lambda r: "?s=" in r.url and r.request.headers.get("hx-request") == "true"):
        page.locator("a.opt[data-token]").first.click()
    page.wait_for_selector("button.confirm-move")
    assert page.evaluate("() => window.__notReloaded") is True  # swapped in place, not a page load
    assert page.locator("#play").count() == 1

    with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/") and r.request.method == "POST"):
        page.locator("button.confirm-move").click()
    page.wait_for_function("() => !document.querySelector('button.confirm-move')")
    assert page.evaluate("() => window.__notReloaded") is True
    match.refresh_from_db()
    assert match.ply == 1 and Match.objects.count() == 1
    assert "to move" in page.inner_text("#play .status")

    assert page.evaluate("() => window.__cspViolations") == []
    assert tab.console_errors == []
