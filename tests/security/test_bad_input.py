"""Property-based bad input: random and malformed bodies and query strings never give a 500.

Every form and move endpoint gets random bodies from Hypothesis: known field names with hostile
values (negative, huge and non-numeric numbers, unicode, NUL, markup, 100 000-character strings),
random field names, duplicate keys (lists), and raw bytes under various content types. Each
example runs in a savepoint that is rolled back, so every one starts from the same small site.

For the endpoints that change a match (move, resign, draw offers, challenge answers) a change must
be exactly what the body asked for, checked with the rules' own legality: a changed match has one
new move, at the ply it was at, by the player who posted, legal in the position before, and the
replay check agrees. The GET pages get random query strings and path arguments.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote, unquote_to_bytes, urlencode
from wsgiref.util import setup_testing_defaults

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.asgi import get_asgi_application
from django.core.management import get_commands, load_command_class
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.http import QueryDict
from django.test import override_settings
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daymove.play.models import Challenge, Match, Move
from daymove.play.replaycheck import replay_mismatch
from daymove.talk.models import CHAT_MAX_LENGTH, NOTE_MAX_LENGTH, ChatMessage, PrivateNote
from games.registry import all_games
from tests.support.world import changed_tables, snapshot

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

FIELDS = [
    "move",
    "ply",
    "confirm",
    "text",
    "opponent",
    "seat",
    "rated",
    "option_board",
    "clock",
    "bank_initial",
    "bank_increment",
    "bank_cap",
    "start",
    "end",
    "time_zone",
    "turn_emails",
    "digest_hour",
    "reminders",
    "reminder_hours",
    "game_over",
    "challenges",
    "action",
    "password",
    "login",
    "email",
    "password1",
    "password2",
    "oldpassword",
    "username",
    "s",
    "at",
    "csrfmiddlewaretoken",
    "List-Unsubscribe",
]
SPECIAL = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "7",
    "24",
    "-999999999999999999999",
    "99999999999999999999999999",
    "1e309",
    "NaN",
    "inf",
    "0x10",
    "２",
    "٣",
    "3.0",
    " 3 ",
    "yes",
    "YES",
    "on",
    "true",
    "None",
    "null",
    "[]",
    "{}",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\u202e",
    "\ufeff",
    "🂡",
    "2025-02-30",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "2026-13-01",
    "Europe/Paris",
    "Mars/Olympus",
    "UTC",
    "square",
    "hex",
    "random",
    "bank",
    "each",
    "digest",
    "off",
    "revoke",
    "d4",
    "a1",
    "pass",
    "sec-player",
    "sec-opponent",
    "SEC-PLAYER ",
    "One-Click",
]
text_value = st.one_of(
    st.sampled_from(SPECIAL),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(min_size=500, max_size=2000),
    st.just("x" * 100_000),
)
field_value = st.one_of(text_value, st.lists(text_value, min_size=1, max_size=3))  # a list: the key repeated
form_body = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=12)), field_value, max_size=8
)
raw_body = st.tuples(
    st.binary(max_size=300),
    st.sampled_from(
        [
            "application/x-www-form-urlencoded",
            "application/x-www-form-urlencoded; charset=utf-16",
            "multipart/form-data; boundary=xyz",
            "multipart/form-data",
            "application/json",
            "text/plain",
            "",
        ]
    ),
)
body = st.one_of(form_body, raw_body)


def post(client, url: str, data, htmx: bool = False):
    """POST a form body (as multipart or urlencoded) or raw bytes; never a server error."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    if isinstance(data, tuple):
        raw, content_type = data
        response = client.generic("POST", url, raw, content_type=content_type, **headers)
    elif len(data) % 2:
        response = client.post(
            url, urlencode(data, doseq=True), content_type="application/x-www-form-urlencoded", **headers
        )
    else:
        response = client.post(url, data, **headers)
    assert response.status_code < 500, (url, data)
    return response


def as_query(data) -> QueryDict:
    """The body as the view's `request.POST` holds it (raw bytes as Django parses a urlencoded body)."""
    if isinstance(data, dict):
        return QueryDict(urlencode(data, doseq=True))
    raw, content_type = data
    if not content_type.startswith("application/x-www-form-urlencoded"):
        return QueryDict()  # random bytes never make a well-formed multipart body
    if content_type.partition("charset=")[2] not in ("", "utf-8"):
        return QueryDict()  # Django refuses urlencoded bodies in other encodings (400)
    return QueryDict(raw)


def last(data, key: str) -> str | None:
    """What `request.POST.get(key)` sees (the last of repeated values)."""
    return as_query(data).get(key)


def refused_outright(data, response) -> bool:
    """Whether the site refused the body before any view read it: a NUL character (see daymove.security),
    or raw bytes that do not parse as the form they claim to be (Django answers 400)."""
    nul = any("\x00" in key or any("\x00" in v for v in values) for key, values in as_query(data).lists())
    unparsable = (
        isinstance(data, tuple)
        and response.status_code == 400
        and (data[1].startswith("multipart/") or "charset=utf-16" in data[1])
    )
    if nul:
        assert response.status_code == 400
    return nul or unparsable


def in_savepoint(check):
    """Run one example and roll everything back, so the next starts from the same site."""
    with transaction.atomic():
        check()
        transaction.set_rollback(True)


def legal_before(match: Match) -> list[str]:
    return match.rules.legal_move_strings(match.position())


def check_match_consistent(match: Match) -> None:
    notations = match.notations()
    assert replay_mismatch(match, notations) is None


# ---- the move endpoint ------------------------------------------------------------------------------------
@pytest.mark.django_db
@SOME
@given(data=st.data(), htmx=st.booleans())
def test_random_bodies_to_the_move_endpoint_change_nothing_unless_they_are_a_legal_move(world, data, htmx):
    match = Match.objects.get(pk=world.match.pk)
    legal = legal_before(match)
    ply = match.ply
    valid = st.fixed_dictionaries(
        {
            "move": st.sampled_from(legal).map(lambda m: f" {m} ") | st.sampled_from(legal),
            "ply": st.sampled_from([str(ply), str(ply - 1), str(ply + 1), f" {ply} ", "-1", str(10**20)]),
        }
    )
    sent = data.draw(st.one_of(body, valid, valid.map(lambda d: d | {"move": [d["move"], "pass"]})))

    def check():
        before = snapshot()
        response = post(world.client("player"), reverse("play_move", args=[match.pk]), sent, htmx)
        after = Match.objects.get(pk=match.pk)
        move_text, ply_text = last(sent, "move") or "", last(sent, "ply") or ""
        valid_move = (
            move_text.strip() in legal and ply_text.strip() == str(ply) and not refused_outright(sent, response)
        )
        if after.ply == ply:
            assert changed_tables(before, snapshot()) == []
            assert not valid_move, f"a legal move at the current ply was refused: {response.status_code}"
            return
        assert after.ply == ply + 1
        move = Move.objects.get(match=match, ply=ply)
        assert move.seat == 0 and move.notation in legal
        rules = match.rules
        assert not refused_outright(sent, response)
        assert move.notation == rules.format_move(rules.parse_move(last(sent, "move").strip()))
        assert last(sent, "ply").strip() == str(ply)
        check_match_consistent(after)

    in_savepoint(check)


@pytest.mark.django_db
@FEW
@given(sent=body)
def test_random_bodies_from_the_player_not_to_move_change_nothing(world, sent):
    def check():
        before = snapshot()
        post(world.client("opponent"), reverse("play_move", args=[world.match.pk]), sent)
        assert changed_tables(before, snapshot()) == []

    in_savepoint(check)


# ---- resigning, draws, challenges: the body decides nothing but `confirm` --------------------------------
@pytest.mark.django_db
@FEW
@given(sent=st.one_of(body, st.fixed_dictionaries({"confirm": field_value})))
def test_resign_happens_only_when_confirmed(world, sent):
    def check():
        response = post(world.client("player"), reverse("resign", args=[world.match.pk]), sent)
        after = Match.objects.get(pk=world.match.pk)
        if last(sent, "confirm") == "yes" and not refused_outright(sent, response):
            assert (after.status, after.winner, after.result_reason) == (Match.Status.FINISHED, 1, "resignation")
        else:
            assert after.is_active and after.ply == world.match.ply
        check_match_consistent(after)

    in_savepoint(check)


@pytest.mark.django_db
@FEW
@given(
    sent=body,
    action=st.sampled_from(["offer_draw", "accept_draw", "decline_draw"]),
    offered=st.sampled_from([None, 0, 1]),
)
def test_draw_answers_do_only_what_the_offer_allows(world, sent, action, offered):
    def check():
        Match.objects.filter(pk=world.match.pk).update(draw_offer_seat=offered)
        response = post(world.client("player"), reverse(action, args=[world.match.pk]), sent)
        after = Match.objects.get(pk=world.match.pk)
        assert after.ply == world.match.ply
        if refused_outright(sent, response):
            assert after.is_active and after.draw_offer_seat == offered
            return
        if offered == 1 and action in ("accept_draw", "offer_draw"):  # offering takes up the standing offer
            assert (after.status, after.winner, after.result_reason) == (Match.Status.FINISHED, None, "agreement")
        else:
            assert after.is_active
            expected = {
                "offer_draw": 0 if offered is None else offered,
                "decline_draw": None if offered == 1 else offered,
                "accept_draw": offered,
            }[action]
            assert after.draw_offer_seat == expected
        check_match_consistent(after)

    in_savepoint(check)


@pytest.mark.django_db
@FEW
@given(
    sent=body,
    action=st.sampled_from(["accept_challenge", "decline_challenge", "cancel_challenge"]),
    role=st.sampled_from(["player", "opponent", "other"]),
)
def test_challenge_answers_start_at_most_one_consistent_match(world, sent, action, role):
    allowed = {"accept_challenge": "player", "decline_challenge": "player", "cancel_challenge": "opponent"}[action]

    def check():
        before = snapshot()
        matches = Match.objects.count()
        response = post(world.client(role), reverse(action, args=[world.direct.pk]), sent)
        challenge = Challenge.objects.get(pk=world.direct.pk)
        if role != allowed or refused_outright(sent, response):
            assert changed_tables(before, snapshot()) == []
            return
        expected = {"accept_challenge": "accepted", "decline_challenge": "declined", "cancel_challenge": "cancelled"}
        assert challenge.status == expected[action]
        assert Match.objects.count() == matches + (action == "accept_challenge")
        if challenge.match is not None:
            players = {challenge.match.player0, challenge.match.player1}
            assert players == {world.users["player"], world.users["opponent"]}
            check_match_consistent(challenge.match)

    in_savepoint(check)


# ---- chat and notes ---------------------------------------------------------------------------------------
@pytest.mark.django_db
@SOME
@given(
    sent=st.one_of(body, st.fixed_dictionaries({"text": field_value})),
    which=st.sampled_from(["chat", "note"]),
    htmx=st.booleans(),
)
def test_chat_and_notes_keep_only_what_fits(world, sent, which, htmx):
    def check():
        chat_before = ChatMessage.objects.count()
        note_before = PrivateNote.objects.get(user=world.users["player"]).text
        name = "chat_post" if which == "chat" else "note_save"
        response = post(world.client("player"), reverse(name, args=[world.match.pk]), sent, htmx)
        text = last(sent, "text") or ""
        if which == "chat":
            words = " ".join(text.split())
            stored = ChatMessage.objects.count() - chat_before
            kept = words and len(words) <= CHAT_MAX_LENGTH and not refused_outright(sent, response)
            assert stored == (1 if kept else 0)
        else:
            note = PrivateNote.objects.get(user=world.users["player"]).text
            assert note == (note_before if refused_outright(sent, response) or len(text) > NOTE_MAX_LENGTH else text)

    in_savepoint(check)


# ---- the other forms: challenge creation, settings, vacations, calendar, account, allauth ------------------
FORMS = [
    *[("new_challenge", {"slug": slug}) for slug in all_games()],  # every game's options
    ("player_settings", {}),
    ("profile_settings", {}),
    ("book_vacation", {}),
    ("calendar_action", {}),
    ("delete_account", {}),
    ("rematch", "finished"),
    ("cancel_vacation", "vacation"),
    ("account_change_password", {}),
    ("account_email", {}),
]
ANONYMOUS_FORMS = ["account_login", "account_signup", "account_reset_password"]


@pytest.mark.django_db
@SOME
@given(sent=body, form=st.sampled_from(FORMS + [(name, None) for name in ANONYMOUS_FORMS]), htmx=st.booleans())
def test_random_bodies_to_every_form_never_fail(world, sent, form, htmx):
    name, kwargs = form
    if kwargs == "finished":
        kwargs = {"match_id": world.finished.pk}
    elif kwargs == "vacation":
        kwargs = {"vacation_id": world.vacation_id}

    def check():
        before = snapshot()
        client = world.client("anon" if kwargs is None else "player")
        response = post(client, reverse(name, kwargs=kwargs or {}), sent, htmx)
        if response.status_code >= 400:
            assert changed_tables(before, snapshot()) == [], response.status_code

    in_savepoint(check)


# ---- query strings and path arguments of the pages --------------------------------------------------------
QUERY_KEYS = [
    "s",
    "at",
    "ply",
    "status",
    "offer",
    "opponent",
    "game",
    "min_rating",
    "max_rating",
    "clock",
    "page",
    "o",
    "q",
    "next",
    "board",
    "result",
    "rated",
    "since",
    "until",
    "bots",
    "sort",
    "after",
]
query = st.one_of(
    st.lists(
        st.tuples(
            st.one_of(st.sampled_from(QUERY_KEYS), st.text(max_size=8)), text_value.filter(lambda v: len(v) < 5000)
        ),
        max_size=10,
    ).map(lambda pairs: urlencode(pairs)),
    st.text(alphabet="%&=?+;#ZZ09azs", max_size=40),
)
path_text = st.one_of(st.sampled_from(SPECIAL), st.text(min_size=1, max_size=60)).map(lambda t: quote(t, safe=""))
big_int = st.one_of(st.integers(min_value=0, max_value=10**25), st.sampled_from([0, 2**31, 2**63, 2**64])).map(str)


@pytest.mark.django_db
@SOME
@given(data=st.data(), role=st.sampled_from(["anon", "player", "other"]), htmx=st.booleans())
def test_random_query_strings_and_path_arguments_never_fail(world, data, role, htmx):
    pk = str(world.match.pk)
    paths = [
        "/",
        f"/m/{pk}/",
        f"/m/{pk}/live/play/",
        "/live/events/",
        "/live/turns/",
        "/lobby/your_games/",
        f"/lobby/{data.draw(path_text)}/",
        f"/m/{pk}/live/{data.draw(path_text)}/",
        f"/m/{pk}/chat/",
        f"/m/{pk}/resign/",
        "/challenges/new/abande/",
        "/challenges/new/abande/expected/",
        "/leaderboard/abande/",
        "/players/sec-player/",
        "/settings/",
        f"/m/{data.draw(big_int)}/",
        f"/m/{data.draw(big_int)}/live/head/",
        f"/players/{data.draw(path_text)}/",
        f"/leaderboard/{data.draw(path_text)}/",
        f"/games/{data.draw(path_text)}/rules/",
        f"/calendar/{data.draw(path_text)}.ics",
        f"/email/unsubscribe/{data.draw(path_text)}/",
        f"/challenges/new/{data.draw(path_text)}/",
        f"/challenges/{data.draw(big_int)}/accept/",
        "/games/",
        "/players/sec-player/games/",
        f"/players/{data.draw(path_text)}/games/",
        "/watch/",
        f"/m/{pk}/record.json",
        f"/m/{data.draw(big_int)}/record.txt",
        "/leagues/",
        f"/leagues/{data.draw(path_text)}/",
        f"/leagues/{data.draw(path_text)}/{data.draw(big_int)}/",
        f"/leagues/{data.draw(path_text)}/{data.draw(big_int)}/{data.draw(big_int)}/",
        f"/leagues/{data.draw(path_text)}/{data.draw(big_int)}/{data.draw(big_int)}/table/",
        f"/leagues/{data.draw(path_text)}/{data.draw(big_int)}/{data.draw(big_int)}.json",
    ]
    path = data.draw(st.sampled_from(paths))
    url = f"{path}?{data.draw(query)}"
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = world.client(role).get(url, **headers)
    assert response.status_code < 500, url


# ---- regressions ------------------------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(
    "method,url,data",
    [
        ("GET", "/players/a%00/", {}),
        ("GET", "/calendar/%00.ics", {}),
        ("GET", "/challenges/new/abande/expected/?opponent=sec%00", {}),
        ("GET", "/challenges/new/abande/?opponent=%00", {}),
        (
            "POST",
            "/challenges/new/abande/",
            {"opponent": "sec-opponent\x00", "seat": "random", "option_board": "square"},
        ),
        ("POST", "chat_post", {"text": "hello\x00"}),
        ("POST", "note_save", {"text": "plan\x00"}),
        ("POST", "play_move", {"move": "a1", "ply": "2", "\x00": "x"}),
    ],
)
def test_a_nul_character_is_refused_with_400_and_changes_nothing(world, method, url, data):
    """PostgreSQL cannot store or compare NUL: these were 500s there (and stored NULs on SQLite)."""
    if not url.startswith("/"):
        url = reverse(url, args=[world.match.pk])
    before = snapshot()
    client = world.client("player")
    response = client.get(url) if method == "GET" else client.post(url, data)
    assert response.status_code == 400
    assert changed_tables(before, snapshot()) == []


# ---- malformed requests, in development and production mode, through the servers' own application objects ------
@contextlib.contextmanager
def connections_kept():
    """The test's database connection outlives the request, as Django's test client arranges for its own."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def asgi_status(app, method: str, path: str, body: bytes = b"", content_type: str = "") -> int:
    """The status `app` answers, called as uvicorn calls it (`make run` and the Procfile's web process)."""
    raw_path, _, query = path.encode().partition(b"?")
    headers = [(b"host", b"testserver"), (b"content-length", str(len(body)).encode())]
    if content_type:
        headers.append((b"content-type", content_type.encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": unquote_to_bytes(raw_path).decode("utf-8", "surrogateescape"),  # uvicorn decodes the path
        "raw_path": raw_path,
        "query_string": query,
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }

    async def call():
        communicator = ApplicationCommunicator(app, scope)
        await communicator.send_input({"type": "http.request", "body": body, "more_body": False})
        start = await communicator.receive_output(timeout=30)
        await communicator.wait(timeout=30)
        return start["status"]

    # A loop of its own in a thread of its own: Playwright's sync API (the browser tests, earlier in the same run)
    # leaves an event loop set in this thread, where async_to_sync refuses to start one.
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, call()).result()


def runserver_status(method: str, path: str, body: bytes = b"", content_type: str = "") -> int:
    """The status `manage.py runserver` answers, through the handler it builds with its default options."""
    command = load_command_class(get_commands()["runserver"], "runserver")
    handler = command.get_handler(**vars(command.create_parser("manage.py", "runserver").parse_args([])))
    raw_path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": unquote_to_bytes(raw_path).decode("latin-1"),  # as PEP 3333 and wsgiref pass it
        "QUERY_STRING": query,
        "CONTENT_TYPE": content_type,
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(body),
    }
    setup_testing_defaults(environ)
    statuses = []
    try:
        handler(environ, lambda status, headers, exc_info=None: statuses.append(int(status.split()[0])))
    except Exception:  # noqa: BLE001 - wsgiref's server answers any exception that leaves the handler with a 500
        return 500
    return statuses[0]


FORM = "application/x-www-form-urlencoded"
REPEATED = "&".join(["s=d4"] * 2000)
MALFORMED = [
    ("POST", "/accounts/login/", b"login=caf\xe9&password=x", f"{FORM}; charset=latin-1", 400),  # not UTF-8
    ("POST", "/m/1/move/", b"move=\xff\xfe&ply=0", f"{FORM}; charset=iso-8859-1", 400),
    ("GET", f"/m/1/?{REPEATED}", b"", "", 400),  # thousands of repeated keys on the match page
    ("POST", "/m/1/move/", REPEATED.encode(), FORM, 400),
    ("POST", "/m/1/move/", b"move=d4", "multipart/form-data", 400),  # multipart without a boundary
    ("GET", "/players/a%00/", b"", "", 400),  # NUL characters
    ("GET", "/m/1/?s=%00", b"", "", 400),
    ("POST", "/m/1/chat/", b"text=a%00b", FORM, 400),
    ("GET", "/static/%2e%2e/manage.py", b"", "", 404),  # encoded dots in a static path
    ("GET", "/static/css/%2e%2e/%2e%2e/manage.py", b"", "", 404),
    ("GET", "/static/..%2fmanage.py", b"", "", 404),
]


@pytest.mark.parametrize("debug", [True, False], ids=["development", "production"])
@pytest.mark.parametrize("method,path,body,content_type,expected", MALFORMED)
def test_malformed_requests_get_a_4xx_from_every_server(debug, method, path, body, content_type, expected):
    """These were 500s with DEBUG on (Django's error page reads the query and form again and fails again), and the
    static paths under runserver (Django's static handler lets the traversal's SuspiciousFileOperation escape)."""
    with override_settings(DEBUG=debug), connections_kept():
        app = get_asgi_application()  # what daymove.asgi builds, with the middleware read in this mode
        assert asgi_status(app, method, path, body, content_type) == expected
        assert runserver_status(method, path, body, content_type) == expected


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [True, False], ids=["development", "production"])
def test_the_match_page_with_thousands_of_repeated_keys_is_a_400_for_its_player(world, debug):
    with override_settings(DEBUG=debug):
        response = world.client("player").get(f"/m/{world.match.pk}/?{REPEATED}")
        assert response.status_code == 400
        response = world.client("player").generic(
            "POST", reverse("play_move", args=[world.match.pk]), b"move=\xe9&ply=0", f"{FORM}; charset=latin-1"
        )
        assert response.status_code == 400
    assert Match.objects.get(pk=world.match.pk).ply == world.match.ply
