"""The league pages in a browser: a division's table follows a game's ending without a reload, axe-core finds
nothing serious or critical on any league page, they fit a 375 px phone (the crosstable scrolls in its own region,
reached by keyboard; screenshot in test-artifacts/)."""

import time

import pytest
from playwright.sync_api import expect

from daymove.competitions.models import LeagueGame, Season
from daymove.play import lookups
from daymove.round import endings, moves
from tests.factories import PASSWORD, UserFactory
from tests.support.axe import serious_violations
from tests.support.leagues import a_division, a_season, a_series

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
LIVE_SECONDS = 2.0  # a change shows on an open page within this (tests/browser/test_live_updates.py)


def _league(names):
    """A league with season 1 running: a division of these players (every game started), a second division below
    so statuses are at stake, and season 2 open."""
    series = a_series("Browser league")
    season = a_season(series, 1, status=Season.Status.RUNNING)
    players = [UserFactory(username=name) for name in names]
    division = a_division(season, players)
    a_division(season, [UserFactory(username=f"below{n}") for n in range(4)], index=1, with_games=False)
    a_season(series, 2)
    return series, season, division, players


def _open(tab, path):
    page = tab.go(path)
    page.wait_for_function("() => document.body.dataset.liveState === 'open'")  # it hears its division's events
    return page


def test_the_division_table_follows_a_game_ending_without_reload(open_tab):
    series, season, division, (ann, ben, cat, dan) = _league(["ann", "ben", "cat", "dan"])
    game = LeagueGame.objects.filter(division=division).order_by("round", "pk").first()
    match = lookups.get_match(game.match_id)
    mover = match.players[match.to_move]
    moves.submit_move(match.pk, mover, match.rules.legal_move_strings(match.position())[0], match.ply)
    watcher = open_tab()  # a visitor, not signed in: divisions are public and live for everyone
    page = _open(watcher, division.get_absolute_url())
    table = page.locator("#division-table")
    expect(table).not_to_contain_text("1-0")
    expect(table).not_to_contain_text("0-1")
    page.evaluate("window.notReloaded = true")

    loser = match.players[1 - match.seat_of(mover)]
    endings.resign(match.pk, loser)  # the game ends: the table, crosstable and fixtures change
    ended = time.monotonic()
    result = "1-0" if mover == match.player0 else "0-1"
    expect(table.locator(f'a[href="{match.get_absolute_url()}"]').first).to_be_visible()
    expect(page.locator("#fixtures-heading + h3 + ul")).to_contain_text(result, timeout=LIVE_SECONDS * 1000)
    assert time.monotonic() - ended < LIVE_SECONDS
    first_row = page.locator(".league-table tbody tr").first
    expect(first_row).to_contain_text(mover.username)
    expect(first_row.locator("td").nth(6)).to_have_text("1")  # points
    assert page.evaluate("window.notReloaded") is True  # the same document: redrawn, not reloaded
    assert watcher.console_errors == []


def test_the_league_pages_are_accessible_fit_a_phone_and_the_crosstable_is_reached_by_keyboard(open_tab):
    names = [f"rook{n}" for n in range(1, 8)] + ["a-player-with-a-rather-long-name"]
    series, season, division, players = _league(names)
    first = LeagueGame.objects.filter(division=division).order_by("round", "pk").first().match
    endings.resign(first.pk, first.player0)
    me = players[-1]
    UserFactory(username="unverified", verified=False)
    found = {}
    visitor = open_tab(width=PHONE["width"])
    visitor.page.set_viewport_size(PHONE)
    for path in ("/leagues/", series.get_absolute_url(), division.get_absolute_url()):
        found[f"anonymous {path}"] = serious_violations(visitor.go(path))
    for who in (me.username, "unverified"):  # a player of the division; someone told why they cannot join
        tab = open_tab(width=PHONE["width"])
        tab.page.set_viewport_size(PHONE)
        tab.log_in(who, PASSWORD)
        for path in (
            "/leagues/",
            series.get_absolute_url(),
            season.get_absolute_url(),
            division.get_absolute_url(),
            f"/players/{me.username}/",
        ):
            page = tab.go(path)
            assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, path
            found[f"{who} {path}"] = serious_violations(page)
    assert {path: problems for path, problems in found.items() if problems} == {}

    tab = open_tab(width=PHONE["width"])
    tab.page.set_viewport_size(PHONE)
    tab.log_in(me.username, PASSWORD)
    page = _open(tab, division.get_absolute_url())
    expect(page.locator(".need")).to_contain_text("For you:")
    tab.screenshot("league-division-375")

    # The crosstable, wider than the phone, scrolls in its own region: Tab reaches it and the arrow keys scroll it.
    region = page.locator('[role="region"][aria-labelledby="crosstable-caption"]')
    assert region.evaluate("element => element.scrollWidth > element.clientWidth")
    for _ in range(120):
        page.keyboard.press("Tab")
        if region.evaluate("element => element === document.activeElement"):
            break
    else:
        pytest.fail("the crosstable's region was not reached with Tab")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('[aria-labelledby=\"crosstable-caption\"]').scrollLeft > 0", timeout=2000
    )
    assert tab.console_errors == []
