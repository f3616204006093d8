"""The drawn parts of a match page, cached: each board is drawn once per position and view, not once per request.

A drawing depends on the match's stored position and result, on the seat it is seen from (hidden information
stays per view), on whether that viewer may move, on the clicks made so far, on the replayed ply and on the
language (the prompt and the move list are words). The key
holds all of these, with a digest of the stored position itself and of this code, so a move, an ending, a changed
view or a new release can never find an old picture: it finds no entry and draws afresh. Entries are never
deleted for correctness, only to make room (the "boards" cache: Redis in production, local memory by default).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.template.loader import get_template, render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from daymove.play import match_board
from daymove.play.models import Match

CACHE = "boards"
SECONDS = 7 * 24 * 3600  # a position seen once a day stays drawn; older ones are drawn again when asked
DRAWN = ("board_svg", "buttons", "selection", "shown_ply", "description", "prompt")  # cached as they are
HISTORY = "play/partials/history.html"  # the move list: cached drawn, as its loop grows with the moves


def drawing_sources() -> list[Path]:
    """The files whose text decides a drawing: the games, this app's board code, the move list's template and the
    translation catalogues."""
    import games

    history = Path(get_template(HISTORY).origin.name)
    catalogues = sorted(path for folder in settings.LOCALE_PATHS for path in Path(folder).glob("*/LC_MESSAGES/*.po"))
    return sorted(Path(games.__file__).parent.rglob("*.py")) + [Path(match_board.__file__), history, *catalogues]


@cache
def code_digest() -> str:
    """A digest of the code that draws pages: a new release, new keys."""
    digest = hashlib.blake2b(digest_size=8)
    for path in drawing_sources():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def drawing_key(match: Match, seat: int | None, clicked: list[str], at: int | None) -> str:
    """The cache key of what `seat` sees of the match as stored now, with these clicks, at this replayed ply."""
    replaying = match_board.is_replay(match, at)
    stored = [match.game, match.options, match.state, match.ply, match.status, match.winner, match.result_reason]
    view = [seat, match_board.may_move(match, seat, replaying), clicked, at if replaying else None, get_language()]
    text = json.dumps([stored, view, match.pk], sort_keys=True, separators=(",", ":"))
    return f"{code_digest()}:{match.pk}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"


def page_context(match: Match, user, clicked: list[str], at: int | None) -> dict:
    """`match_board.match_context`, its drawings from the cache when this view of this position was drawn before."""
    seat = match.seat_of(user)
    store = caches[CACHE]
    key = drawing_key(match, seat, clicked, at)
    drawn = store.get(key)
    if drawn is None:
        context = match_board.match_context(match, user, match.notations(), clicked, at)
        context["history_html"] = render_to_string(HISTORY, context)
        store.set(key, {name: context[name] for name in (*DRAWN, "history_html")}, SECONDS)
        return context
    replaying = match_board.is_replay(match, at)
    return drawn | {
        "history_html": mark_safe(drawn["history_html"]),  # drawn by our own template, escaped there
        "match": match,
        "rules": match.rules,
        "seat": seat,
        "can_move": match_board.may_move(match, seat, replaying),
        "replaying": replaying,
        "base_url": match.get_absolute_url(),
        "seat_names": match_board.seat_names(match.rules),
    }
