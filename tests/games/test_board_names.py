"""Every board names its points for hover and screen readers, and tells a player which pieces are theirs."""

import random
import re

import pytest

from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import random_position

GAMES = list(all_games().values())


def _board(game, seat):
    state = random_position(game, None, random.Random(7), plies=6)
    return game.render_board(game.player_view(state, seat), BoardUI())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_point_is_named(game):
    svg = _board(game, None)
    points = re.findall(r'<g data-point="([^"]+)"><title>([^<]+)</title>', svg)
    assert len(points) >= 16
    assert all(title.startswith(name) for name, title in points)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_players_own_pieces_are_named_theirs(game):
    titles = [re.findall(r"<title>([^<]+)</title>", _board(game, seat)) for seat in (0, 1, None)]
    mine, theirs, watching = ({t for t in ts if t.endswith(", yours")} for ts in titles)
    assert mine and theirs and not mine & theirs
    assert watching == set()
