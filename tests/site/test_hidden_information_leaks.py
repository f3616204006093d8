"""Every game with hidden information, through the site's own pages: nobody is shown what they may not know.

The leak test plays random games by posting moves as the player to move. At every ply, for each viewer (the player
to move, the other player, a logged-in spectator and an anonymous visitor) it fetches every page and fragment that
viewer can reach (the match page, its htmx fragments, the mover's click URLs, replays, a refused move, the lobby, a
profile, the game downloads, the match's own record as JSON and text; for a league game its division's page, live
table part and CSV and JSON downloads) and builds the emails the viewer would get
now, board pictures included; then it rewrites the match in the database into another world the viewer cannot tell
apart from the real one (the game's `alternative_history`, tests/support/leaks.py), consistently in the stored move
notations and in the cached position. It fetches the same pages again as the same viewer and requires the same bytes
(CSRF tokens aside). Any page that depends on a hidden fact fails it, wherever the fact hides (text, attributes,
comments, URLs, the move list, replays, pictures).

A second, simpler check reads each page: selection links and confirm forms appear only on the mover's page, no
move list shows a move as it really was when the viewer cannot know it, and neither a spectator's page nor an
email names such a move. After the end everything is shown to everyone.

The tests at the end break the redaction on purpose and require the checker to notice.
"""

from __future__ import annotations

import hashlib
import html
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.competitions import downloads
from daymove.competitions.models import LeagueGame, Season
from daymove.notify.mailer import send_email_job
from daymove.notify.models import EmailPreferences
from daymove.play import match_board
from daymove.play.models import Match
from daymove.web.views import LIVE_PARTS
from games.registry import all_games
from tests.factories import MatchFactory, UserFactory
from tests.support.leagues import a_division, a_season, a_series
from tests.support.leaks import (
    OtherWorld,
    diff_excerpt,
    history_entries,
    names_move,
    normalised,
    replay,
)

HTMX = {"HTTP_HX_REQUEST": "true"}
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
HIDDEN_GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items() if game.visibility.hidden]

_SELECTION = re.compile(r"[?&](?:amp;)?s=")
_CONFIRM = re.compile(r'name="move" value="[^"]+"')


class Viewer:
    """A person: their browser, their account (None for anonymous), the seat they play (None for spectators)."""

    def __init__(self, name: str, user, seat: int | None):
        self.name = name
        self.user = user
        self.client = Client()
        if user is not None:
            self.client.force_login(user)
        self.seat = seat
        self.logged_in = user is not None


def requests_for(viewer: Viewer, match: Match, notations: list[str], mover_path: list[str], rng) -> list[tuple]:
    """The pages and fragments of this match the viewer can reach at this ply.

    Replays are sampled (the last position, or any earlier one); the lobby, which shows a match
    only to its players, every third ply. The poll with a stale ply renders the htmx fragment.
    """
    url = match.get_absolute_url()
    ply = match.ply
    at = ply - 1 if ply % 2 else rng.randrange(ply) if ply else 0
    out = [("GET", url, {}, {}), ("GET", url, {"at": at}, HTMX if rng.random() < 0.5 else {})]
    # The match's own record, downloaded: by anyone, as they may see it.
    out += [("GET", reverse(name, args=[match.pk]), {}, {}) for name in ("match_record_json", "match_record_text")]
    out += league_requests(match)
    if not viewer.logged_in:
        return out
    stale = {"ply": max(ply - 1, 0), "status": "active", "offer": "x"}
    out += [("GET", reverse("match_part", args=[match.pk, part]), stale, HTMX) for part in LIVE_PARTS]
    if ply % 3 == 0:  # the pages that list matches, and the downloads of one's games
        if viewer.seat is None:
            out.append(("GET", reverse("profile", args=[match.players[0].username]), {}, {}))
        else:
            out += [("GET", reverse(name), {}, {}) for name in ("lobby", "download_json", "download_text")]
    if viewer.seat == match.to_move:  # the emails they get now (player 1 takes the daily digest)
        out += [
            ("EMAIL", "your_turn", {"match": match.pk, "ply": ply}, {}),
            ("EMAIL", "reminder", {"match": match.pk, "ply": ply, "hours": 24}, {}),
            ("EMAIL", "digest", {"date": "2025-03-01"}, {}),
        ]
    # The mover's clicks: their own URL for the mover, a crafted one for everybody else.
    if mover_path:
        out.append(("GET", url, {"s": mover_path}, HTMX))
    if notations:
        # Claim the last move as one's own: no answer may tell whether the guess was right.
        out.append(("POST", reverse("play_move", args=[match.pk]), {"move": notations[-1], "ply": ply - 1}, HTMX))
    return out


def league_requests(match: Match) -> list[tuple]:
    """A league game's division: its page, the table part its live updates fetch, and its downloads (none if the
    match is not a league game)."""
    game = LeagueGame.objects.filter(match=match).select_related("division__season__series").first()
    if game is None:
        return []
    page = game.division.get_absolute_url()
    downloads = [("GET", page.rstrip("/") + suffix, {}, {}) for suffix in (".csv", ".json")]
    return [("GET", page, {}, {}), ("GET", page + "table/", {}, HTMX), *downloads]


def in_a_league(match: Match) -> None:
    """Make the match a game of a running league division of its two players."""
    series = a_series(f"Leak league {match.pk}", game=match.game, options=match.options)
    season = a_season(series, 1, status=Season.Status.RUNNING)
    division = a_division(season, list(match.players), with_games=False)
    LeagueGame.objects.create(division=division, match=match, round=1)


def fetch(viewer: Viewer, requests) -> list[tuple[tuple, bytes, str]]:
    """(request, bytes compared between the worlds, text read) for each request."""
    pages = []
    for method, path, data, headers in requests:
        if method == "EMAIL":
            mail.outbox.clear()
            send_email_job({"kind": path, "user": viewer.user.pk, **data})
            text = "\n".join(f"{m.subject}\n{m.body}\n{m.alternatives}" for m in mail.outbox)
            # The board pictures too, byte for byte (by digest): a PNG drawn from a hidden fact differs between worlds.
            pictures = [
                hashlib.sha256(part.get_payload(decode=True)).hexdigest() for m in mail.outbox for part in m.attachments
            ]
            pages.append(((method, path, data), f"{text}\npictures {pictures}".encode(), text))
            continue
        if method == "GET":
            response = viewer.client.get(path, data, **headers)
        else:
            response = viewer.client.post(path, data, **headers)
        assert response.status_code < 500, (viewer.name, path, data)
        if path.startswith("/m/") or "games." in path:  # private: kept by no browser cache
            assert {"private", "no-store"} <= set(response.get("Cache-Control", "").replace(" ", "").split(",")), path
        pages.append(((method, path, data), normalised(response), response.content.decode()))
    return pages


class LeakChecker:
    """Plays random games through the pages and collects every leak found (empty when sound)."""

    def __init__(self, game, rng: random.Random):
        self.game = game
        self.rng = rng
        self.leaks: list[str] = []
        self.comparisons = 0
        self.worlds = 0

    def play_game(self, seat0, seat1, spectator, options: dict | None = None, max_plies: int = 200, league=False):
        """One random game between two fresh accounts (a league game, if asked), checked at every ply until it ends."""
        game = self.game
        options = game.normalize_options(options)
        match = MatchFactory(game=game.slug, options=options, player0=seat0, player1=seat1)
        if league:
            in_a_league(match)
        EmailPreferences.objects.create(user=seat1, turn_emails=EmailPreferences.TurnEmails.DIGEST)
        viewers = [
            Viewer("player 0", seat0, 0),
            Viewer("player 1", seat1, 1),
            Viewer("spectator", spectator, None),
            Viewer("anonymous", None, None),
        ]
        with time_machine.travel(START, tick=False) as clock:
            while True:
                match.refresh_from_db()
                notations = match.notations()
                states = replay(game, notations, options)
                assert game.to_json(states[-1]) == match.state  # the moves are the record
                if not match.is_active or match.ply >= max_plies:
                    break
                legal = game.legal_move_strings(states[-1])
                choice = self.rng.choice(legal)
                mover_path = list(game.move_tokens(self.rng.choice(legal)))[: self.rng.randint(1, 3)]
                self.check_ply(match, notations, viewers, mover_path)
                mover = viewers[match.to_move]
                response = mover.client.post(reverse("play_move", args=[match.pk]), {"move": choice, "ply": match.ply})
                assert response.status_code == 302, response.content.decode()[:500]
                clock.shift(timedelta(minutes=7))
            if not match.is_active:
                self.check_end(match, states[-1], notations, viewers)
        return match

    def check_ply(self, match, notations, viewers, mover_path):
        worlds = {seat: OtherWorld(self.game, match, notations, seat, self.rng) for seat in (0, 1, None)}
        real = {}
        for viewer in viewers:
            requests = requests_for(viewer, match, notations, mover_path, self.rng)
            pages = fetch(viewer, requests)
            real[viewer.name] = (requests, pages)
            self.read_pages(viewer, match, pages, worlds[viewer.seat])
        for seat, world in worlds.items():
            if not world:
                continue
            self.worlds += 1
            with world:
                for viewer in viewers:
                    if viewer.seat != seat:
                        continue
                    requests, pages = real[viewer.name]
                    for (request, body, _), (_, other_body, _) in zip(pages, fetch(viewer, requests)):
                        self.comparisons += 1
                        if body != other_body:
                            self.leaks.append(
                                f"ply {match.ply}: {viewer.name}'s {request} depends on hidden information\n"
                                + diff_excerpt(body, other_body)
                            )

    def read_pages(self, viewer, match, pages, world):
        """The simpler check: what each page names, against what its viewer cannot know."""
        mover = viewer.seat is not None and viewer.seat == match.to_move
        for (method, path, data), _, text in pages:
            where = f"ply {match.ply}: {viewer.name}'s {method} {path} {data}"
            if not mover and (_SELECTION.search(text) or _CONFIRM.search(text)):
                self.leaks.append(f"{where} offers the mover's clicks")
            if not world:
                continue
            # A hidden move's notation may also be the notation of a move the viewer does know: not a leak then.
            unknown = set(world.secrets) - {a for a, b in zip(world.real, world.other) if a == b}
            for index, entry in history_entries(text):
                if entry == world.real[index] != world.other[index]:
                    self.leaks.append(f"{where} shows move {index} as {entry!r}, which its viewer cannot know")
            if method == "EMAIL" or viewer.seat is None:
                for secret in unknown:
                    if names_move(text, secret) or names_move(html.unescape(text), secret):
                        self.leaks.append(f"{where} names the hidden move {secret!r}")

    def check_end(self, match, final, notations, viewers):
        """After the end everything is shown: the whole move list, in replays too, and the final position."""
        url = match.get_absolute_url()
        for viewer in viewers:
            page = viewer.client.get(url).content.decode()
            if [entry for _, entry in history_entries(page)] != notations:
                self.leaks.append(f"{viewer.name} does not see the whole move list at the end")
            for line in self.game.position_in_words(self.game.visibility.revealed_view(final, viewer.seat)):
                if html.escape(line, quote=False) not in page and html.escape(line) not in page:
                    self.leaks.append(f"{viewer.name} is not told at the end: {line!r}")
            record = viewer.client.get(reverse("match_record_json", args=[match.pk])).json()
            if record["moves"] != notations:
                self.leaks.append(f"{viewer.name}'s download of the game does not hold the whole move list at the end")
            for at in (1, match.ply // 2, match.ply - 1):
                replay_page = viewer.client.get(url, {"at": at}).content.decode()
                if [entry for _, entry in history_entries(replay_page)] != notations:
                    self.leaks.append(f"{viewer.name} does not see the whole move list in the replay at {at}")


def _players(tag: str):
    return (
        UserFactory(username=f"{tag}-first"),
        UserFactory(username=f"{tag}-second"),
        UserFactory(username=f"{tag}-watcher"),
    )


# ---- the tests ----------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game through every page, part and email (1-2 minutes): `make test`, not `make check`
@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_no_page_reveals_hidden_information(game):
    checker = LeakChecker(game, random.Random(2024))
    for number, options in enumerate([*game.option_combinations(), {}]):
        checker.play_game(*_players(f"g{number}"), options=options)
    assert not checker.leaks, "\n\n".join(checker.leaks[:5])
    assert checker.worlds > 100 and checker.comparisons > 700, (checker.worlds, checker.comparisons)


@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_a_league_games_division_page_and_downloads_reveal_nothing(game):
    """The division page, its live table part and its CSV and JSON, for the players and spectators of a league game
    with hidden information, are the same in every world they cannot tell apart, at every ply."""
    checker = LeakChecker(game, random.Random(28))
    match = checker.play_game(*_players("league"), max_plies=24, league=True)
    assert not checker.leaks, "\n\n".join(checker.leaks[:5])
    league_pages = [
        r for r in requests_for(Viewer("anyone", None, None), match, [], [], checker.rng) if "/leagues/" in r[1]
    ]
    assert len(league_pages) == 4 and checker.worlds > 20


@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_the_checker_notices_a_league_download_that_leaks(monkeypatch, game):
    """An honest test of the test above: a download that names the moves is caught."""
    monkeypatch.setattr(downloads, "result_text", lambda league_game: " ".join(league_game.match.notations()))
    checker = LeakChecker(game, random.Random(28))
    checker.play_game(*_players("leaky-league"), max_plies=6, league=True)
    assert any(".json" in leak and "depends on hidden information" in leak for leak in checker.leaks)


def _redaction_off(monkeypatch, game):
    monkeypatch.setattr(type(game.visibility), "history_for", lambda self, state, seat, notations: list(notations))


def _view_reveals(monkeypatch, game):
    reveal = game.visibility.revealed_view
    monkeypatch.setattr(type(game), "player_view", lambda self, state, seat: reveal(state, seat))


def _comment_in_page(monkeypatch, game):
    original = match_board.match_context

    def careless(match, user, notations, clicked, at):
        context = original(match, user, notations, clicked, at)
        context["board_svg"] += f"<!-- last move {notations[-1] if notations else ''} -->"
        return context

    monkeypatch.setattr(match_board, "match_context", careless)


@pytest.mark.slow  # the sweep above, once for each breakage: `make test`, not `make check`
@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
@pytest.mark.parametrize("breakage", [_redaction_off, _view_reveals, _comment_in_page])
def test_the_checker_notices_a_leak(monkeypatch, game, breakage):
    """An honest test of the test: with redaction broken on purpose, leaks are reported."""
    breakage(monkeypatch, game)
    checker = LeakChecker(game, random.Random(5))
    checker.play_game(*_players("leaky"), max_plies=8)
    differs = [leak for leak in checker.leaks if "depends on hidden information" in leak]
    assert differs, "the other-world comparison missed the leak"
    assert len(differs) < len(checker.leaks), "the page reading check missed the leak"
