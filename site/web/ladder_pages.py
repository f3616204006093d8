"""What the ladder pages show: every ladder, one ladder's rows a page at a time, and a player's place history."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from daymove.clocks.models import ChallengeClock
from daymove.clocks.terms import apply_terms, check_terms
from daymove.ladders import arithmetic
from daymove.ladders.models import Ladder, LadderGame, PlaceChange, Rung
from daymove.ladders.refusals import viewer_refusal
from daymove.ladders.rows import in_place_order, rows
from daymove.play.wording import options_said
from daymove.ratings.charts import history_svg

ROWS_PER_PAGE = 50  # a ladder of thousands is read a page at a time; "your place" jumps to the viewer's page
TOP_SHOWN = 3  # the leaders named on the list of ladders
RECENT_CHANGES = 20  # the latest place changes under a ladder


@dataclass
class LadderLine:
    """One ladder on the list of ladders."""

    ladder: Ladder
    size: int
    your_place: int | None
    top: list


def ladder_lines(viewer) -> list[LadderLine]:
    """Every ladder with its size, the viewer's place and its leaders, in three queries."""
    ladders = list(Ladder.objects.annotate(size=Count("rungs")))
    mine = {}
    if viewer.is_authenticated:
        mine = dict(Rung.objects.filter(player=viewer).values_list("ladder_id", "place"))
    top: dict[int, list] = {ladder.pk: [] for ladder in ladders}
    for rung in Rung.objects.filter(place__lte=TOP_SHOWN).select_related("player").order_by("ladder", "place"):
        top[rung.ladder_id].append(rung)
    return [LadderLine(ladder, ladder.size, mine.get(ladder.pk), top[ladder.pk]) for ladder in ladders]


def clock_in_words(terms: dict) -> str:
    """A ladder's clock preset as players read it, e.g. "time bank: 3 days, +1 a move, at most 7"."""
    clock = ChallengeClock()
    apply_terms(clock, check_terms(terms))
    return str(clock)


def page_of(place: int) -> int:
    """The page of the ladder's rows that shows `place`."""
    return (place - 1) // ROWS_PER_PAGE + 1


def ladder_page(ladder: Ladder, viewer, page_number) -> dict:
    """One page of the ladder's rows for `viewer`, what the viewer may do on it, the open games of its players and
    recent changes: in a fixed number of queries, reading only the page's players, whatever the ladder's length."""
    page: Page = Paginator(in_place_order(ladder), ROWS_PER_PAGE, allow_empty_first_page=True).get_page(page_number)
    page.object_list = rows(ladder, viewer, page.object_list)
    size = page.paginator.count
    signed_in = viewer.is_authenticated
    yours = Rung.objects.filter(ladder=ladder, player=viewer).first() if signed_in else None
    return {
        "ladder": ladder,
        "rows": page,
        "size": size,
        "your_rung": yours,
        "your_page": page_of(yours.place) if yours else None,
        "bottom_page": page.paginator.num_pages,
        "everyone_refused": viewer_refusal(ladder, viewer) if signed_in else None,
        "reach": arithmetic.reach(size),
        "reach_rows": min(arithmetic.reach(size), size),
        "cap": arithmetic.OPEN_GAMES_CAP,
        "repeat_days": arithmetic.REPEAT_AFTER.days,
        "idle_days": arithmetic.IDLE_MONTH.days,
        "removed_days": arithmetic.REMOVED_AFTER.days,
        "clock": clock_in_words(ladder.time_control),
        "options": options_said(ladder.rules, ladder.options),
        "open_games": open_games(ladder, [row.player.pk for row in page]),
        "changes": recent_changes(ladder),
    }


def open_games(ladder: Ladder, players) -> list[LadderGame]:
    """The ladder games these players (a page's) are playing, newest first, each with both players' places now
    (None: off the ladder), in one query."""
    games = LadderGame.objects.filter(Q(challenger_id__in=players) | Q(defender_id__in=players), ladder=ladder)
    games = games.filter(ended_at=None).select_related("challenger", "defender", "match")
    return list(
        games.annotate(challenger_place=_place_of("challenger"), defender_place=_place_of("defender")).order_by(
            "-created", "-pk"
        )
    )


def _place_of(side: str) -> Subquery:
    """The place now on the game's ladder of the game's player on this side (None: off the ladder)."""
    return Subquery(Rung.objects.filter(ladder=OuterRef("ladder"), player=OuterRef(side)).values("place")[:1])


def recent_changes(ladder: Ladder) -> list[PlaceChange]:
    """The ladder's latest place changes, newest first."""
    return list(PlaceChange.objects.filter(ladder=ladder).select_related("player")[:RECENT_CHANGES])


def place_history(ladder: Ladder, player) -> dict:
    """A player's place on the ladder now and every change of it, oldest first."""
    rung = Rung.objects.filter(ladder=ladder, player=player).first()
    changes = PlaceChange.objects.filter(ladder=ladder, player=player).select_related("match").order_by("at", "pk")
    changes = list(changes)
    return {
        "ladder": ladder,
        "player": player,
        "rung": rung,
        "page": page_of(rung.place) if rung else None,
        "size": Rung.objects.filter(ladder=ladder).count(),
        "changes": changes,
        "chart": place_chart(ladder, player, changes, rung),
    }


def place_chart(ladder: Ladder, player, changes: list[PlaceChange], rung: Rung | None) -> str:
    """The player's place over time as a small chart, place 1 at the top, up to now if they are on the ladder ("" with
    fewer than two points: the table says it all)."""
    points = [(change.at, change.to_place) for change in changes if change.to_place is not None]
    if rung is not None:
        points.append((timezone.now(), rung.place))
    if len(points) < 2:
        return ""
    words = {"name": player.username, "ladder": ladder.in_sentence, "first": points[0][1], "last": points[-1][1]}
    if rung is not None:
        title = gettext(
            "%(name)s's place on the %(ladder)s over time, place 1 at the top: from %(first)s to %(last)s now"
        )
    else:
        title = gettext("%(name)s's place on the %(ladder)s over time, place 1 at the top: from %(first)s to %(last)s")
    return history_svg(points, title % words, least_pad=0.5, low_on_top=True)


def ladder_places(player) -> list[Rung]:
    """The player's places on every ladder they stand on, each with the ladder's size and the page showing it."""
    found = list(Rung.objects.filter(player=player).select_related("ladder").annotate(size=Count("ladder__rungs")))
    for rung in found:
        rung.page = page_of(rung.place)
    return found
