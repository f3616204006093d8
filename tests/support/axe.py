"""axe-core (through axe-playwright-python) for the browser tests: the violations that block, one line each."""

from axe_playwright_python.sync_playwright import Axe

BLOCKING = {"serious", "critical"}


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands, one line each."""
    results = Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(str(n['target']) for n in v['nodes'][:4])}"
        for v in results["violations"]
        if v["impact"] in BLOCKING
    ]
