"""Who may read and who may act on every URL of the site: the security policy, one line per URL name.

The URL patterns come from the resolver, so a new URL without a line in POLICY fails
`tests/security/test_url_matrix.py::test_every_url_is_classified` until someone decides who may use
it. The admin's own URLs are left out (Django's admin checks `is_staff` itself; a few are checked),
and allauth's are classified too: a new allauth page (after turning a feature on) must be looked at
as well. The URL matrix and the CSRF suite both run every case here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from daymove.clocks.vacations import local_today
from daymove.competitions.models import LeagueGame, Season
from daymove.ladders import places
from daymove.ladders.models import Ladder, PlaceChange
from daymove.moderation.models import ModerationAction
from daymove.notify.unsubscribe import make_token
from daymove.plans import analysis, conditional
from daymove.play.models import Match
from daymove.players.models import Player
from daymove.safety.models import Block
from daymove.talk.models import ChatMessage
from games.registry import all_games
from tests.factories import PASSWORD
from tests.support.leagues import a_division, a_season, a_series
from tests.support.world import CHAT, NOTE, ROLES, World, build_world, changed_tables, snapshot

LOGIN = "login"  # a redirect to the login page
ADMIN_LOGIN = "admin-login"  # a redirect to the admin's login page
PEOPLE = ("player", "opponent", "other", "staff")
PLAYERS = ("player", "opponent")


def each(status, anon=None, **per_role) -> dict:
    """The same answer for every role, except anonymous (`anon`) and the roles named."""
    answers = {role: status for role in ROLES}
    if anon is not None:
        answers["anon"] = anon
    return answers | per_role


def members(status) -> dict:
    """Logged-in people get `status`, anonymous visitors are sent to log in."""
    return each(status, anon=LOGIN)


@dataclass
class Case:
    """One URL with its arguments, what each role gets for GET and POST, and who may change something."""

    kwargs: Callable[[World], dict] = lambda w: {}
    get: dict = field(default_factory=lambda: each(405))
    post: dict = field(default_factory=lambda: each(405))
    data: Callable[[World], dict] = lambda w: {}
    acts: tuple = ()  # roles whose POST changes the site (everyone else's must change nothing)
    setup: Callable[[World], None] | None = None
    label: str = ""
    htmx: bool = False  # sent as an htmx request (fragments answer plain requests with a redirect)


def on_a_ladder(w):
    """A ladder of the first game with the opponent in place 1 and the player in place 2 (the others off it)."""
    game = next(iter(all_games()))
    ladder = Ladder.objects.create(slug="sec-ladder", name="Security ladder", game=game)
    standing = (w.users["opponent"].pk, w.users["player"].pk)
    places.rewrite(ladder, (), standing, {}, PlaceChange.Reason.JOINED, timezone.now())


def in_a_league(w):
    """The match as a league game: season 1 of "sec-league" running, the player and opponent its division 1; season 2
    open for registration."""
    series = a_series("Sec league", game=w.match.game)
    division = a_division(
        a_season(series, 1, status=Season.Status.RUNNING), [w.users["player"], w.users["opponent"]], with_games=False
    )
    LeagueGame.objects.create(division=division, match=w.match, round=1)
    a_season(series, 2)


def league(w, **more):
    return {"slug": "sec-league"} | more


def ladder_slug(w):
    return {"slug": "sec-ladder"}


def an_empty_ladder(w):
    Ladder.objects.create(slug="sec-empty", name="Empty ladder", game=next(iter(all_games())))


def match_id(w):
    return {"match_id": w.match.pk}


def finished_id(w):
    return {"match_id": w.finished.pk}


def challenge_id(w):
    return {"challenge_id": w.direct.pk}


def bob_offers_a_draw(w):
    Match.objects.filter(pk=w.match.pk).update(draw_offer_seat=1)


def valid_challenge(w):
    return {"option_board": "square", "seat": "random", "opponent": "", "clock": "3"}


def settings_body(w):
    return {
        "time_zone": "Europe/Paris",
        "turn_emails": "each",
        "digest_hour": "7",
        "reminders": "on",
        "reminder_hours": ["24"],
        "game_over": "on",
        "challenges": "on",
    }


def vacation_body(w):
    start = local_today(w.users["player"]) + timedelta(days=60)
    return {"start": start.isoformat(), "end": start.isoformat()}


def opponent_name(w):
    return {"username": w.users["opponent"].username}


def player_blocks_opponent(w):
    Block.objects.create(blocker=w.users["player"], blocked=w.users["opponent"])


def opponent_writes_about(w):
    Player.objects.filter(user=w.users["opponent"]).update(about="I play slowly.")


def warn_the_player(w):
    ModerationAction.objects.create(
        target=w.users["player"], moderator=w.users["staff"], kind=ModerationAction.Kind.WARN, message="Be kind."
    )


def analysis_move_body(w):
    return {"root": w.match.ply, "move": w.legal_move()}


def player_analyses(w):
    analysis.add_move(w.match.pk, w.users["player"], w.match.ply, (), w.legal_move())


def planned_line(w) -> list[str]:
    """The player's move expected by the opponent, and the opponent's reply to it."""
    rules = w.match.rules
    expected = w.legal_move()
    return [expected, rules.legal_move_strings(rules.play(w.match.position(), expected))[0]]


def opponent_plans(w):
    conditional.plan_line(w.match.pk, w.users["opponent"], planned_line(w), 0, w.match.ply)


MATCH_ACTION_REFUSED = dict(other=403, staff=403)
ADMIN_ONLY = each(ADMIN_LOGIN, staff=200)
ADMIN_REFUSED = each(ADMIN_LOGIN, staff=403)  # history: not even staff may (the match has moves, the user matches)

POLICY: dict[str, list[Case]] = {
    # ---- pages anyone may read -------------------------------------------------------------
    "healthz": [Case(get=each(200))],
    "lobby": [Case(get=each(200), post=each(200))],  # the lobby ignores a POST's body: it only reads
    "rules": [Case(lambda w: {"slug": "abande"}, get=each(200), post=each(200))],
    "leaderboard_index": [Case(get=each(302), post=each(302))],
    "leaderboard": [Case(lambda w: {"slug": "abande"}, get=each(200), post=each(200))],
    "profile": [Case(lambda w: {"username": "sec-player"}, get=each(200), post=each(200))],
    # The archives, the watch page and one game's record: read-only, for anyone (unlisted games are filtered, not
    # refused: tests/site/test_archive.py and test_watch.py).
    "player_archive": [Case(lambda w: {"username": "sec-player"}, get=each(200))],
    "site_archive": [Case(get=each(200))],
    "watch": [Case(get=each(200))],
    "match_record_json": [
        Case(match_id, get=each(200), label="in progress"),
        Case(finished_id, get=each(200), label="finished"),
    ],
    "match_record_text": [
        Case(match_id, get=each(200), label="in progress"),
        Case(finished_id, get=each(200), label="finished"),
    ],
    "match": [Case(match_id, get=each(200))],  # spectators welcome; a POST goes to the action URLs
    # The ladders: anyone reads them; a challenge (which starts a game at once) is anyone's but the one challenged.
    "ladders:index": [Case(get=each(200), setup=on_a_ladder)],
    "ladders:ladder": [Case(ladder_slug, get=each(200), setup=on_a_ladder)],
    "ladders:player": [
        Case(lambda w: {"slug": "sec-ladder", "username": "sec-player"}, get=each(200), setup=on_a_ladder)
    ],
    "ladders:challenge": [
        Case(
            ladder_slug,
            post=members(302),
            data=lambda w: {"defender": w.users["opponent"].username},
            acts=("player", "other", "staff"),
            setup=on_a_ladder,
        )
    ],
    # The first player onto an empty ladder joins with a button (anyone signed in); on a ladder with players a
    # plain refusal (join by challenging). Leaving is for those on it; anyone else's "leave" finds no place.
    "ladders:join": [
        Case(lambda w: {"slug": "sec-empty"}, post=members(302), acts=PEOPLE, setup=an_empty_ladder, label="empty"),
        Case(ladder_slug, post=members(302), setup=on_a_ladder, label="with players"),
    ],
    "ladders:leave": [
        Case(ladder_slug, post=members(404) | dict(player=302, opponent=302), acts=PLAYERS, setup=on_a_ladder)
    ],
    # The leagues: public pages and downloads (results only, never a position); joining is any verified member's.
    "competitions:index": [Case(get=each(200), setup=in_a_league)],
    "competitions:series": [Case(league, get=each(200), setup=in_a_league)],
    "competitions:season": [Case(lambda w: league(w, number=1), get=each(200), setup=in_a_league)],
    "competitions:division": [Case(lambda w: league(w, number=1, division=1), get=each(200), setup=in_a_league)],
    "competitions:division_table": [
        Case(lambda w: league(w, number=1, division=1), get=each(200), setup=in_a_league, htmx=True)
    ],
    "competitions:division_csv": [Case(lambda w: league(w, number=1, division=1), get=each(200), setup=in_a_league)],
    "competitions:division_json": [Case(lambda w: league(w, number=1, division=1), get=each(200), setup=in_a_league)],
    "competitions:registration": [
        Case(league, post=members(302), data=lambda w: {"mode": "recurring"}, acts=PEOPLE, setup=in_a_league)
    ],
    # Withdrawing is the division's players' own (their entry); anyone else's POST is refused back to the page.
    "leagues:withdraw": [
        Case(
            lambda w: league(w, number=1, division=1),
            post=members(302),
            data=lambda w: {"confirm": "yes", "rule": "struck"},
            acts=PLAYERS,
            setup=in_a_league,
        )
    ],
    "match_part": [
        Case(lambda w, part=part: {"match_id": w.match.pk, "part": part}, get=each(200), label=part)
        for part in ("head", "play", "actions")
    ],
    # ---- live updates: a stream of event names (its own tests read it), the nav's count, the lobby's lists --
    "live_events": [Case(get=each(200, anon=204))],
    "live_missed": [Case(get=each(200))],  # names of events only, as the viewer's own stream would carry them
    "turn_count": [Case(get=each(200, anon=204))],
    "lobby_part": [
        Case(lambda w, part=part: {"part": part}, get=members(200), label=part)
        for part in ("your_games", "your_history")
    ],
    # ---- a player's actions in a match ------------------------------------------------------
    "play_move": [
        Case(
            match_id,
            post=members(302) | dict(opponent=409, other=403, staff=403),
            data=lambda w: {"move": w.legal_move(), "ply": w.match.ply},
            acts=("player",),
        )
    ],
    "resign": [
        Case(
            match_id,
            get=members(200) | MATCH_ACTION_REFUSED,
            post=members(302) | MATCH_ACTION_REFUSED,
            data=lambda w: {"confirm": "yes"},
            acts=PLAYERS,
        )
    ],
    "offer_draw": [Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, acts=PLAYERS)],
    # With the opponent's offer standing: only the player may take it up or turn it down.
    "accept_draw": [
        Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, acts=("player",), setup=bob_offers_a_draw)
    ],
    "decline_draw": [
        Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, acts=("player",), setup=bob_offers_a_draw)
    ],
    "rematch": [Case(finished_id, post=members(302) | MATCH_ACTION_REFUSED, acts=PLAYERS)],
    "chat_read": [Case(match_id, get=members(200) | MATCH_ACTION_REFUSED, post=members(405), htmx=True)],
    "chat_post": [
        Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, data=lambda w: {"text": "hello"}, acts=PLAYERS)
    ],
    "note_save": [
        Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, data=lambda w: {"text": "my plan"}, acts=PLAYERS)
    ],
    # ---- the analysis board and planned replies: each player's own, private ---------------------
    "analysis": [Case(match_id, get=members(200) | MATCH_ACTION_REFUSED, post=each(405), htmx=True)],
    "analysis_move": [Case(match_id, post=members(302) | MATCH_ACTION_REFUSED, data=analysis_move_body, acts=PLAYERS)],
    "analysis_delete": [
        Case(
            match_id,
            post=members(400) | MATCH_ACTION_REFUSED | dict(player=302),
            data=lambda w: {"root": w.match.ply, "l": [w.legal_move()]},
            acts=("player",),
            setup=player_analyses,
        )
    ],
    "analysis_publish": [
        Case(
            match_id,
            post=members(400) | MATCH_ACTION_REFUSED | dict(player=302),
            data=lambda w: {"root": w.match.ply, "published": "1"},
            acts=("player",),
            setup=player_analyses,
        )
    ],
    # The player is to move: only the opponent may plan replies now.
    "plan_line": [
        Case(
            match_id,
            post=members(400) | MATCH_ACTION_REFUSED | dict(opponent=302),
            data=lambda w: {"root": w.match.ply, "l": planned_line(w), "version": 0},
            acts=("opponent",),
        )
    ],
    "plan_remove": [
        Case(
            match_id,
            post=members(400) | MATCH_ACTION_REFUSED | dict(opponent=302),
            data=lambda w: {"l": planned_line(w), "version": 1},
            acts=("opponent",),
            setup=opponent_plans,
        )
    ],
    "plan_cancel": [
        Case(
            match_id,
            post=members(400) | MATCH_ACTION_REFUSED | dict(opponent=302),
            data=lambda w: {"version": 1},
            acts=("opponent",),
            setup=opponent_plans,
        )
    ],
    # ---- challenges: the direct challenge from the opponent to the player --------------------
    "new_challenge": [
        Case(lambda w: {"slug": "abande"}, get=members(200), post=members(302), data=valid_challenge, acts=PEOPLE)
    ],
    "expected_change": [Case(lambda w: {"slug": "abande"}, get=members(200), post=members(405))],
    # The creator accepting their own challenge is a plain refusal (back to the lobby with the reason).
    "accept_challenge": [Case(challenge_id, post=members(302) | dict(other=403, staff=403), acts=("player",))],
    "decline_challenge": [
        Case(challenge_id, post=members(302) | dict(opponent=403, other=403, staff=403), acts=("player",))
    ],
    "cancel_challenge": [
        Case(challenge_id, post=members(302) | dict(player=403, other=403, staff=403), acts=("opponent",))
    ],
    # ---- blocking and reporting the opponent ---------------------------------------------------
    # Anyone may block or report another player; blocking or reporting oneself is refused.
    "block_player": [
        Case(
            opponent_name,
            post=members(302),
            acts=("player", "other", "staff"),
        )
    ],
    "unblock_player": [Case(opponent_name, post=members(302), acts=("player",), setup=player_blocks_opponent)],
    "report_player": [
        Case(
            opponent_name,
            get=members(200),
            post=members(302) | dict(opponent=400),
            data=lambda w: {"reason": "stalling"},
            acts=("player", "other", "staff"),
            label="the player",
        ),
        # A chat line may be reported only by the one who could read it: the other player of its match.
        Case(
            opponent_name,
            get=members(200),
            post=members(404) | dict(player=302, opponent=400),
            data=lambda w: {"reason": "chat", "chat": ChatMessage.objects.get(text=CHAT).pk},
            acts=("player",),
            label="a chat line",
        ),
        # The opponent's profile text (quoted in the report as it stood): anyone may report it but its author.
        Case(
            opponent_name,
            get=members(200),
            post=members(302) | dict(opponent=400),
            data=lambda w: {"reason": "profile"},
            acts=("player", "other", "staff"),
            setup=opponent_writes_about,
            label="the profile text",
        ),
    ],
    # A moderator's warning to the player: only the player may mark it read.
    "acknowledge_warning": [
        Case(
            lambda w: {"action_id": ModerationAction.objects.get(target=w.users["player"]).pk},
            post=members(404) | dict(player=302),
            acts=("player",),
            setup=warn_the_player,
        )
    ],
    # ---- one's own account and settings (no object of anyone else is named in these URLs) -----
    "account": [Case(get=members(200), post=members(200))],
    "delete_account": [
        Case(get=members(200), post=members(302), data=lambda w: {"password": PASSWORD, "confirm": "on"}, acts=PEOPLE)
    ],
    "download_json": [Case(get=members(200), post=members(200))],
    "download_text": [Case(get=members(200), post=members(200))],
    "player_settings": [Case(get=members(200), post=members(302), data=settings_body, acts=PEOPLE)],
    "profile_settings": [
        Case(
            get=members(200),
            post=members(302),
            data=lambda w: {"about": "I like Parity.", "games_listed": "on"},
            acts=PEOPLE,
        )
    ],
    # The footer's language switcher: a cookie for anyone, and a signed-in player's setting too.
    "set_language": [Case(post=each(302), data=lambda w: {"language": "pl", "next": "/"}, acts=PEOPLE)],
    "book_vacation": [Case(post=members(302), data=vacation_body, acts=PEOPLE)],
    "cancel_vacation": [
        Case(lambda w: {"vacation_id": w.vacation_id}, post=members(404) | dict(player=302), acts=("player",))
    ],
    "calendar_action": [Case(post=members(302), acts=PEOPLE)],
    # ---- capability URLs: the token is the key, so no login, and a wrong token finds nothing --
    "calendar_feed": [
        Case(lambda w: {"token": w.feed_token}, get=each(200), label="the player's token"),
        Case(lambda w: {"token": w.feed_token[:-2] + "xx"}, get=each(404), label="a wrong token"),
    ],
    "unsubscribe": [
        Case(
            lambda w: {"token": make_token(w.users["player"].pk, "digest")},
            get=each(200),
            post=each(200),
            acts=ROLES,
            label="a signed token",
        ),
        Case(
            lambda w: {"token": make_token(w.users["player"].pk, "digest")[:-3] + "abc"},
            get=each(400),
            post=each(400),
            label="a forged token",
        ),
    ],
    # ---- the installable app and push notifications (daymove.push) ------------------------------------------------
    "manifest": [Case(get=each(200))],
    "service_worker": [Case(get=each(200))],
    "push_settings": [Case(get=members(200), post=members(302), acts=PEOPLE)],
    # Not a subscription (a form body, not the browser's JSON): refused, nothing stored.
    "push_subscribe": [Case(post=members(400))],
    "push_unsubscribe": [Case(post=members(400))],
    # ---- mail providers' inbound webhooks: a 404 until the provider's secret is set (see test_inbound_webhooks) --
    "mailgun_inbound": [Case(get=each(404), post=each(404), label="no signing key set")],
    "postmark_inbound": [Case(get=each(404), post=each(404), label="no webhook secret set")],
    "mailgun_tracking": [Case(get=each(404), post=each(404), label="no signing key set")],
    "postmark_tracking": [Case(get=each(404), post=each(404), label="no webhook secret set")],
    # ---- allauth's pages, tested selectively --------------------------------------------------
    "account_login": [
        Case(
            get=each(302, anon=200),
            post=each(302, anon=200),
            data=lambda w: {"login": "sec-player", "password": "wrong"},
        )
    ],
    "account_signup": [Case(get=each(302, anon=200), post=each(302, anon=200), data=lambda w: {"email": "x"})],
    "account_logout": [Case(get=each(200, anon=302), post=each(302))],
    "account_reset_password": [Case(get=each(200), post=each(200), data=lambda w: {"email": "not-an-address"})],
    "account_reset_password_done": [Case(get=each(200), post=each(405))],
    "account_reset_password_from_key": [
        Case(
            lambda w: {"uidb36": "1", "key": "forged-key"},
            get=each(200),
            post=each(200),
            data=lambda w: {"password1": "x", "password2": "x"},
        )
    ],
    "account_reset_password_from_key_done": [Case(get=each(200), post=each(405))],
    "account_email": [
        Case(get=members(200), post=members(302), data=lambda w: {"action_remove": "", "email": "nobody@example.com"})
    ],
    "account_email_verification_sent": [Case(get=each(200), post=each(405))],
    "account_confirm_email": [Case(lambda w: {"key": "forged-key"}, get=each(200), post=each(404))],
    "account_change_password": [
        Case(
            get=members(200),
            post=members(200),
            data=lambda w: {"oldpassword": "wrong", "password1": "x", "password2": "x"},
        )
    ],
    "account_set_password": [Case(get=members(302), post=members(302))],
    "account_inactive": [Case(get=each(200), post=each(405))],
    "account_reauthenticate": [Case(get=members(200), post=members(200), data=lambda w: {"password": "wrong"})],
    "account_confirm_login_code": [Case(get=each(302), post=each(302))],
    # ---- a few of the admin's pages: staff only -------------------------------------------------
    "admin:index": [Case(get=ADMIN_ONLY, post=ADMIN_ONLY)],
    "admin:play_match_changelist": [Case(get=ADMIN_ONLY, post=ADMIN_ONLY)],
    "admin:play_match_change": [Case(lambda w: {"object_id": w.match.pk}, get=ADMIN_ONLY, post=ADMIN_REFUSED)],
    "admin:play_match_delete": [Case(lambda w: {"object_id": w.match.pk}, get=ADMIN_REFUSED, post=ADMIN_REFUSED)],
    "admin:auth_user_delete": [
        Case(lambda w: {"object_id": w.users["player"].pk}, get=ADMIN_REFUSED, post=ADMIN_REFUSED)
    ],
    "admin:plans_conditionalplan_changelist": [Case(get=ADMIN_ONLY, post=ADMIN_ONLY, setup=opponent_plans)],
    "admin:plans_analysistree_changelist": [Case(get=ADMIN_ONLY, post=ADMIN_ONLY, setup=player_analyses)],
}


def url_patterns(resolver=None, namespace: str = ""):
    """(name, view) of every URL pattern, names namespaced (`admin:index`); an unnamed one is named by its route."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from url_patterns(pattern, f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace)
        elif isinstance(pattern, URLPattern):
            yield namespace + (pattern.name or f"<unnamed {pattern.pattern}>"), pattern.callback


def url_names() -> set[str]:
    return {name for name, _ in url_patterns()}


CASES = [(name, index) for name, cases in POLICY.items() for index in range(len(cases))]


def case_id(value) -> str:
    """The test id of a (URL name, case index) pair."""
    name, index = value
    label = POLICY[name][index].label
    return f"{name}[{label}]" if label else name


def answer_problem(response, expected) -> str | None:
    """What is wrong with the answer (None if it is the expected one)."""
    status = response.status_code
    if expected in (LOGIN, ADMIN_LOGIN):
        login = reverse("account_login" if expected == LOGIN else "admin:login")
        if status == 302 and response.url.startswith(login):
            return None
        return f"{status} {response.get('Location', '')}, expected a redirect to {login}"
    return None if status == expected else f"{status}, expected {expected}"


def secret_problems(world: World, response, role: str) -> list[str]:
    """A player's private note and calendar address are theirs alone; the chat belongs to the two players; when the
    player will be away, to the two players and staff."""
    if response.streaming:  # the live event stream: names of events only (tests/site/test_live.py reads it)
        return []
    body = response.content.decode(errors="replace")
    problems = []
    if role != "player" and world.feed_token in body:
        problems.append("shows the player's calendar feed address")
    if role != "player" and NOTE in body:
        problems.append("shows the player's private note")
    if role not in PLAYERS and CHAT in body:
        problems.append("shows the players' chat")
    if role not in (*PLAYERS, "staff") and f"{world.users['player'].username} will be away" in body:
        problems.append("shows when the player will be away")
    return problems


def role_problems(world: World, case: Case, url: str, role: str, before: dict) -> list[str]:
    """Everything wrong with what `role` gets from GET and POST on `url`."""
    client = world.client(role)
    headers = {"HTTP_HX_REQUEST": "true"} if case.htmx else {}
    problems = []
    response = client.get(url, **headers)
    answer = answer_problem(response, case.get[role])
    problems += [f"GET: {answer}"] if answer else []
    problems += [f"GET {p}" for p in secret_problems(world, response, role)]
    if role in case.acts and changed_tables(before, snapshot()):
        problems.append(f"GET changed {changed_tables(before, snapshot())}")
    response = client.post(url, case.data(world), **headers)
    answer = answer_problem(response, case.post[role])
    problems += [f"POST: {answer}"] if answer else []
    changes = changed_tables(before, snapshot())
    if role in case.acts and not changes:
        problems.append("POST was allowed but changed nothing: is the test's body valid?")
    if role not in case.acts and changes:
        problems.append(f"GET or POST was refused but changed {changes}")
    return [f"{role} {url}: {problem}" for problem in problems]


def prepare_case(name: str, index: int) -> tuple[Case, World, str]:
    """A policy case, a fresh small site set up for it, and the URL it is about."""
    case = POLICY[name][index]
    world = build_world()
    if case.setup:
        case.setup(world)
    return case, world, reverse(name, kwargs=case.kwargs(world))
