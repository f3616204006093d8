"""The contract every registered game keeps, checked over random games for every combination of its options.

A game is tested here by being registered: nothing in this file names one. Each game's own module tests its
rules against its rules page.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.bot import LEVELS
from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import game_cases, random_position, random_states

GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items()]


# ---- the declaration ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_declaration(game):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", game.slug) and game.name
    assert len(game.seat_names) == 2 and len(set(game.seat_names)) == 2 and all(game.seat_names)
    assert isinstance(game.draws_by_agreement, bool), "say whether the game offers draws by agreement"
    assert set(game.bot_playouts) <= set(LEVELS) and all(n > 0 for n in game.bot_playouts.values())
    assert 0 <= game.bot_contempt < 0.5
    names = [spec.name for spec in game.option_specs]
    assert len(set(names)) == len(names)
    for spec in game.option_specs:
        assert spec.label and spec.values and all(label for _, label in spec.values)
        assert len(set(spec.choices)) == len(spec.choices)
    assert game.normalize_options({}) == {spec.name: spec.choices[0] for spec in game.option_specs}
    assert (game.template_dir / game.rules_template).is_file(), "a game carries its rules page"


def test_games_have_distinct_places_in_the_lobby():
    orders = [game.order for game in all_games().values()]
    assert len(set(orders)) == len(orders)
    assert list(all_games()) == sorted(all_games(), key=lambda slug: (all_games()[slug].order, slug))


@pytest.mark.parametrize("game,options", game_cases(chosen_only=True))
def test_seat_roles_name_the_side_that_moves_first(game, options):
    """The challenge form's words for each seat agree with the rules: the first mover is named, or said to be drawn."""
    firsts = game.first_players(options)
    roles = game.seat_roles(options)
    assert firsts <= {0, 1} and firsts and len(roles) == 2
    if len(firsts) == 2:
        assert all("drawn at random" in role for role in roles)
        drawn = {spec.name for spec in game.option_specs if spec.drawn_at_start}
        assert drawn, "only an option drawn at the start can leave the first mover open"
        drawn_starts = (game.start_options(options, random.Random(seed)) for seed in range(40))
        starts = {game.current_player(game.initial_state(start)) for start in drawn_starts}
        assert starts == {0, 1}
    else:
        [first] = firsts
        assert game.current_player(game.initial_state(options)) == first
        assert "first" in roles[first]
        assert "moves first" not in roles[1 - first] and "drawn" not in roles[1 - first]


# ---- the rules interface -------------------------------------------------------------------------------------
@pytest.mark.slow  # many random games of each (about 35 s in all): `make test`, not `make check`
@pytest.mark.parametrize("game,options", game_cases())
def test_rules_interface_over_random_games(game, options):
    checked = 0  # positions; long games (Offboard's last ~300 plies) stop after fewer than 20 games
    for seed in range(20):
        if seed >= 3 and checked > 2500:
            break
        previous_ply = -1
        for state, moves in random_states(game, options, seed, max_plies=400):
            checked += 1
            # Game over <=> outcome <=> no legal moves.
            over = game.current_player(state) is None
            assert over == (game.outcome(state) is not None), "game over must match outcome"
            assert over == (not moves), "legal moves must be empty exactly when the game is over"
            assert game.ply(state) == previous_ply + 1
            previous_ply = game.ply(state)

            # JSON round trip (and it really is JSON).
            data = game.to_json(state)
            assert json.loads(json.dumps(data)) == data
            again = game.from_json(json.loads(json.dumps(data)))
            assert game.to_json(again) == data
            assert game.legal_move_strings(again) == game.legal_move_strings(state)
            assert game.outcome(again) == game.outcome(state)

            # Legal moves unique and round-tripping through the notation; each entered by its own clicks.
            texts = [game.format_move(m) for m in moves]
            assert len(set(texts)) == len(texts), "legal moves must be unique"
            for move, text in zip(moves, texts):
                assert game.parse_move(text) == move
                assert game.format_move(game.parse_move(text)) == text
            tokens = [tuple(game.move_tokens(text)) for text in texts]
            assert all(tokens) and len(set(tokens)) == len(tokens), "every move must be enterable on the board"

            # apply_move leaves its input unchanged.
            if moves:
                game.apply_move(state, moves[len(moves) // 2])
                assert game.to_json(state) == data, "apply_move must not change its input"

            # Views are JSON and the board renders for every viewer.
            for seat in (0, 1, None):
                view = game.player_view(state, seat)
                json.dumps(view)
                svg = game.render_board(view, BoardUI())
                assert svg.startswith("<svg") and svg.endswith("</svg>")
                assert game.position_in_words(view)


@pytest.mark.parametrize("game", GAMES)
def test_typed_notation_is_read_in_any_case(game):
    """A move typed with its letters' case swapped (or all in capitals) is the same move: no notation here lets case
    alone tell two moves apart, so a phone's capital first letter or a held shift key changes nothing."""
    rng = random.Random(2)
    for plies in (0, 1, 2, 5, 20):
        state = random_position(game, rng.choice(game.option_combinations()), rng, plies)
        for text in game.legal_move_strings(state):
            move = game.parse_move(text)
            assert game.parse_move(text.swapcase()) == move and game.parse_move(text.upper()) == move, text


@pytest.mark.parametrize("game,options", game_cases())
def test_fast_playout_ends_where_the_rules_end(game, options):
    initial = game.initial_state(options)
    for seed in range(20):
        final, plies = game.random_playout(initial, random.Random(seed))
        assert game.current_player(final) is None
        assert game.outcome(final) is not None
        assert plies == game.ply(final) - game.ply(initial)


@pytest.mark.parametrize("game,options", game_cases())
def test_the_board_marks_every_token_on_offer(game, options):
    """A renderer passes every clickable token through the UI: drawn ones get a target, the rest are buttons."""
    rng = random.Random(1)
    for plies in (0, 3, 9):
        state = random_position(game, options, rng, plies)
        seat = game.current_player(state)
        if seat is None:
            continue
        firsts = sorted({game.move_tokens(text)[0] for text in game.legal_move_strings(state)})
        ui = BoardUI(options=firsts)
        svg = game.render_board(game.player_view(state, seat), ui)
        assert ui.used | set(ui.unused_options()) == set(firsts)
        assert sorted(re.findall(r'data-token="([^"]+)"', svg)) == sorted(ui.used)


# ---- hidden information -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,options", game_cases(hidden_only=True))
def test_a_sampled_state_looks_the_same_to_the_viewer(game, options):
    """The bot searches from states sampled from its view: each must show that seat the same view and moves."""
    for seed in range(20):
        state = random_position(game, options, random.Random(seed), 10)
        seat = game.current_player(state)
        if seat is None:
            continue
        view = game.player_view(state, seat)
        for k in range(10):
            sample = game.visibility.sample_state(view, random.Random(k))
            assert game.player_view(sample, seat) == view
            assert game.legal_move_strings(sample) == game.legal_move_strings(state)


@pytest.mark.parametrize("game,options", game_cases(hidden_only=True))
def test_an_alternative_history_looks_the_same_to_its_viewer(game, options):
    """The leak tests' other worlds: legal, different, and the same to that viewer at every ply."""
    rng = random.Random(7)
    found = 0
    for _ in range(6):
        state, notations = game.initial_state(options), []
        while moves := game.legal_move_strings(state):
            notations.append(rng.choice(moves))
            state = game.play(state, notations[-1])
        for seat in (0, 1, None):
            other = game.visibility.alternative_history(notations, options, seat, rng)
            if other is None:
                continue
            found += 1
            assert other != notations and len(other) == len(notations)
            real, twin = game.initial_state(options), game.initial_state(options)
            for ply, (text, other_text) in enumerate(zip(notations, other)):
                real, twin = game.play(real, text), game.play(twin, other_text)
                if game.current_player(real) is None:
                    break  # the end reveals everything: the worlds differ there, as they may
                assert game.player_view(real, seat) == game.player_view(twin, seat), ply
                assert game.visibility.history_for(real, seat, notations[: ply + 1]) == game.visibility.history_for(
                    twin, seat, other[: ply + 1]
                )
    assert found >= 6


@pytest.mark.parametrize("game,options", game_cases())
def test_a_move_is_seen_as_the_move_list_shows_it(game, options):
    """Conditional moves match the opponent's move as its owner reads it: `seen_move` before the move must say
    what `history_for` shows after it, for both seats and spectators, at every ply of random games; and the
    analysis board, which plays in states sampled from its owner's view, must offer the move as its owner sees it."""
    rng = random.Random(11)
    for _ in range(4):
        state, notations = game.initial_state(options), []
        while (moves := game.legal_move_strings(state)) and len(notations) < 60:
            text = rng.choice(moves)
            before, state = state, game.play(state, text)
            notations.append(text)
            if game.current_player(state) is None:
                break
            for seat in (0, 1, None):
                assert (
                    game.visibility.seen_move(before, seat, text)
                    == game.visibility.history_for(state, seat, notations)[-1]
                )
            if game.visibility.hidden:
                for seat in (0, 1):
                    sample = game.visibility.sample_state(game.player_view(before, seat), rng)
                    offered = {
                        game.visibility.seen_move(sample, seat, move) for move in game.legal_move_strings(sample)
                    }
                    assert game.visibility.seen_move(before, seat, text) in offered
