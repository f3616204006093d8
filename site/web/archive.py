"""The archives: a player's games and the site's, filtered, one page at a time by keyset.

A page is read from a key that never changes (start time or length, then id): a game that ends, or starts,
between two page loads moves no other game across the cursor, so nothing is skipped or repeated. (By length, a
game still running grows: it may be seen again higher up.) A player's games are read one seat at a time, each from
its own index, and merged. Games of a player who keeps them unlisted appear only in that player's own archive.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from daymove.clocks.forms import BANK
from daymove.clocks.models import TimeControl
from daymove.play.models import Match
from daymove.play.wording import options_said
from daymove.web.archive_filters import BOARD_GAME, cursor_of

PAGE_SIZE = 25
ORDERS = {
    "newest": ("-created", "-id"),
    "oldest": ("created", "id"),
    "longest": ("-ply", "-id"),
    "shortest": ("ply", "id"),
}


@dataclass
class ArchivePage:
    """One page of games and the cursor of the next (None on the last page)."""

    matches: list
    next_cursor: str | None


def listed() -> Q:
    """Games both of whose players list their games (a filter on two joins, where an exclude would need subqueries)."""
    return Q(player0__player__games_listed=True, player1__player__games_listed=True)


def _day_start(day) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def _common(matches, data: dict):
    """The filters that read the same from either side: game, board, rated, time control, dates."""
    if data.get("game"):
        matches = matches.filter(game=data["game"])
    if data.get("board"):
        matches = matches.filter(game=BOARD_GAME, options__board=data["board"])
    if data.get("rated"):
        matches = matches.filter(rated=data["rated"] == "yes")
    if data.get("clock") == BANK:
        matches = matches.filter(clock__kind=TimeControl.Kind.BANK)
    elif data.get("clock"):
        matches = matches.filter(clock__kind=TimeControl.Kind.PER_MOVE, clock__days_per_move=int(data["clock"]))
    if data.get("since"):
        matches = matches.filter(created__gte=_day_start(data["since"]))
    if data.get("until"):
        matches = matches.filter(created__lt=_day_start(data["until"] + timedelta(days=1)))
    return matches


def _result(result: str, seat: int | None = None) -> Q:
    """The games with this result, from `seat`'s side (won and lost need one)."""
    finished = Q(status=Match.Status.FINISHED)
    if result == "won":
        return finished & Q(winner=seat)
    if result == "lost":
        return finished & Q(winner=1 - seat)
    if result == "decided":
        return finished & Q(winner__isnull=False)
    if result == "drawn":
        return finished & Q(winner__isnull=True)
    return Q(status=Match.Status.ABORTED if result == "aborted" else Match.Status.ACTIVE)


def outcome(match, seat: int | None) -> str:
    """The result in a word or two: from `seat`'s side, or naming the winner (None: a spectator's list)."""
    if match.status == Match.Status.ACTIVE:
        return gettext("In progress")
    if match.status == Match.Status.ABORTED:
        return gettext("Aborted")
    if match.winner is None:
        return gettext("Drawn")
    if seat is None:
        return gettext("%(player)s won") % {"player": match.players[match.winner].username}
    return gettext("Won") if match.winner == seat else gettext("Lost")


def _after(order: tuple[str, str], cursor) -> Q:
    """The games after the cursor in this order."""
    field = order[0].lstrip("-")
    key, pk = cursor
    beyond = "lt" if order[0].startswith("-") else "gt"
    return Q(**{f"{field}__{beyond}": key}) | Q(**{field: key, f"id__{beyond}": pk})


def _one_seat(player, seat: int, data: dict):
    """The player's games in one seat, with the filters that depend on the side."""
    other = 1 - seat
    matches = Match.objects.filter(**{f"player{seat}": player})
    if data.get("opponent") is not None:
        matches = matches.filter(**{f"player{other}": data["opponent"]})
    if data.get("result"):
        matches = matches.filter(_result(data["result"], seat))
    if data.get("bots"):
        matches = matches.filter(**{f"player{other}__player__is_bot": data["bots"] == "bot"})
    return matches


def _site_games(data: dict):
    matches = Match.objects.filter(listed())
    if data.get("result"):
        matches = matches.filter(_result(data["result"]))
    if data.get("bots") == "bot":
        matches = matches.filter(Q(player0__player__is_bot=True) | Q(player1__player__is_bot=True))
    elif data.get("bots") == "person":
        matches = matches.filter(player0__player__is_bot=False, player1__player__is_bot=False)
    return matches


def _read(matches, data: dict, order: tuple[str, str]) -> list:
    """Up to a page and one of these games from the cursor on, in order, ready for a list."""
    matches = _common(matches, data)
    if data.get("after"):
        matches = matches.filter(_after(order, data["after"]))
    listed = matches.select_related("player0__player", "player1__player", "clock").defer("state")
    return list(listed.order_by(*order)[: PAGE_SIZE + 1])


def _page(rows: list, sort: str) -> ArchivePage:
    if len(rows) > PAGE_SIZE:
        return ArchivePage(rows[:PAGE_SIZE], cursor_of(rows[PAGE_SIZE - 1], sort))
    return ArchivePage(rows, None)


def _sort_key(order: tuple[str, str]):
    """The key `order` sorts rows by in Python, and whether it is descending."""
    field = order[0].lstrip("-")
    return (lambda match: (getattr(match, field), match.pk)), order[0].startswith("-")


def player_games(player, viewer, data: dict) -> ArchivePage:
    """One page of `player`'s games as `viewer` may list them (cleaned ArchiveFilter data)."""
    sort = data.get("sort") or "newest"
    order = ORDERS[sort]
    seats = []
    for seat in (0, 1):
        matches = _one_seat(player, seat, data)
        if viewer is None or viewer.pk != player.pk:
            matches = matches.filter(listed())
        seats.append(_read(matches, data, order))
    key, descending = _sort_key(order)
    merged = list(heapq.merge(*seats, key=key, reverse=descending))
    page = _page(merged[: PAGE_SIZE + 1], sort)
    for match in page.matches:
        match.outcome = outcome(match, match.seat_of(player))
        match.options_label = options_said(match.rules, match.options)
    return page


def site_games(data: dict) -> ArchivePage:
    """One page of the site's listed games (cleaned ArchiveFilter data)."""
    sort = data.get("sort") or "newest"
    page = _page(_read(_site_games(data), data, ORDERS[sort]), sort)
    for match in page.matches:
        match.outcome = outcome(match, None)
        match.options_label = options_said(match.rules, match.options)
    return page
