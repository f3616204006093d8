"""Accessibility checked by an outside checker: axe-core (through axe-playwright-python) on every main page.

Every page a player meets — lobby, each game's match page as the player to move (also with a move half made)
and as a spectator, rules, profiles, leaderboards, settings, the archives, the watch page, sign-up and log-in — has
no violation that axe-core rates "serious" or "critical".
"""

import pytest

from games.registry import all_games
from tests.factories import PASSWORD, UserFactory
from tests.support.axe import serious_violations
from tests.support.games import played_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def half_made_move(page, match):
    """Click the first token of a legal move that takes more than one click; False when every move is one click."""
    rules = match.rules
    for text in rules.legal_move_strings(match.position()):
        tokens = rules.move_tokens(text)
        if len(tokens) > 1:
            page.locator(f'[data-token="{tokens[0]}"]').first.click()
            page.wait_for_selector(f'#play[data-selected="{tokens[0]}"]')
            return True
    return False


def test_no_serious_violations_on_any_main_page(open_tab):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    UserFactory(username="carol")
    matches = {slug: played_match(slug, alice, bob) for slug in all_games()}
    found = {}

    anonymous = open_tab()
    for path in ["/accounts/signup/", "/accounts/login/", "/", "/watch/", "/games/"]:
        anonymous.go(path)
        found[f"anonymous {path}"] = serious_violations(anonymous.page)

    player = open_tab()
    player.log_in("alice", PASSWORD)
    paths = [
        "/",
        "/settings/",
        "/account/",
        f"/players/{alice.username}/",
        f"/players/{bob.username}/",
        "/leaderboard/",
    ]
    # The archives (with a search, and with a bad one), the watch page and the profile settings.
    paths += [
        "/games/",
        "/games/?result=running&sort=longest",
        f"/players/{alice.username}/games/?game=parity&result=won",
    ]
    paths += [f"/players/{alice.username}/games/?since=not-a-date", "/watch/", "/settings/profile/"]
    for slug in all_games():
        paths += [f"/games/{slug}/rules/", f"/leaderboard/{slug}/", f"/challenges/new/{slug}/"]
    for path in paths:
        player.go(path)
        found[f"player {path}"] = serious_violations(player.page)
    for slug, match in matches.items():
        page = player.go(match.get_absolute_url())
        found[f"player {slug}"] = serious_violations(page)
        if half_made_move(page, match):
            found[f"player {slug}, move half made"] = serious_violations(page)

    spectator = open_tab()
    spectator.log_in("carol", PASSWORD)
    for slug, match in matches.items():
        spectator.go(match.get_absolute_url())
        found[f"spectator {slug}"] = serious_violations(spectator.page)

    failures = {where: lines for where, lines in found.items() if lines}
    if failures:
        pytest.fail("\n".join(f"{where}:\n  " + "\n  ".join(lines) for where, lines in failures.items()))
    assert len(found) >= 30
