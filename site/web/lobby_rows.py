"""The lobby's rows drawn once in plain Python: the lists repeat a few fields many times, and each template tag,
filter and URL reversal per row cost more than the row's whole text built here."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from types import SimpleNamespace
from urllib.parse import quote

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import formats, timezone
from django.utils.html import conditional_escape
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from daymove.play.models import Match
from daymove.safety.templatetags.safety import bot_badge
from games.registry import get_game

_HOLE = "2147483646"  # an argument no URL of the site holds otherwise: where the real one goes
_PATH_SAFE = RFC3986_SUBDELIMS + "/~:@"  # what `reverse` leaves unquoted in a path


class Urls:
    """URLs reversed once per process each and then filled by string formatting: for routes whose one argument is an
    int, a slug or a username (none of them changed by their converter's to_url)."""

    def __call__(self, name: str, value) -> str:
        """The URL of `name` for `value`, as `reverse(name, args=[value])` gives it."""
        halves = _halves(name, get_urlconf(), get_script_prefix(), get_language())
        return f"{halves[0]}{quote(str(value), safe=_PATH_SAFE)}{halves[1]}"


@lru_cache(maxsize=256)
def _halves(name: str, urlconf, prefix: str, language: str) -> list[str]:
    """A route's URL either side of its argument; `reverse` reads the URL conf, script prefix and language keyed on."""
    return reverse(name, args=[_HOLE]).split(_HOLE)


class Badges:
    """Each user's bot badge, worked out once a request (the same players recur row after row)."""

    def __init__(self):
        self._by_pk = {}

    def __call__(self, user) -> str:
        """`user|bot_badge`."""
        badge = self._by_pk.get(user.pk)
        if badge is None:
            badge = self._by_pk[user.pk] = bot_badge(user)
        return badge


@dataclass(slots=True)
class MatchRow:
    """One match of a list as the lobby shows it."""

    url: str
    name: str
    id: int
    players: SafeString  # "alice v bob", each with a bot's badge
    state: SafeString  # "move 5 · due <time>…</time>", or how it ended


# What a list of matches reads of each (no position: the state's JSON, the largest column, is left in the database).
_READ = {"id", "game", "status", "player0_id", "player1_id", "ply", "to_move", "winner", "scores", "result_reason"}
_MATCH = tuple(f.attname for f in Match._meta.concrete_fields if f.attname in _READ)  # in Match.from_db's order
PROFILE_FIELDS = ("player__is_bot", "player__bot_level")  # what a user's bot badge reads of its profile
_SEAT = ("username", *PROFILE_FIELDS)
LISTED = (  # the fields of a match that `match_lists` reads
    *_MATCH,
    *("updated", "finished_at", "clock__deadline0", "clock__deadline1"),
    *(f"player{seat}__{field}" for seat in (0, 1) for field in _SEAT),
)


def match_lists(found: list[dict], user, urls: Urls, badges: Badges, db: str = "default") -> dict:
    """The rows of `found` (matches as dicts of LISTED) in the lobby's three lists: `your_turn` and `waiting` soonest
    deadline first (then the longest waiting), `finished` latest first."""
    # Plain values sorted here: a third of the cost of models with their players, profiles and clocks, ordered by
    # annotations in SQL.
    for m in found:
        m["due"] = m["clock__deadline0"] if m["clock__deadline0"] is not None else m["clock__deadline1"]
    active = sorted((m for m in found if m["status"] == Match.Status.ACTIVE), key=_deadline_order)
    finished = sorted((m for m in found if m["status"] != Match.Status.ACTIVE), key=_age_order)
    finished.sort(key=_finish_order, reverse=True)  # stable: equal finishes stay in age order
    mine = {m["id"]: _seat_of(m, user) == m["to_move"] for m in active}
    row = _Rows(urls, badges, db)
    return {
        "your_turn": [row(m) for m in active if mine[m["id"]]],
        "waiting": [row(m) for m in active if not mine[m["id"]]],
        "finished": [row(m) for m in finished],
    }


def _deadline_order(m):
    """turn_order.by_deadline's order: soonest running deadline first, none last, then the oldest move, then id."""
    return (m["due"] is None, m["due"] or _NEVER, m["updated"], m["id"])


def _age_order(m):
    return (m["updated"], m["id"])


def _finish_order(m):
    return (m["finished_at"] is not None, m["finished_at"] or _NEVER)  # reversed: latest first, none last


_NEVER = datetime.min.replace(tzinfo=UTC)  # before any date: a sort key beside real ones


def _seat_of(m, user) -> int | None:
    if user.pk == m["player0_id"]:
        return 0
    if user.pk == m["player1_id"]:
        return 1
    return None


class _Rows:
    """Makes the rows of one request's lists: the words every row repeats are translated once, and each player's
    name with its badge is drawn once."""

    def __init__(self, urls: Urls, badges: Badges, db: str):
        self.urls, self.badges, self.db = urls, badges, db
        # The msgid of the template's {% blocktranslate %}move {{ number }}{% endblocktranslate %}.
        self.move = gettext("move %(number)s")
        self.due = conditional_escape(gettext("due"))
        self.due_format = pgettext("a short date and time", "D j M, H:i T")
        self.names = {}

    def __call__(self, m) -> MatchRow:
        """The row of `m`, a dict of `LISTED`."""
        if m["status"] == Match.Status.ACTIVE:
            state = self.running(m)
        else:
            state = conditional_escape(self.result_text(m))
        return MatchRow(
            url=self.urls("match", m["id"]),
            name=get_game(m["game"]).name,
            id=m["id"],
            players=mark_safe(f"{self.name(m, 0)} v {self.name(m, 1)}"),
            state=state,
        )

    def name(self, m, seat: int) -> str:
        """`{{ user }}{{ user|bot_badge }}` for the player in `seat`."""
        pk = m[f"player{seat}_id"]
        if pk not in self.names:
            # The little of a user the badge reads (players.bots.bot_level): its profile's bot fields.
            profile = SimpleNamespace(
                is_bot=m[f"player{seat}__player__is_bot"], bot_level=m[f"player{seat}__player__bot_level"]
            )
            badge = self.badges(SimpleNamespace(pk=pk, player=profile))
            self.names[pk] = conditional_escape(m[f"player{seat}__username"]) + badge
        return self.names[pk]

    def running(self, m) -> SafeString:
        """ "move 5 · due <time …>…</time>": the move to come and the running deadline, in the reader's time zone."""
        number = m["ply"] + 1  # as `localize` writes it: no thousands' separator below a thousand
        said = self.move % {"number": number if number < 1000 else conditional_escape(formats.localize(number))}
        if not m["due"]:
            return mark_safe(said)
        due = _due_text(m["due"], timezone.get_current_timezone(), get_language(), self.due_format)
        return mark_safe(f"{said} · {self.due} {due}")

    def result_text(self, m) -> str:
        """Match.result_text of the row (a finished match's result never changes: worked out once per process)."""
        names = (m["player0__username"], m["player1__username"])
        values = tuple(m[field] for field in _MATCH if field != "scores")
        return _result_text(self.db, values, json.dumps(m["scores"]), names, get_language())


@lru_cache(maxsize=4096)
def _due_text(due: datetime, zone, language: str, due_format: str) -> str:
    """`<time datetime="…">…</time>` of a deadline in `zone` (a deadline is read by everyone whose page shows it)."""
    local = timezone.localtime(due, zone)
    # The datetime attribute by strftime: the `date` filter's "Y-m-d\TH:i:sO" spelled the same, ten times cheaper.
    stamp = local.strftime("%Y-%m-%dT%H:%M:%S%z")
    shown = conditional_escape(formats.date_format(local, due_format))
    return f'<time datetime="{stamp}">{shown}</time>'


@lru_cache(maxsize=4096)
def _result_text(db: str, values: tuple, scores: str, names: tuple[str, str], language: str) -> str:
    """Match.result_text of a match built from `values` (`_MATCH` but the scores, given as JSON: the one unhashable
    field); its state, read only after an abort, is fetched then. `language` only keys the cache."""
    values = iter(values)
    match = Match.from_db(db, _MATCH, [json.loads(scores) if f == "scores" else next(values) for f in _MATCH])
    for seat, (pk, username) in enumerate(zip((match.player0_id, match.player1_id), names, strict=True)):
        setattr(match, f"player{seat}", get_user_model().from_db(db, ("id", "username"), (pk, username)))
    return match.result_text()


def challenge_links(challenges, urls: Urls, badges: Badges) -> None:
    """Give each challenge the links and badges its row shows: `rules_url`, `accept_url`, `decline_url`,
    `cancel_url`, `creator_url`, `creator_badge` and `opponent_badge`."""
    for c in challenges:
        c.rules_url = urls("rules", c.game)
        c.accept_url = urls("accept_challenge", c.pk)
        c.decline_url = urls("decline_challenge", c.pk)
        c.cancel_url = urls("cancel_challenge", c.pk)
        c.creator_url = urls("profile", c.creator.username)
        c.creator_badge = badges(c.creator)
        c.opponent_badge = badges(c.opponent) if c.opponent is not None else ""


def page_of(queryset, per_page: int, number) -> Page:
    """`Paginator(queryset, per_page).get_page(number)`, with no count asked when the first page holds them all."""
    if number not in (None, "1"):
        return Paginator(queryset, per_page).get_page(number)
    return first_page(list(queryset[: per_page + 1]), queryset.count, per_page)


def first_page(first: list, count: Callable[[], int], per_page: int) -> Page:
    """The first page given its first `per_page + 1` rows (one more than a page: whether there are more pages);
    `count()`, how many there are in all, is asked only when there are."""
    paginator = Paginator(first, per_page)
    if len(first) > per_page:
        paginator.count = count()  # the pages after the first are counted, not read
    return paginator.page(1)


@dataclass(slots=True)
class GameLink:
    """A game of the lobby's list: its name, its challenge form and its rules."""

    name: str
    challenge_url: str
    rules_url: str


def game_links(games: dict, urls: Urls) -> list[GameLink]:
    """The lobby's "start a challenge" list, one link pair a game."""
    return [GameLink(game.name, urls("new_challenge", slug), urls("rules", slug)) for slug, game in games.items()]


def bot_links(rows, urls: Urls) -> None:
    """Give each bot row its `profile_url` and each of its games a `challenge_url` (the form, opponent filled in)."""
    for row in rows:
        username = row.user.username
        row.profile_url = urls("profile", username)
        for line in row.games:
            line.challenge_url = f"{urls('new_challenge', line.slug)}?opponent={quote(username, safe='/')}"
