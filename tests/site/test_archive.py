"""The archives: every filter and combination returns exactly the matching games, in order, page after page
(checked against a brute-force filter in Python over seeded games); paging is stable while games end and start;
a bad search is a message on the page; unlisted games are the player's own."""

from __future__ import annotations

import html
import random
import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daymove.clocks.models import MatchClock, TimeControl
from daymove.clocks.terms import DAYS_PER_MOVE
from daymove.play.models import Match
from daymove.players.models import Player
from daymove.round import endings
from daymove.web import archive
from daymove.web.archive_filters import ArchiveFilter
from games.registry import all_games
from tests.factories import MatchFactory, UserFactory

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
GAMES = list(all_games())
# The game whose board is a challenger's choice, found by its options (the archive filters by it), and its boards.
[(BOARD_GAME, BOARDS)] = [
    (slug, spec.choices)
    for slug, game in all_games().items()
    for spec in game.chosen_option_specs()
    if spec.name == "board"
]
BOARDLESS_GAME = next(slug for slug in GAMES if slug != BOARD_GAME)
NAMES = ("alice", "bob", "carol", "robo", "dave")  # robo is a bot, dave keeps his games unlisted
CLOCKS = [str(days) for days in DAYS_PER_MOVE] + ["bank"]
DAYS = [(START + timedelta(days=d)).date() for d in range(0, 12)]


def seed_games(count: int, rng: random.Random) -> dict:
    """Players and `count` games of every kind between them; start times and lengths repeat (ties by id)."""
    users = {name: UserFactory(username=name) for name in NAMES}
    Player.objects.filter(user=users["robo"]).update(is_bot=True)
    Player.objects.filter(user=users["dave"]).update(games_listed=False)
    for _ in range(count):
        first, second = rng.sample(NAMES, 2)
        game = rng.choice(GAMES)
        options = {"board": rng.choice(BOARDS)} if game == BOARD_GAME else {}
        status = rng.choice([Match.Status.ACTIVE, Match.Status.FINISHED, Match.Status.FINISHED, Match.Status.ABORTED])
        created = START + timedelta(hours=rng.choice(range(0, 24 * 10, 7)))
        ended = created + timedelta(days=1) if status != Match.Status.ACTIVE else None
        match = MatchFactory(
            game=game,
            options=all_games()[game].normalize_options(options),
            player0=users[first],
            player1=users[second],
            status=status,
            to_move=0 if status == Match.Status.ACTIVE else None,
            winner=rng.choice([0, 1, None]) if status == Match.Status.FINISHED else None,
            rated=rng.random() < 0.5,
            ply=rng.choice([0, 3, 3, 10, 25]),
            created=created,
            updated=ended or created,
            finished_at=ended,
        )
        clock = rng.choice([None, *CLOCKS])
        if clock == "bank":
            MatchClock.objects.create(match=match, kind=TimeControl.Kind.BANK, bank_initial_days=7)
        elif clock:
            MatchClock.objects.create(match=match, kind=TimeControl.Kind.PER_MOVE, days_per_move=int(clock))
    return users


def brute_force(player, viewer, data: dict) -> list[int]:
    """The ids of the games the search asks for, found by reading every game in Python, in the page order."""
    found = []
    for m in Match.objects.select_related("player0__player", "player1__player").order_by("id"):
        players = (m.player0, m.player1)
        unlisted = not (m.player0.player.games_listed and m.player1.player.games_listed)
        if player is None:
            seat = None
            if unlisted:
                continue
        else:
            if player not in players:
                continue
            seat = players.index(player)
            if unlisted and (viewer is None or viewer != player):
                continue
        if not _wanted(m, seat, data):
            continue
        found.append(m)
    key = {
        "newest": (lambda m: (m.created, m.pk), True),
        "oldest": (lambda m: (m.created, m.pk), False),
        "longest": (lambda m: (m.ply, m.pk), True),
        "shortest": (lambda m: (m.ply, m.pk), False),
    }[data.get("sort") or "newest"]
    return [m.pk for m in sorted(found, key=key[0], reverse=key[1])]


def _wanted(m, seat, data) -> bool:
    other = None if seat is None else (m.player0, m.player1)[1 - seat]
    clock = getattr(m, "clock", None)
    started = timezone.localtime(m.created).date()
    results = {
        "won": m.status == "finished" and seat is not None and m.winner == seat,
        "lost": m.status == "finished" and seat is not None and m.winner == 1 - seat,
        "decided": m.status == "finished" and m.winner is not None,
        "drawn": m.status == "finished" and m.winner is None,
        "aborted": m.status == "aborted",
        "running": m.status == "active",
    }
    if seat is None:
        has_bot = m.player0.player.is_bot or m.player1.player.is_bot
        bots = {"bot": has_bot, "person": not has_bot}
    else:
        bots = {"bot": other.player.is_bot, "person": not other.player.is_bot}
    return all(
        [
            not data.get("game") or m.game == data["game"],
            not data.get("board") or (m.game == BOARD_GAME and m.options.get("board") == data["board"]),
            not data.get("opponent") or other.username == data["opponent"],
            not data.get("result") or results[data["result"]],
            not data.get("rated") or m.rated == (data["rated"] == "yes"),
            not data.get("clock") or (clock is not None and _clock_is(clock, data["clock"])),
            not data.get("since") or started >= date.fromisoformat(data["since"]),
            not data.get("until") or started <= date.fromisoformat(data["until"]),
            not data.get("bots") or bots[data["bots"]],
        ]
    )


def _clock_is(clock, wanted: str) -> bool:
    if wanted == "bank":
        return clock.kind == TimeControl.Kind.BANK
    return clock.kind == TimeControl.Kind.PER_MOVE and clock.days_per_move == int(wanted)


def every_page(player, viewer, data: dict) -> list[int]:
    """The ids on every page of the search, following each page's cursor through the form as a browser would."""
    ids, query = [], dict(data)
    while True:
        form = ArchiveFilter(query, player=player)
        assert form.is_valid(), form.errors
        page = (
            archive.player_games(player, viewer, form.cleaned_data) if player else archive.site_games(form.cleaned_data)
        )
        assert len(page.matches) <= archive.PAGE_SIZE
        ids += [m.pk for m in page.matches]
        if page.next_cursor is None:
            return ids
        query["after"] = page.next_cursor


def maybe(values) -> st.SearchStrategy:
    """A field left empty about three times in four (else most searches find nothing), or one of the values."""
    return st.one_of(st.just(""), st.just(""), st.just(""), st.sampled_from(values))


def searches(player_archive: bool):
    """Any search the form accepts (the board only with its game or no game; the dates in order)."""
    results = (
        ["won", "lost", "drawn", "aborted", "running"] if player_archive else ["decided", "drawn", "aborted", "running"]
    )
    return st.fixed_dictionaries(
        {
            "game": maybe(GAMES),
            "board": maybe(BOARDS),
            "opponent": maybe(NAMES) if player_archive else st.just(""),
            "result": maybe(results),
            "rated": maybe(["yes", "no"]),
            "clock": maybe(CLOCKS),
            "dates": st.lists(maybe(list(map(str, DAYS))), min_size=2, max_size=2),
            "bots": maybe(["bot", "person"]),
            "sort": st.sampled_from(["", "newest", "oldest", "longest", "shortest"]),
        }
    ).map(_tidy)


def _tidy(search: dict) -> dict:
    since, until = search.pop("dates")
    if since and until and since > until:
        since, until = until, since
    if search["game"] not in ("", BOARD_GAME):
        search["board"] = ""
    return {k: v for k, v in (search | {"since": since, "until": until}).items() if v}


@pytest.mark.django_db
def test_every_filter_and_combination_finds_exactly_the_matching_games(monkeypatch):
    monkeypatch.setattr(archive, "PAGE_SIZE", 4)  # several pages even for narrow searches
    users = seed_games(120, random.Random(3))
    checked = {"site": 0, "player": 0, "nonempty": 0}

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(search=searches(True), owner=st.sampled_from(NAMES), viewer=st.sampled_from([None, *NAMES]))
    def player_archive(search, owner, viewer):
        player, seen_by = users[owner], users[viewer] if viewer else None
        expected = brute_force(player, seen_by, search)
        assert every_page(player, seen_by, search) == expected, search
        checked["player"] += 1
        checked["nonempty"] += bool(expected)

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(search=searches(False))
    def site_archive(search):
        expected = brute_force(None, None, search)
        assert every_page(None, None, search) == expected, search
        checked["site"] += 1
        checked["nonempty"] += bool(expected)

    player_archive()
    site_archive()
    assert checked["player"] >= 100 and checked["site"] >= 50 and checked["nonempty"] >= 60, checked


@pytest.mark.django_db
def test_each_filter_alone_narrows_the_list(monkeypatch):
    """Every field on its own, every value: exactly the games the brute force finds (and the filter does filter)."""
    monkeypatch.setattr(archive, "PAGE_SIZE", 5)
    users = seed_games(60, random.Random(8))
    alice = users["alice"]
    everything = brute_force(alice, alice, {})
    values = {
        "game": GAMES,
        "board": BOARDS,
        "opponent": ["bob", "carol", "robo", "dave"],
        "result": ["won", "lost", "drawn", "aborted", "running"],
        "rated": ["yes", "no"],
        "clock": CLOCKS,
        "since": [str(DAYS[4])],
        "until": [str(DAYS[4])],
        "bots": ["bot", "person"],
        "sort": ["oldest", "longest", "shortest"],
    }
    for field, choices in values.items():
        for value in choices:
            expected = brute_force(alice, alice, {field: value})
            assert every_page(alice, alice, {field: value}) == expected, (field, value)
            if field != "sort":
                assert set(expected) < set(everything), (field, value)


@pytest.mark.django_db
def test_paging_is_stable_while_games_end_and_start(monkeypatch):
    """Games that end (and new ones that start) between page loads: no game is skipped or repeated."""
    monkeypatch.setattr(archive, "PAGE_SIZE", 5)
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    for hour in range(30):
        MatchFactory(player0=alice, player1=bob, created=START + timedelta(hours=hour))
    rng = random.Random(4)

    for read in (lambda data: archive.site_games(data), lambda data: archive.player_games(alice, alice, data)):
        before = list(Match.objects.order_by("-created", "-id").values_list("id", flat=True))
        seen, cursor = [], None
        while True:
            form = ArchiveFilter({"after": cursor} if cursor else {})
            assert form.is_valid()
            page = read(form.cleaned_data)
            seen += [m.pk for m in page.matches]
            # Between page loads: some games still running end (resigned: they change their last-change time
            # and finish time), and a new game starts.
            still_running = list(Match.objects.filter(status=Match.Status.ACTIVE, pk__in=before))
            for match in rng.sample(still_running, min(3, len(still_running))):
                endings.resign(match.pk, rng.choice([alice, bob]))
            MatchFactory(player0=bob, player1=alice)
            if page.next_cursor is None:
                break
            cursor = page.next_cursor
        assert seen == before
        assert Match.objects.filter(status=Match.Status.FINISHED, pk__in=before).count() >= 15  # games did end


@pytest.mark.django_db
def test_the_archive_pages_search_through_the_form(client, monkeypatch):
    monkeypatch.setattr(archive, "PAGE_SIZE", 4)
    users = seed_games(60, random.Random(5))
    alice = users["alice"]
    url = reverse("player_archive", args=["alice"])
    page = client.get(url, {"result": "won", "opponent": "bob"})
    assert page.status_code == 200
    shown = [int(n) for n in re.findall(r'href="/m/(\d+)/"', page.content.decode())]
    assert shown == brute_force(alice, None, {"result": "won", "opponent": "bob"})[: archive.PAGE_SIZE]
    # Page after page by the page's own "Next page" link, as a reader without script would.
    seen, address = [], url + "?opponent=bob"
    while address:
        text = client.get(address).content.decode()
        seen += [int(n) for n in re.findall(r'href="/m/(\d+)/"', text)]
        following = re.search(r'<a href="(\?[^"]*)" rel="next">', text)
        address = url + html.unescape(following[1]) if following else None
    assert seen == brute_force(alice, None, {"opponent": "bob"}) and len(seen) > archive.PAGE_SIZE
    fragment = client.get(url, {"game": "parity"}, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<section id="archive-results"') and "<html" not in fragment
    site = client.get(reverse("site_archive"), {"sort": "longest"}).content.decode()
    shown = [int(n) for n in re.findall(r'href="/m/(\d+)/"', site)]
    assert shown == brute_force(None, None, {"sort": "longest"})[: archive.PAGE_SIZE]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query,message",
    [
        ({"game": "chess"}, "Select a valid choice"),
        (
            {"board": BOARDS[-1], "game": BOARDLESS_GAME},
            f"The board is a choice in {all_games()[BOARD_GAME].name} only.",
        ),
        ({"opponent": "nobody-at-all"}, "There is no player called nobody-at-all."),
        ({"since": "yesterday"}, "Enter a valid date"),
        ({"since": "2026-03-05", "until": "2026-03-01"}, "The end of the date range is before its start."),
        ({"after": "'; drop table"}, "This page&#x27;s address is damaged"),
        ({"after": "99999999999999999999999.1"}, "This page&#x27;s address is damaged"),
        ({"after": "999999999999999999.1"}, "This page&#x27;s address is damaged"),
        ({"until": "9999-12-31"}, "Choose a day between 1900 and 9998."),
        ({"since": "0001-01-01"}, "Choose a day between 1900 and 9998."),
        ({"after": "1.2", "sort": "sideways"}, "Select a valid choice"),
        ({"result": "won", "rated": "maybe"}, "Select a valid choice"),
    ],
)
def test_a_bad_search_is_said_on_the_page(client, query, message):
    UserFactory(username="alice")
    urls = [reverse("player_archive", args=["alice"])]
    if "opponent" not in query:  # the site's archive has no opponent to name
        urls.append(reverse("site_archive"))
    for url in urls:
        response = client.get(url, query)
        assert response.status_code == 400, (url, query)
        assert message in response.content.decode(), (url, query)
        assert "The search was not understood" in response.content.decode()


@pytest.mark.django_db
def test_far_dates_and_cursors_are_no_error(client):
    UserFactory(username="alice")
    far = (
        {"since": "1900-01-01"},
        {"until": "9998-12-31"},
        {"after": "0.0"},
        {"after": "999999999999999999.1", "sort": "longest"},
    )
    for query in far:
        assert client.get(reverse("player_archive", args=["alice"]), query).status_code == 200, query
        assert client.get(reverse("site_archive"), query).status_code == 200, query


@pytest.mark.django_db
def test_an_unknown_player_has_no_archive(client):
    assert client.get(reverse("player_archive", args=["nobody"])).status_code == 404


@pytest.mark.django_db
def test_unlisted_games_are_the_players_own(client):
    """Dave keeps his games unlisted: only Dave sees them in his archive (and Alice's); never on the site's."""
    alice, dave = UserFactory(username="alice"), UserFactory(username="dave")
    Player.objects.filter(user=dave).update(games_listed=False)
    hidden = MatchFactory(player0=alice, player1=dave)
    listed = MatchFactory(player0=alice, player1=UserFactory(username="bob"))

    def ids(path, who=None):
        if who:
            client.force_login(who)
        else:
            client.logout()
        return {int(n) for n in re.findall(r'href="/m/(\d+)/"', client.get(path).content.decode())}

    dave_archive, alice_archive = reverse("player_archive", args=["dave"]), reverse("player_archive", args=["alice"])
    assert ids(dave_archive, dave) == {hidden.pk}
    assert ids(dave_archive, alice) == set() and ids(dave_archive) == set()
    assert ids(alice_archive, alice) == {listed.pk, hidden.pk}  # her own games, whoever she played
    assert ids(alice_archive) == {listed.pk}
    assert ids(reverse("site_archive"), dave) == {listed.pk}
    assert ids(reverse("profile", args=["dave"]), alice) == set()
    assert ids(reverse("profile", args=["dave"]), dave) == {hidden.pk}
