"""Security headers, and pages that keep to the Content-Security-Policy (no inline script, style or handlers).

`manage.py check --deploy` in production mode (HSTS, secure cookies, SSL redirect, secret key) is
tests/site/test_settings.py::test_check_deploy_is_clean_in_production_mode; it is not repeated here.
That htmx works under this policy in a real browser is tests/browser/test_csp_htmx.py.

The crawl starts from the pages a logged-in player uses (every game's match page with a selection,
a replay and its htmx fragments, the lobby, settings, profiles, leaderboards, rules, account pages)
and follows every same-site link it finds, each path once, so new pages are checked as they appear.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from daymove.play import lookups
from daymove.play.models import Match
from daymove.round import draws, moves
from games.registry import all_games
from tests.factories import MatchFactory
from tests.support.world import build_world

HTMX = {"HTTP_HX_REQUEST": "true"}
UNSAFE_SOURCES = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "http:", "https:")
SKIP_PATHS = ("/accounts/logout/", "/static/", "/admin/")
MAX_PAGES = 250


def csp_directives(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


def header_problems(response) -> list[str]:
    """What is missing or unsafe in the response's security headers."""
    problems = []
    csp = response.get("Content-Security-Policy")
    if not csp:
        return ["no Content-Security-Policy"]
    directives = csp_directives(csp)
    for kind in ("script-src", "style-src"):
        sources = directives.get(kind, directives.get("default-src"))
        if sources is None:
            problems.append(f"no {kind} (nor default-src)")
        elif unsafe := [s for s in sources if s in UNSAFE_SOURCES]:
            problems.append(f"{kind} allows {unsafe}")
    for kind in ("object-src", "base-uri", "frame-ancestors"):
        if kind not in directives:
            problems.append(f"no {kind}")
    if directives.get("frame-ancestors") not in (["'none'"], None):
        problems.append(f"frame-ancestors {directives['frame-ancestors']}")
    if response.get("X-Frame-Options") != "DENY":
        problems.append(f"X-Frame-Options {response.get('X-Frame-Options')!r}")
    if response.get("X-Content-Type-Options") != "nosniff":
        problems.append(f"X-Content-Type-Options {response.get('X-Content-Type-Options')!r}")
    if response.get("Referrer-Policy") not in (
        "same-origin",
        "strict-origin",
        "no-referrer",
        "strict-origin-when-cross-origin",
    ):
        problems.append(f"Referrer-Policy {response.get('Referrer-Policy')!r}")
    return problems


class MarkupCheck(HTMLParser):
    """Collects what a strict CSP would block: inline scripts, <style>, style= and on*= attributes,
    javascript: URLs; and the page's same-site links."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.links: list[str] = []
        self.htmx_config: dict | None = None
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script":
            self._in_script = True
            if not attributes.get("src"):
                self.problems.append("an inline <script>")
            if attributes.get("type", "text/javascript") not in ("text/javascript", "module"):
                self.problems.append(f"<script type={attributes.get('type')!r}>")
        if tag == "style":
            self.problems.append("a <style> block")
        for name, value in attrs:
            if name == "style":
                self.problems.append(f"<{tag} style={value!r}>")
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name.startswith(("hx-on", "data-hx-on")):
                self.problems.append(f"<{tag} {name}> (htmx would need eval)")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag == "meta" and attributes.get("name") == "htmx-config":
            self.htmx_config = json.loads(attributes["content"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        for name in ("hx-get",):
            if attributes.get(name):
                self.links.append(attributes[name])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.problems.append(f"script content {data.strip()[:40]!r}")


def markup_of(response) -> MarkupCheck:
    check = MarkupCheck()
    check.feed(response.content.decode())
    check.close()
    return check


class Crawler:
    """Visits pages as one client, each path once (plus the seed URLs as given), and records problems."""

    def __init__(self, client: Client):
        self.client = client
        self.seen: set[str] = set()
        self.visited: list[str] = []
        self.problems: list[str] = []
        self.htmx_configs: list[dict] = []

    def visit(self, url: str, **headers) -> None:
        key = url + ("#htmx" if headers else "")
        if key in self.seen or len(self.visited) >= MAX_PAGES:
            return
        self.seen.add(key)
        response = self.client.get(url, **headers)
        self.visited.append(key)
        if response.status_code >= 500:
            self.problems.append(f"{url}: {response.status_code}")
            return
        self.problems += [f"{url}: {problem}" for problem in header_problems(response)]
        if not response.get("Content-Type", "").startswith("text/html") or response.status_code in (301, 302):
            return
        markup = markup_of(response)
        self.problems += [f"{url}: {problem}" for problem in markup.problems]
        if markup.htmx_config is not None:
            self.htmx_configs.append(markup.htmx_config)
        for link in markup.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path.startswith("/"):
                continue  # another site, or a fragment link
            if not parts.path.startswith(SKIP_PATHS):
                self.visit(parts.path)  # each path once: query strings (clicks, replays) are seeded below


def played_match(game: str, player, opponent, plies: int) -> Match:
    """A match of `game` with the player in the first seat, after a few legal moves."""
    match = MatchFactory(game=game, player0=player, player1=opponent)
    for _ in range(plies):
        match = lookups.get_match(match.pk)
        if not match.is_active:
            break
        text = match.rules.legal_move_strings(match.position())[0]
        moves.submit_move(match.pk, match.players[match.to_move], text, match.ply)
    return lookups.get_match(match.pk)


def seed_urls(world) -> list[tuple[str, dict]]:
    """The pages a player uses, with the query strings and htmx requests a crawl by path would miss."""
    player, opponent = world.users["player"], world.users["opponent"]
    urls = [
        (reverse("lobby"), {}),
        (reverse("player_settings"), {}),
        (reverse("account"), {}),
        (reverse("delete_account"), {}),
        (reverse("account_email"), {}),
        (reverse("account_change_password"), {}),
        (reverse("profile", args=[opponent.username]), {}),
        (reverse("leaderboard_index"), {}),
        (reverse("resign", args=[world.match.pk]), {}),
        (world.finished.get_absolute_url(), {}),
        (reverse("lobby") + "?game=abande&min_rating=1000&max_rating=2000&clock=3", {}),
    ]
    for slug in all_games():
        urls += [
            (reverse("rules", args=[slug]), {}),
            (reverse("leaderboard", args=[slug]), {}),
            (reverse("new_challenge", args=[slug]), {}),
            (reverse("expected_change", args=[slug]) + f"?opponent={opponent.username}", HTMX),
        ]
        # Two matches per game: the player to move (with clicks on offer) and waiting for the opponent.
        for plies in (2, 3):
            match = played_match(slug, player, opponent, plies)
            url = match.get_absolute_url()
            urls += [
                (url, {}),
                (url + "?at=1", {}),
                (url + "?at=1", HTMX),
                (url, HTMX),
                (reverse("match_part", args=[match.pk, "play"]) + "?ply=0&status=active", HTMX),
                (reverse("match_part", args=[match.pk, "actions"]) + "?ply=0&status=active", HTMX),
                (reverse("chat_read", args=[match.pk]), HTMX),
            ]
            if match.to_move == 0:
                first = match.rules.move_tokens(match.rules.legal_move_strings(match.position())[0])
                for depth in range(1, len(first) + 1):
                    query = "&".join(f"s={token}" for token in first[:depth])
                    urls += [(f"{url}?{query}", {}), (f"{url}?{query}", HTMX)]
    draws.offer_draw(world.match.pk, opponent)  # the buttons to accept or decline it
    return urls


@pytest.mark.django_db
def test_security_headers_and_no_inline_code_on_any_page():
    world = build_world()
    crawler = Crawler(world.client("player"))
    for url, headers in seed_urls(world):
        crawler.visit(url, **headers)
    anonymous = Crawler(Client())
    for name in ("lobby", "account_login", "account_signup", "account_reset_password", "leaderboard_index"):
        anonymous.visit(reverse(name))
    problems = crawler.problems + anonymous.problems
    assert not problems, "\n".join(problems[:30])
    # The crawl really went round the site: match pages of every game, fragments, account pages.
    paths = " ".join(crawler.visited)
    assert len(crawler.visited) > 80, crawler.visited
    for expected in (
        "/m/",
        "#htmx",
        "/players/",
        "/settings/",
        "/accounts/email/",
        "/rules/",
        "/leaderboard/",
        "/account/",
    ):
        assert expected in paths, expected
    # htmx, told not to use eval nor to add its indicator <style>, on every full page.
    assert crawler.htmx_configs and all(
        c.get("allowEval") is False and c.get("includeIndicatorStyles") is False for c in crawler.htmx_configs
    )


def test_the_checks_notice_what_a_strict_policy_blocks():
    """The markup checker is honest: each forbidden thing is reported."""
    page = (
        '<script>alert(1)</script><script src="/static/x.js"></script><style>p{}</style>'
        '<p style="color:red" onclick="x()">x</p><a href="javascript:x()">y</a><div hx-on:click="x"></div>'
    )

    class Response:
        content = page.encode()

    problems = " | ".join(markup_of(Response).problems)
    for expected in (
        "inline <script>",
        "script content",
        "<style> block",
        "style=",
        "onclick=",
        "javascript:",
        "hx-on",
    ):
        assert expected in problems, expected
    assert "x.js" not in problems


@pytest.mark.django_db
def test_error_and_refusal_pages_carry_the_headers_too(world):
    client = world.client("other")
    responses = (
        (client.get("/m/999999/"), 404),
        (client.post(reverse("resign", args=[world.match.pk]), {"confirm": "yes"}), 403),
        (client.get(reverse("chat_read", args=[world.match.pk]), **HTMX), 403),
    )
    for response, status in responses:
        assert response.status_code == status
        assert header_problems(response) == []
        assert markup_of(response).problems == []


def test_the_policy_itself():
    """The header as the site sends it: no inline code or eval, no framing, plugins or foreign bases."""
    from daymove.security import CONTENT_SECURITY_POLICY

    directives = csp_directives(CONTENT_SECURITY_POLICY)
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'none'"]
    assert not re.search(r"unsafe|nonce|sha\d+-", CONTENT_SECURITY_POLICY)
