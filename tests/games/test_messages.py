"""Words as values (games/messages.py): a word with a context is translated with it, lists are said item by item,
and every board says its words through the BoardUI's `said`."""

from __future__ import annotations

import pickle
import random

import pytest

from games.messages import NC_, NP_, Count, joined, render, say
from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import random_position

SUN = NC_("seat", "Sun")


def _in_context(context: str, text: str) -> str:
    return f"{text}@{context}"


def _shouted(text: str) -> str:
    """A "translation" in capitals that keeps the placeholders."""
    return text.replace("to move", "TO MOVE").replace("stone", "STONE").replace("none", "NONE")


def test_a_word_with_a_context_is_english_as_a_string_and_translated_with_its_context():
    assert SUN == "Sun" and f"{SUN} to move" == "Sun to move"
    assert render(SUN) == "Sun"
    assert render(SUN, pgettext=_in_context) == "Sun@seat"
    message = say("{seat} to move", seat=SUN)
    assert render(message, gettext=_shouted, pgettext=_in_context) == "Sun@seat TO MOVE"
    assert render(say(SUN), pgettext=_in_context) == "Sun@seat"  # a seat's name said alone


def test_a_word_keeps_its_context_through_a_cache():
    assert pickle.loads(pickle.dumps(SUN)).context == "seat"


def test_a_list_is_said_item_by_item():
    unit = NP_("{n} stone", "{n} stones")
    listed = joined(", ", [Count(1, unit), Count(3, unit), say("none"), "d4"])
    assert render(listed) == "1 stone, 3 stones, none, d4"
    assert render(listed, gettext=_shouted, ngettext=lambda s, p, n: _shouted(s if n == 1 else p)) == (
        "1 STONE, 3 STONEs, NONE, d4"
    )


def _marked(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.mark.parametrize("game", all_games().values(), ids=lambda game: game.slug)
def test_every_word_of_every_board_goes_through_said(game):
    """A board drawn with a `said` that marks what it says holds no text, title or label it did not mark."""
    rng = random.Random(2)
    for plies in (0, 6, 40, 2000):
        state = random_position(game, rng.choice(game.option_combinations()), rng, plies)
        for seat in (0, 1, None):
            view = game.player_view(state, seat)
            svg = game.render_board(view, BoardUI(said=lambda value: _marked(render(value))))
            label = svg.split('aria-label="', 1)[1].split('"', 1)[0]
            assert label.startswith("⟦"), label
            for title in svg.split("<title>")[1:]:
                text = title.split("</title>", 1)[0]
                assert text.startswith("⟦") or text.isalnum(), text  # a point's bare name is notation
