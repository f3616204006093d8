"""What a viewer sees of a match: their view of the position, the board, the clicks on offer.

Every page and fragment about a match is built from `player_view` of the viewer's seat (None for
spectators), and the move list from `history_for`; once the match has ended, from `revealed_view`
and the full notation. Nothing here hands the raw state to a template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlencode

from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from daymove.play.models import Match
from daymove.play.wording import said
from games.base import RulesError
from games.messages import render
from games.svg import esc
from games.ui import BoardUI, Selection, select


@dataclass
class LinkedBoardUI(BoardUI):
    """The board's click targets as links: each selects its token by loading `urls[token]` into the play area."""

    urls: dict[str, str] = field(default_factory=dict)
    target_id: str = "#play"
    said: Callable[[object], str] = said  # the board's words in the active language

    def wrap(self, token: str, inner: str, label: str) -> str:
        url = esc(self.urls[token])
        return (
            f'<a href="{url}" hx-get="{url}" hx-target="{esc(self.target_id)}" hx-swap="outerHTML" class="opt" '
            f'data-token="{esc(token)}" aria-label="{esc(label)}">{inner}</a>'
        )


def selection_url(base_url: str, tokens: tuple[str, ...]) -> str:
    """The match URL that shows these clicks selected."""
    return f"{base_url}?{urlencode([('s', t) for t in tokens])}" if tokens else base_url


def replay_state(match: Match, notations: list[str], ply: int):
    """The position after the first `ply` moves, replayed through the rules."""
    rules = match.rules
    state = rules.initial_state(match.options)
    for text in notations[:ply]:
        state = rules.apply_move(state, rules.parse_move(text))
    return state


def last_move_tokens(rules, history: list[str]) -> tuple[str, ...]:
    """The clicks of the last move in `history`, to mark on the board (none if a redacted entry hides them)."""
    if not history:
        return ()
    try:
        return tuple(rules.move_tokens(history[-1]))
    except (RulesError, ValueError):
        return ()  # a redacted entry may not spell out every click


@dataclass(frozen=True)
class Step:
    """One of the review controls: its name, what it says, and the position it shows (None: not from here)."""

    name: str
    label: str
    url: str | None


def review_steps(base_url: str, shown_ply: int, last_ply: int) -> list[Step]:
    """First, previous, next and last position from the one shown; the last is the match page itself."""

    def url(ply: int) -> str | None:
        if ply == shown_ply or not 0 <= ply <= last_ply:
            return None
        return base_url if ply == last_ply else f"{base_url}?at={ply}"

    return [
        Step("first", gettext("First position"), url(0)),
        Step("previous", gettext("Previous move"), url(shown_ply - 1)),
        Step("next", gettext("Next move"), url(shown_ply + 1)),
        Step("last", gettext("Latest position"), url(last_ply)),
    ]


def one_drawing_said() -> Callable[[object], str]:
    """`said` for one drawing: each text looked up once in the active language (a board names every point with
    the same few messages)."""
    words, counts, terms = cache(gettext), cache(ngettext), cache(pgettext)

    def said_once(value: object) -> str:
        return render(value, words, counts, terms)

    return said_once


def match_context(match: Match, user, notations: list[str], clicked: list[str], at: int | None) -> dict:
    """Everything the match page and its fragments show to `user`, drawn from the moves (no cache)."""
    rules = match.rules
    seat = match.seat_of(user)
    replaying = is_replay(match, at)
    state = replay_state(match, notations, at) if replaying else match.position()
    shown_ply = at if replaying else match.ply
    if match.is_active:
        view = rules.player_view(state, seat)
        history = rules.visibility.history_for(state, seat, notations[:shown_ply])
        full_history = history if not replaying else match.history_for(seat, notations)
    else:  # once the match has ended (however it ended) nothing is secret, in replays too
        view = rules.visibility.revealed_view(state, seat)
        history = notations[:shown_ply]
        full_history = notations
        if not replaying and rules.outcome(state) is None:  # the site ended it: the board tells how, not whose turn
            view = rules.ended_view(view, match.outcome_json())

    can_move = may_move(match, seat, replaying)
    say = one_drawing_said()
    base_url = match.get_absolute_url()
    selection = select(rules, rules.legal_move_strings(state), clicked) if can_move else Selection()
    urls = {token: selection_url(base_url, path) for token, path in selection.options.items()}
    ui = LinkedBoardUI(
        options=tuple(urls),
        urls=urls,
        selected=selection.tokens,
        last_move=last_move_tokens(rules, history),
        flip=seat == 1,
        said=say,
    )
    board_svg = mark_safe(rules.render_board(view, ui))  # renderers escape every text they draw
    buttons = [(token, say(rules.token_label(token)), urls[token]) for token in ui.unused_options()]
    return {
        "match": match,
        "rules": rules,
        "seat": seat,
        "board_svg": board_svg,
        "buttons": buttons,
        "selection": selection,
        "can_move": can_move,
        "replaying": replaying,
        "shown_ply": shown_ply,
        "move_items": move_items(base_url, full_history, shown_ply),
        "review": review_steps(base_url, shown_ply, match.ply),
        "description": rules.position_in_words(view, say),
        "prompt": say(rules.prompt_message(view, selection)) if can_move else "",
        "base_url": base_url,
        "seat_names": seat_names(rules),
    }


def move_items(base_url: str, history: list[str], shown_ply: int) -> str:
    """The move list's entries after "start", as play/partials/history.html shows them: drawn in one pass, as a
    template loop over fifty moves costs more than the rest of the list."""
    url = esc(base_url)
    items = []
    for ply, text in enumerate(history, start=1):
        current = ' class="current" aria-current="step"' if ply == shown_ply else ""
        link = f"{url}?at={ply}"
        items.append(
            f'\n      <li{current}><a href="{link}" hx-get="{link}" hx-target="#play" hx-swap="outerHTML" '
            f'hx-push-url="true">{esc(text)}</a></li>\n    '
        )
    return mark_safe("".join(items))  # every text in it escaped here


def seat_names(rules) -> list[str]:
    """The game's seat names in the active language."""
    return [said(name) for name in rules.seat_names]


def is_replay(match: Match, at: int | None) -> bool:
    """True when `at` asks for an earlier position than the current one."""
    return at is not None and 0 <= at < match.ply


def may_move(match: Match, seat: int | None, replaying: bool) -> bool:
    """True when the viewer in `seat` is to move now (and is not looking at a replay)."""
    return not replaying and match.is_active and seat is not None and match.to_move == seat
