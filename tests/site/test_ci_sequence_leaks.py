"""C#I Sequence through the site's own pages: nobody is shown a symbol they may not know.

The leak test plays random games by posting moves as the player to move. At every ply, for each
viewer (the player to move, the other player, a logged-in spectator and an anonymous visitor) it
fetches every page and fragment that viewer can reach (the match page, its htmx fragments, the
mover's click URLs, replays, a refused move, the lobby, a profile, the game downloads) and builds
the emails the viewer would get now; then it rewrites the match in the database
into another world the viewer cannot tell apart from the real one: the symbols of the tiles that
have never been in the viewer's hand are shuffled within each colour, consistently in the stored
move notations and in the cached position. It fetches the same pages again as the same viewer and
requires the same bytes (CSRF tokens aside). Any page that depends on a hidden symbol fails it,
wherever the symbol hides (text, attributes, comments, URLs, the move list, replays).

Which tiles a viewer may know is tracked here, independently of the engine's own knowledge
tracking: a seat may know the tiles that have been in its hand; a spectator knows none.
A second, simpler check reads each page: selection links and confirm forms appear only on the
mover's page, a spectator's page names no symbol, and a player's move list names a symbol only
for a placement whose tile has been in that player's hand.

The tests at the end break the redaction on purpose and require the checker to notice.
"""

from __future__ import annotations

import difflib
import html
import random
import re
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.notify.mailer import send_email_job
from daymove.notify.models import EmailPreferences
from daymove.play import boards
from daymove.play.models import Match, Move
from games.ci_sequence import board as B
from games.ci_sequence.rules import CISequence
from games.registry import get_game
from tests.factories import MatchFactory, UserFactory

GAME = get_game("ci-sequence")
HTMX = {"HTTP_HX_REQUEST": "true"}
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

# Tokens that differ between two renders of the same page for reasons of their own.
_RANDOM = re.compile(rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')
# A placement in notation with its symbol shown: "Bm@b2", "Os@a1>E".
_SHOWN_PLACEMENT = re.compile(r"\b[BO][dms]@[a-d][1-4]")
_SYMBOL_WORDS = re.compile(r"\b(?:blue|orange) (?:tile )?(?:dot|moon|sun)s?\b|you know")
_SELECTION = re.compile(r"[?&](?:amp;)?s=")
_CONFIRM = re.compile(r'name="move" value="[^"]+"')
_HISTORY_ENTRY = re.compile(r'<a href="[^"]*\?at=([1-9]\d*)"[^>]*>([^<]*)</a>')  # "start" is at=0
_CHOICE_LINK = re.compile(r'href="([^"]*\?s=[^"]+)"')


# ---- the game's record, replayed here ----------------------------------------------------------
def replay(notations: list[str], options: dict) -> tuple[list, list]:
    """The states after 0..n moves and, per move, the tile id it placed (None for a Move).

    The engine's tile ids stand for physical tiles: the same id is the same tile all game long.
    """
    state = GAME.initial_state(options)
    states, placed = [state], []
    for text in notations:
        state = GAME.play(state, text)
        states.append(state)
        placed.append(state.board[state.lp] if "@" in text else None)
    return states, placed


def held_tiles(states, seat) -> set[int]:
    """The tiles that have been in `seat`'s hand so far: the symbols it may know (none for spectators)."""
    if seat is None:
        return set()
    held = 0
    for state in states:
        held |= state.hands[seat]
    return {t for t in range(14) if held >> t & 1}


def history_entries(page: str) -> list[tuple[int, str]]:
    """The move list of a page: (move index, text as shown)."""
    return [(int(at) - 1, html.unescape(text)) for at, text in _HISTORY_ENTRY.findall(page)]


def hand_types(state, seat) -> Counter:
    return Counter(B.TILE_TYPE[t] for t in range(14) if state.hands[seat] >> t & 1)


def other_world(notations, placed, states, seat, options, rng) -> tuple[list[str], object] | None:
    """Notations and final state of a world `seat` cannot tell from this one, or None if there is none.

    The symbols of the tiles never in the viewer's hand are shuffled within each colour (the counts
    stay right), and every placement of such a tile is rewritten with its new type. The checks at
    the end make sure the world is legal and keeps everything the viewer may know.
    """
    known = held_tiles(states, seat)
    new_type = {}
    for colour in (0, 1):
        tiles = [t for t in range(14) if B.TILE_COLOUR[t] == colour and t not in known]
        types = [B.TILE_TYPE[t] for t in tiles]
        if len(set(types)) < 2:
            continue
        shuffled = list(types)
        while shuffled == types:
            rng.shuffle(shuffled)
        new_type.update(zip(tiles, shuffled))
    changed = [
        B.TYPE_NAMES[new_type[tile]] + text[2:] if tile in new_type else text for text, tile in zip(notations, placed)
    ]
    if changed == notations:
        return None  # the shuffled tiles are all still in their first hand: nothing to rewrite
    other_states, _ = replay(changed, options)
    for state, other in zip(states, other_states):
        assert (state.occ, state.pub, state.to_move, state.final) == (other.occ, other.pub, other.to_move, other.final)
        for owner in (0, 1):
            assert (state.hands[owner] & B.COLOUR_MASK[0]).bit_count() == (
                other.hands[owner] & B.COLOUR_MASK[0]
            ).bit_count()
            assert state.hands[owner].bit_count() == other.hands[owner].bit_count()
        if seat is not None:
            assert hand_types(state, seat) == hand_types(other, seat)
        for sq in range(16):
            tile, twin = state.board[sq], other.board[sq]
            if tile >= 0:
                assert B.TILE_COLOUR[tile] == B.TILE_COLOUR[twin]
                if tile in known:
                    assert B.TILE_TYPE[tile] == B.TILE_TYPE[twin]
    return changed, other_states[-1]


# ---- what each viewer fetches -------------------------------------------------------------------
def normalised(response) -> bytes:
    body = _RANDOM.sub(rb"\1-", response.content)
    return f"{response.status_code} {response.get('Location', '')}\n".encode() + body


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
    if not viewer.logged_in:
        return out
    out.append(("GET", reverse("match_poll", args=[match.pk]), {"ply": max(ply - 1, 0), "status": "active"}, HTMX))
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


def fetch(viewer: Viewer, requests) -> list[tuple[tuple, bytes, str]]:
    pages = []
    for method, path, data, headers in requests:
        if method == "EMAIL":
            mail.outbox.clear()
            send_email_job({"kind": path, "user": viewer.user.pk, **data})
            text = "\n".join(f"{m.subject}\n{m.body}\n{m.alternatives}" for m in mail.outbox)
            pages.append(((method, path, data), text.encode(), text))
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


def diff_excerpt(a: bytes, b: bytes) -> str:
    lines = difflib.unified_diff(
        a.decode().split(">"), b.decode().split(">"), "real world", "other world", n=1, lineterm=""
    )
    return "\n".join(list(lines)[:14])


# ---- the checker --------------------------------------------------------------------------------
class LeakChecker:
    """Plays random games through the pages and collects every leak found (empty when sound)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.leaks: list[str] = []
        self.comparisons = 0
        self.worlds = 0
        self.push_outs = 0

    def play_game(self, seat0, seat1, spectator, options: dict | None = None, max_plies: int = 200):
        """One random game between two fresh accounts, checked at every ply until it ends."""
        rules = GAME
        options = rules.normalize_options(options)
        match = MatchFactory(game=rules.slug, options=options, player0=seat0, player1=seat1)
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
                notations = list(Move.objects.filter(match=match).order_by("ply").values_list("notation", flat=True))
                states, placed = replay(notations, options)
                assert rules.to_json(states[-1]) == match.state  # the moves are the record
                if not match.is_active or match.ply >= max_plies:
                    break
                state = states[-1]
                legal = rules.legal_move_strings(state)
                choice = _push_loving(self.rng, legal)
                mover_path = list(rules.move_tokens(self.rng.choice(legal)))[: self.rng.randint(1, 3)]
                self.check_ply(match, notations, placed, states, viewers, mover_path)
                mover = viewers[match.to_move]
                response = mover.client.post(reverse("play_move", args=[match.pk]), {"move": choice, "ply": match.ply})
                assert response.status_code == 302, response.content.decode()[:500]
                self.push_outs += any(GAME.play(state, choice).hands[s] & ~state.hands[s] for s in (0, 1))
                clock.shift(timedelta(minutes=7))
            if not match.is_active:
                self.check_end(match, notations, viewers)
        return match

    def check_ply(self, match, notations, placed, states, viewers, mover_path):
        real = {}
        for viewer in viewers:
            requests = requests_for(viewer, match, notations, mover_path, self.rng)
            pages = fetch(viewer, requests)
            real[viewer.name] = (requests, pages)
            self.read_pages(viewer, match, pages, placed, states)
        stored_state = match.state
        for seat, names in ((0, ["player 0"]), (1, ["player 1"]), (None, ["spectator", "anonymous"])):
            world = other_world(notations, placed, states, seat, match.options, self.rng)
            if world is None:
                continue
            changed, other_state = world
            self.worlds += 1
            _store(match, notations, changed, GAME.to_json(other_state))
            try:
                for viewer in viewers:
                    if viewer.name not in names:
                        continue
                    requests, pages = real[viewer.name]
                    for (request, body, _), (_, other_body, _) in zip(pages, fetch(viewer, requests)):
                        self.comparisons += 1
                        if body != other_body:
                            self.leaks.append(
                                f"ply {match.ply}: {viewer.name}'s {request} depends on hidden symbols\n"
                                + diff_excerpt(body, other_body)
                            )
            finally:
                _store(match, changed, notations, stored_state)

    def read_pages(self, viewer, match, pages, placed, states):
        """The simpler check: what each page names, against what its viewer may know."""
        known = held_tiles(states, viewer.seat)
        mover = viewer.seat is not None and viewer.seat == match.to_move
        for (method, path, data), _, text in pages:
            where = f"ply {match.ply}: {viewer.name}'s {method} {path} {data}"
            if not mover and (_SELECTION.search(text) or _CONFIRM.search(text)):
                self.leaks.append(f"{where} offers the mover's clicks")
            if method == "EMAIL":
                found = _SHOWN_PLACEMENT.search(text)
                if found and placed[-1] not in known:
                    self.leaks.append(
                        f"{where} names the last move {found.group(0)!r} (its tile was never in their hand)"
                    )
                continue
            if viewer.seat is None:
                for found in (_SHOWN_PLACEMENT.search(text), _SYMBOL_WORDS.search(text)):
                    if found:
                        self.leaks.append(f"{where} names a symbol to a spectator: {found.group(0)!r}")
                continue
            for index, entry in history_entries(text):
                if _SHOWN_PLACEMENT.match(entry) and placed[index] not in known:
                    self.leaks.append(f"{where} shows move {index} as {entry!r} (its tile was never in their hand)")

    def check_end(self, match, notations, viewers):
        """After the end everything is revealed: full move list, every tile face up, the score; replays too."""
        url = match.get_absolute_url()
        for viewer in viewers:
            page = viewer.client.get(url).content.decode()
            entries = [entry for _, entry in history_entries(page)]
            if entries != notations or ">?</text>" in page or "?@" in page:
                self.leaks.append(f"{viewer.name} does not see everything at the end")
            for at in (1, match.ply // 2, match.ply - 1):
                replay_page = viewer.client.get(url, {"at": at}).content.decode()
                if ">?</text>" in replay_page or "?@" in replay_page:
                    self.leaks.append(f"{viewer.name} does not see everything in the replay at {at} after the end")
            moon, sun = match.scores
            if f"Moon {moon} – Sun {sun}" not in page:
                self.leaks.append(f"{viewer.name} is not shown the score at the end")


def _store(match, old: list[str], new: list[str], state_json: dict):
    """Write another world's move notations and cached position over the match's."""
    Match.objects.filter(pk=match.pk).update(state=state_json)
    for ply, (before, after) in enumerate(zip(old, new)):
        if before != after:
            Move.objects.filter(match=match, ply=ply).update(notation=after)


def _push_loving(rng, legal: list[str]) -> str:
    """Random moves with pushes and placements favoured: push-outs move tiles between hands."""
    pushes = [m for m in legal if ">" in m]
    places = [m for m in legal if "@" in m and ">" not in m]
    steps = [m for m in legal if "-" in m]
    roll = rng.random()
    if pushes and roll < 0.45:
        return rng.choice(pushes)
    if places and roll < 0.85:
        return rng.choice(places)
    return rng.choice(steps or places or pushes)


def _players(tag: str):
    return (
        UserFactory(username=f"{tag}-moon"),
        UserFactory(username=f"{tag}-sun"),
        UserFactory(username=f"{tag}-watcher"),
    )


# ---- the tests ----------------------------------------------------------------------------------
@pytest.mark.django_db
def test_no_page_reveals_a_hidden_symbol():
    checker = LeakChecker(random.Random(2024))
    for game, options in enumerate([{}, {}, {"memory": True}]):
        checker.play_game(*_players(f"g{game}"), options=options)
    assert not checker.leaks, "\n\n".join(checker.leaks[:5])
    assert checker.worlds > 100 and checker.comparisons > 700 and checker.push_outs > 5


def _redaction_off(monkeypatch):
    monkeypatch.setattr(CISequence, "history_for", lambda self, state, seat, notations: list(notations))


def _view_reveals(monkeypatch):
    monkeypatch.setattr(CISequence, "_visible", lambda self, state, seat: B.ALL_TILES)


def _comment_in_page(monkeypatch):
    original = boards.match_context

    def careless(match, user, notations, clicked, at):
        context = original(match, user, notations, clicked, at)
        context["board_svg"] += f"<!-- last move {notations[-1] if notations else ''} -->"
        return context

    monkeypatch.setattr(boards, "match_context", careless)
    monkeypatch.setattr("daymove.web.views.match_context", careless)


@pytest.mark.django_db
@pytest.mark.parametrize("breakage", [_redaction_off, _view_reveals, _comment_in_page])
def test_the_checker_notices_a_leak(monkeypatch, breakage):
    """An honest test of the test: with redaction broken on purpose, leaks are reported."""
    breakage(monkeypatch)
    checker = LeakChecker(random.Random(5))
    checker.play_game(*_players("leaky"), max_plies=8)
    differs = [leak for leak in checker.leaks if "depends on hidden symbols" in leak]
    assert differs, "the other-world comparison missed the leak"
    assert len(differs) < len(checker.leaks), "the page reading check missed the leak"


# ---- two people play a whole game by clicking ---------------------------------------------------
def _click_path(rng, client, url) -> tuple[str, dict]:
    """Click highlighted points until the page offers the confirm form; its action and fields."""
    page = client.get(url).content.decode()
    for _ in range(6):
        confirm = re.search(r'<form method="post" action="([^"]+)"[^>]*class="confirm">(.*?)</form>', page, re.S)
        if confirm:
            fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', confirm.group(2)))
            return confirm.group(1), fields
        links = [html.unescape(link) for link in _CHOICE_LINK.findall(page)]
        placing = [link for link in links if re.search(r"\?s=[BO][dms]", link)]
        link = rng.choice(placing if placing and rng.random() < 0.8 else links)
        page = client.get(link).content.decode()
    raise AssertionError("no confirm form after six clicks")


@pytest.mark.django_db
def test_two_accounts_play_a_whole_game_by_clicking(alice, bob, carol):
    rng = random.Random(11)
    match = MatchFactory(game="ci-sequence", player0=alice, player1=bob)
    clients = []
    for user in (alice, bob):
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        clients.append(client)
    url = match.get_absolute_url()
    while match.is_active:
        action, fields = _click_path(rng, clients[match.to_move], url)
        response = clients[match.to_move].post(action, fields)
        assert response.status_code == 302
        match.refresh_from_db()
        assert match.ply < 200
    assert match.status == Match.Status.FINISHED and match.result_reason in {"score", "four-in-a-row"}
    notations = list(Move.objects.filter(match=match).order_by("ply").values_list("notation", flat=True))
    moon, sun = GAME.outcome(replay(notations, {})[0][-1]).scores
    assert list(match.scores) == [moon, sun]
    spectator = Client()
    spectator.force_login(carol)
    for client in (*clients, spectator, Client()):
        page = client.get(url).content.decode()
        assert f"Moon {moon} – Sun {sun}" in page
        assert ">?</text>" not in page and "?@" not in page  # every tile and every move revealed
        assert [entry for _, entry in history_entries(page)] == notations
        assert page.count('class="opt"') == 0  # nothing to click any more
        assert '"historyCacheSize": 0' in page  # htmx keeps no copy of private pages for the back button


@pytest.mark.django_db
def test_resigning_reveals_everything(alice, bob, carol):
    match = MatchFactory(game="ci-sequence", player0=alice, player1=bob)
    alice_client, bob_client, carol_client = Client(), Client(), Client()
    for client, user in ((alice_client, alice), (bob_client, bob), (carol_client, carol)):
        client.force_login(user)
    notations = ["Bm@b2", "Os@c3", "Bd@a1", "Od@b3"]
    for ply, text in enumerate(notations):
        (alice_client, bob_client)[ply % 2].post(reverse("play_move", args=[match.pk]), {"move": text, "ply": ply})
    url = match.get_absolute_url()
    assert "Bm@b2" not in carol_client.get(url).content.decode()
    bob_client.post(reverse("resign", args=[match.pk]), {"confirm": "yes"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for client in (alice_client, bob_client, carol_client, Client()):
        for query in ({}, {"at": 2}):
            page = client.get(url, query).content.decode()
            assert [entry for _, entry in history_entries(page)] == notations
            assert ">?</text>" not in page and "?@" not in page
        assert "blue moon" in page  # the describe list names the symbols at ply 2
