"""A division page's crosstable cells and fixture lines, drawn in one pass each: the template loops over a division's
hundred cells and forty-five games cost more than the rest of its page. The words are the ones the templates said
(same messages, so same translations); every text is escaped here. A cell or a line shows only the result, whose move
it is and their deadline: never anything of the position (hidden information)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from daymove.competitions.downloads import result_text
from daymove.competitions.models import LeagueGame
from daymove.competitions.tables import Cell


def row_cells(cells: Sequence[list[Cell] | None]) -> SafeString:
    """The <td> of each column of one crosstable row: its games against that column's player (None: the row
    player's own cell)."""
    words = _Words()
    drawn = []
    for games in cells:
        if games is None:
            drawn.append(f'<td class="self"><span aria-hidden="true">×</span>{words.themself}</td>')
        else:
            inner = "<br>".join(_game(cell, words) for cell in games) or '<span class="muted">–</span>'
            drawn.append(f"<td>{inner}</td>")
    return mark_safe("".join(drawn))  # every text escaped here


class _Words:
    """The cells' fixed words in the active language, each looked up once per row."""

    def __init__(self):
        self.struck_title = escape(gettext("Struck from the table"))
        self.struck = escape(pgettext("a game struck from a league's table", "struck"))
        themself = escape(pgettext("a player's own cell in a crosstable", "(themself)"))
        self.themself = f'<span class="visually-hidden">{themself}</span>'


def _game(cell: Cell, words: _Words) -> str:
    url = escape(cell.url)
    if cell.struck:
        return f'<a href="{url}" title="{words.struck_title}">{words.struck}</a>'
    if cell.score is not None:
        return f'<a href="{url}"><strong>{escape(cell.score)}</strong></a>'
    if cell.to_move:
        return f'<a href="{url}" class="pending">{_to_move(cell)}</a>'
    return f'<a href="{url}">{escape(cell.match.get_status_display().lower())}</a>'


def _to_move(cell: Cell) -> str:
    player = escape(cell.to_move.username)
    if not cell.deadline_text:
        return gettext("%(player)s to move") % {"player": player}
    said = gettext('%(player)s to move, by <time datetime="%(iso)s">%(deadline)s</time>')
    return said % {"player": player, "iso": escape(cell.deadline_iso), "deadline": escape(cell.deadline_text)}


def fixture_lines(games: Sequence[LeagueGame], links: dict[int, str]) -> SafeString:
    """The <li> of each game of one round: its players, linked to its match page, and its result or whose move."""
    struck = escape(gettext("struck from the table"))
    forfeit = escape(gettext("(forfeit)"))
    drawn = []
    for game in games:
        match = game.match
        first, second = escape(match.player0.username), escape(match.player1.username)
        players = gettext("%(first)s v %(second)s") % {"first": first, "second": second}
        result = result_text(game)
        if game.counted == LeagueGame.Counted.STRUCK:
            state = struck
        elif result:
            state = f"<strong>{escape(result)}</strong>" + (
                f" {forfeit}" if game.counted == LeagueGame.Counted.FORFEIT else ""
            )
        elif match.is_active:
            mover = first if match.to_move == 0 else second
            running = gettext("running: %(player)s to move") % {"player": mover}
            state = f'<span class="muted">{running}</span>'
        else:
            state = escape(match.get_status_display().lower())
        drawn.append(f'\n    <li><a href="{escape(links[game.match_id])}">{players}</a>\n      · {state}</li>')
    return mark_safe("".join(drawn))  # every text escaped here
