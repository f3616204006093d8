"""C#I Sequence (rules: games/ci_sequence/templates/rules.html): worked examples T1-T10, the rules, what each viewer
may see, and speed paths."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from games.base import BadOptions, IllegalMove, Outcome
from games.ci_sequence import geometry as B
from games.ci_sequence import playouts
from games.ci_sequence.game import GAME
from games.ci_sequence.rules import PLY_LIMIT, State, play_code, position, scores
from games.messages import render
from games.ui import BoardUI
from tests.support.games import random_states, replay_cli, rules_page_text

OPTION_SETS = [{}, {"memory": False}, {"memory": True}]
SQ = B.SQUARE


def legal(state) -> set[str]:
    return set(GAME.legal_move_strings(state))


def tile_at(state, name: str) -> int:
    return state.board[SQ[name]]


def type_at(state, name: str) -> str:
    return B.TYPE_NAMES[B.TILE_TYPE[tile_at(state, name)]]


def hand_types(state, seat: int) -> Counter:
    return Counter(B.TYPE_NAMES[B.TILE_TYPE[i]] for i in range(14) if state.hands[seat] >> i & 1)


def play(state, *moves):
    for move in moves:
        state = GAME.play(state, move)
    return state


# ---- worked examples ------------------------------------------------------------------------------
def test_t1_empty_board_48_moves():
    state = GAME.initial_state()
    expected = {f"{t}@{sq}" for t in ("Bd", "Bm", "Bs") for sq in B.NAMES}
    assert len(expected) == 48
    assert legal(state) == expected
    assert len(GAME.legal_moves(state)) == 48


def test_t2_push_out_goes_to_sun():
    state = position({"b1": "Od", "c1": "Os", "d1": "Om"})
    old = {name: tile_at(state, name) for name in ("b1", "c1", "d1")}
    assert "Bd@a1>E" in legal(state)
    after = GAME.play(state, "Bd@a1>E")
    assert type_at(after, "b1") == "Bd"
    assert tile_at(after, "c1") == old["b1"]
    assert tile_at(after, "d1") == old["c1"]
    assert after.hands[1] >> old["d1"] & 1  # the old d1 tile is in the sun player's hand
    assert hand_types(after, 1)["Om"] == 1
    assert tile_at(after, "a1") == -1
    assert GAME.player_view(after, 0)["cells"].keys() == {"b1", "c1", "d1"}


def test_t3_push_without_push_out():
    state = position({"b1": "Od", "c1": "Os"})
    old_b1, old_c1 = tile_at(state, "b1"), tile_at(state, "c1")
    after = GAME.play(state, "Bd@a1>E")
    assert type_at(after, "b1") == "Bd"
    assert tile_at(after, "c1") == old_b1
    assert tile_at(after, "d1") == old_c1
    assert tile_at(after, "a1") == -1
    assert after.hands[1] == state.hands[1]  # nothing left the board
    assert after.hands[0].bit_count() == 6


def test_t4_chain_of_one_is_not_a_push():
    state = position({"c1": "Od"})
    assert not any(m.startswith(("Bd@b1>", "Bm@b1>", "Bs@b1>")) for m in legal(state))
    with pytest.raises(IllegalMove):
        GAME.play(state, "Bd@b1>E")
    assert "Bd@b1" in legal(state)


def test_t5_cannot_push_out_the_tile_just_placed():
    board = {"b1": "Od", "c1": "Os", "d1": "Om"}
    state = position(board, to_move=0, last="Om@d1")
    assert not any("@a1>E" in m for m in legal(state))
    with pytest.raises(IllegalMove):
        GAME.play(state, "Bd@a1>E")
    assert {"d1-c2", "d1-d2"} <= legal(state)  # moving Y is legal
    # Control: without the just-placed tile on d1 the push is legal.
    assert "Bd@a1>E" in legal(position(board, to_move=0, last="Os@c1"))


def test_t6_cannot_move_the_tile_just_moved():
    state = position({"c3": "Os", "a1": "Od"}, to_move=0, last="b2-c3")
    assert not any(m.startswith("c3-") for m in legal(state))
    assert {"a1-a2", "a1-b1", "a1-b2"} <= legal(state)
    after = GAME.play(state, "Bd@d1")
    assert {f"c3-{n}" for n in ("b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4")} <= legal(after)


def test_t7_diagonal_push_out():
    state = position({"b2": "Od", "c3": "Os", "d4": "Om"})
    old = {name: tile_at(state, name) for name in ("b2", "c3", "d4")}
    after = GAME.play(state, "Bd@a1>NE")
    assert type_at(after, "b2") == "Bd"
    assert tile_at(after, "c3") == old["b2"]
    assert tile_at(after, "d4") == old["c3"]
    assert after.hands[1] >> old["d4"] & 1
    assert tile_at(after, "a1") == -1


def test_t8_final_placements():
    board = {
        "a1": "Bd",
        "b1": "Bd",
        "c1": "Bd",
        "d1": "Bm",
        "a2": "Bm",
        "b2": "Bm",
        "a3": "Od",
        "b3": "Od",
        "c3": "Od",
        "d3": "Os",
    }
    state = position(board, hands=(["Bs"], ["Os", "Os", "Om"]), to_move=0)
    state = GAME.play(state, "Bs@d4")
    assert state.final and GAME.current_player(state) == 1
    empties = {n for n in B.NAMES if n not in board and n != "d4"}
    for left in (3, 2, 1):
        assert GAME.current_player(state) == 1
        assert GAME.outcome(state) is None
        types = set(hand_types(state, 1))
        assert legal(state) == {f"{t}@{sq}" for t in types for sq in empties}  # places only
        move = sorted(legal(state))[0]
        state = GAME.play(state, move)
        empties.discard(move.split("@")[1])
        assert state.hands[1].bit_count() == left - 1
    assert GAME.current_player(state) is None
    assert GAME.outcome(state) is not None
    assert len(empties) == 2


@pytest.mark.parametrize(
    "squares, points",
    [
        (("a1", "b1", "c1"), 4),
        (("a1", "b1", "a2", "b2"), 12),
        (("a1", "b2"), 2),
        (("a1", "c1"), 0),
        (("a1", "b1", "b2"), 6),
    ],
)
def test_t9_scoring_examples(squares, points):
    moons = ["Bm", "Bm", "Bm", "Om"]
    state = position({sq: moons[i] for i, sq in enumerate(squares)})
    assert scores(state) == (points, 0)


def test_t10_tie_broken_by_four_in_a_row():
    board = {
        "a1": "Bm",
        "b1": "Bm",
        "c1": "Bm",
        "d1": "Om",
        "a3": "Os",
        "b3": "Os",
        "b4": "Os",
        "d2": "Bs",
        "a2": "Bd",
        "b2": "Bd",
        "c2": "Bd",
        "c3": "Od",
        "c4": "Od",
        "d3": "Od",
    }
    state = position(board, hands=([], []))
    assert GAME.current_player(state) is None
    outcome = GAME.outcome(state)
    assert outcome.scores == (6, 6)
    assert (outcome.winner, outcome.reason) == (0, "four-in-a-row")


# ---- the bot's rollout hook ---------------------------------------------------------------------
T10_BOARD = {
    "a1": "Bm",
    "b1": "Bm",
    "c1": "Bm",
    "d1": "Om",
    "a3": "Os",
    "b3": "Os",
    "b4": "Os",
    "d2": "Bs",
    "a2": "Bd",
    "b2": "Bd",
    "c2": "Bd",
    "c3": "Od",
    "c4": "Od",
    "d3": "Od",
}


def test_bot_rollout_ranks_every_win_above_every_draw_above_every_loss():
    from games.ci_sequence.playouts import ROLLOUT_MARGIN_WEIGHT

    rng = random.Random(0)
    tie_win = GAME.bot_rollout(position(T10_BOARD, hands=([], [])), rng)  # 6-6, moon wins by four in a row
    assert tie_win == pytest.approx(1 - ROLLOUT_MARGIN_WEIGHT / 2)
    draw = {
        "a1": "Bm",
        "b1": "Bm",
        "c3": "Bm",
        "d1": "Om",
        "a4": "Os",
        "b4": "Os",
        "d2": "Os",
        "a2": "Bs",
        "c1": "Bd",
        "c2": "Bd",
        "b2": "Bd",
        "a3": "Od",
        "b3": "Od",
        "c4": "Od",
    }
    assert GAME.bot_rollout(position(draw, hands=([], [])), rng) == pytest.approx(0.5)
    values = []
    for seed in range(200):  # random finished games: wins, draws and losses for the moon player
        final, _ = GAME.random_playout(GAME.initial_state({}), random.Random(seed))
        winner = GAME.outcome(final).winner
        values.append((winner, GAME.bot_rollout(final, rng)))
    wins = [v for w, v in values if w == 0]
    draws = [v for w, v in values if w is None]
    losses = [v for w, v in values if w == 1]
    assert wins and draws and losses
    assert min(wins) > max(draws + [0.5]) and max(losses) < min(draws + [0.5])
    assert all(0.0 <= v <= 1.0 for _, v in values)


def test_bot_rollout_prefers_the_wider_margin():
    by_margin = {}
    for seed in range(200):
        final, _ = GAME.random_playout(GAME.initial_state({}), random.Random(seed))
        moon, sun = GAME.outcome(final).scores
        by_margin[moon - sun] = GAME.bot_rollout(final, random.Random(0))
    margins = sorted(by_margin)
    assert len(margins) > 5
    assert [by_margin[m] for m in margins] == sorted(by_margin[m] for m in margins)
    assert by_margin[margins[0]] < by_margin[margins[-1]]


def test_guided_playout_plays_only_legal_moves(monkeypatch):
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.initial_state({})
        while not state.over():
            legal = GAME.legal_moves(state)
            monkeypatch.setattr(playouts, "PLY_LIMIT", state.ply + 1)  # the playout stops after one ply
            after = playouts.guided_playout(state, rng)
            monkeypatch.undo()
            assert after.last in legal
            expected = GAME.apply_move(state, after.last)
            for field in ("board", "pub", "hands", "known", "to_move", "final", "lm", "lp", "ply", "occ"):
                assert getattr(after, field) == getattr(expected, field), field
            state = expected


def test_guided_playout_places_final_tiles_greedily():
    board = {
        "a1": "Bm",
        "b1": "Bm",
        "a2": "Om",
        "c3": "Os",
        "d3": "Os",
        "c4": "Bs",
        "c1": "Bd",
        "d1": "Bd",
        "c2": "Bd",
        "d2": "Od",
        "a3": "Od",
        "b3": "Od",
    }
    state = position(board, hands=(["Bm", "Os"], []), final=True)  # empty: b2, a4, b4, d4
    for seed in range(20):
        final = playouts.guided_playout(state, random.Random(seed))
        assert final.over()
        # The moon goes where it touches three moons; the sun where it touches no sun.
        assert B.TILE_TYPE[final.board[B.SQUARE["b2"]]] == B.TYPE_INDEX["Bm"]
        assert B.TILE_TYPE[final.board[B.SQUARE["a4"]]] == B.TYPE_INDEX["Os"]
        assert scores(final) == (12, 6)


# ---- more rules ------------------------------------------------------------------------------
def test_equal_scores_both_or_neither_line_is_a_draw():
    both = {
        "a1": "Bm",
        "b1": "Bm",
        "c1": "Bm",
        "d1": "Om",
        "a3": "Os",
        "b3": "Os",
        "c3": "Os",
        "d3": "Bs",
        "a2": "Bd",
        "b2": "Bd",
        "c2": "Bd",
        "a4": "Od",
        "b4": "Od",
        "c4": "Od",
    }
    outcome = GAME.outcome(position(both, hands=([], [])))
    assert (outcome.winner, outcome.scores, outcome.reason) == (None, (6, 6), "score")
    neither = {
        "a1": "Bm",
        "b1": "Bm",
        "c3": "Bm",
        "d1": "Om",
        "a4": "Os",
        "b4": "Os",
        "d2": "Os",
        "a2": "Bs",
        "c1": "Bd",
        "c2": "Bd",
        "b2": "Bd",
        "a3": "Od",
        "b3": "Od",
        "c4": "Od",
    }
    outcome = GAME.outcome(position(neither, hands=([], [])))
    assert (outcome.winner, outcome.scores, outcome.reason) == (None, (2, 2), "score")


def test_sun_wins_on_points_and_by_line():
    board = {
        "a1": "Os",
        "b1": "Os",
        "c1": "Os",
        "d1": "Bs",
        "a4": "Bm",
        "b4": "Bm",
        "d2": "Om",
        "a2": "Bm",
        "b2": "Bd",
        "c2": "Bd",
        "c3": "Bd",
        "c4": "Od",
        "d3": "Od",
        "d4": "Od",
    }
    outcome = GAME.outcome(position(board, hands=([], [])))
    assert (outcome.winner, outcome.scores, outcome.reason) == (1, (2, 6), "score")
    board = {
        "a1": "Os",
        "b1": "Os",
        "c1": "Os",
        "d1": "Bs",
        "a3": "Bm",
        "b3": "Bm",
        "b4": "Om",
        "d4": "Bm",
        "a2": "Bd",
        "b2": "Bd",
        "c2": "Bd",
        "c4": "Od",
        "c3": "Od",
        "d3": "Od",
    }
    outcome = GAME.outcome(position(board, hands=([], [])))
    assert (outcome.winner, outcome.scores, outcome.reason) == (1, (6, 6), "four-in-a-row")


def test_pushed_out_tile_goes_to_opponent_whatever_its_colour():
    state = position({"b1": "Bd", "c1": "Bm", "d1": "Bs"}, to_move=0)
    after = GAME.play(state, "Bd@a1>E")
    assert hand_types(after, 1)["Bs"] == 1
    assert hand_types(after, 0)["Bs"] == 0
    assert after.known[1] >> tile_at(state, "d1") & 1  # the receiver learns it


def test_push_with_the_last_tile_starts_final_placements():
    board = {
        "a1": "Bd",
        "b1": "Bd",
        "c1": "Bd",
        "a2": "Bm",
        "b2": "Bm",
        "c2": "Bm",
        "a3": "Od",
        "b3": "Od",
        "c3": "Od",
        "a4": "Os",
    }
    state = position(board, hands=(["Bs"], ["Os", "Os", "Om"]), to_move=0)
    after = GAME.play(state, "Bs@d1>W")  # chain c1 b1 a1: the a1 tile leaves to sun
    assert after.final and GAME.current_player(after) == 1
    assert after.hands[0] == 0 and after.hands[1].bit_count() == 4  # received the old a1 tile
    assert "Bd" in hand_types(after, 1)
    assert not any("-" in m or ">" in m for m in legal(after))


def test_moves_and_pushes_only_in_normal_play_and_any_colour_moves():
    state = position({"b2": "Od", "c2": "Bd"}, to_move=0)
    moves = legal(state)
    assert {"b2-a1", "c2-d3"} <= moves  # either colour
    assert "Bd@a2>E" in moves
    final = position({"b2": "Od", "c2": "Bd"}, to_move=0, final=True)
    assert all("@" in m and ">" not in m for m in legal(final))


def test_just_placed_rule_covers_place_and_push_and_expires():
    state = position({"a2": "Od", "a3": "Bd", "b3": "Od"}, to_move=1)
    state = GAME.play(state, "Os@a4>S")  # sun's new tile lands on a3; a3 a2 shift to a2 a1
    assert state.lp == SQ["a3"] and type_at(state, "a3") == "Os" and tile_at(state, "a4") == -1
    moves = legal(state)
    assert "Bd@c3>W" not in moves  # would push the just-placed a3 tile off the board
    assert "Bd@a4>S" in moves  # pushes the a1 tile off: allowed
    later = play(state, "Bd@d4", "Os@d3")
    assert "Bd@c3>W" in legal(later)  # only the immediately preceding placement counts
    after_move = play(state, "Bd@d4", "d4-d3")
    assert after_move.lp == -1 and "Bd@c3>W" in legal(after_move)


def test_lowest_numbered_tile_is_played():
    state = GAME.initial_state()
    after = GAME.play(state, "Bm@a1")
    assert tile_at(after, "a1") == 3
    after = GAME.play(GAME.play(after, "Os@d4"), "Bm@a2")
    assert tile_at(after, "a2") == 4


def test_ply_limit_draw_reports_board_scores():
    state = position({"a1": "Bm", "b1": "Bm"}, to_move=0, ply=PLY_LIMIT - 1)
    assert GAME.current_player(state) == 0
    after = GAME.play(state, "Bd@d4")
    assert GAME.current_player(after) is None
    assert GAME.legal_moves(after) == []
    outcome = GAME.outcome(after)
    assert (outcome.winner, outcome.scores, outcome.reason) == (None, (2, 0), "ply-limit")
    # Also in the final placements.
    types = ["Bd"] * 3 + ["Bm"] * 3 + ["Bs"] + ["Od"] * 3 + ["Om"]
    state = position(dict(zip(B.NAMES, types)), hands=([], ["Os"] * 3), to_move=1, final=True, ply=PLY_LIMIT - 1)
    assert legal(state) == {f"Os@{sq}" for sq in B.NAMES[11:]}
    after = GAME.play(state, "Os@d4")
    assert GAME.outcome(after) == Outcome(None, scores(after), "ply-limit")


def test_notation_round_trip_and_errors():
    for text in ("Bm@b2", "b2-c3", "Bm@a1>E", "Os@d4>SW", "Od@c3>NW"):
        assert GAME.format_move(GAME.parse_move(text)) == text
    for bad in ("", "Bx@b2", "Bm@e2", "Bm@b2>X", "b2c3", "b2-", "bm@", "B m@b2", "pass"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(bad)
    assert GAME.move_tokens("Bm@b2") == ("Bm", "b2")
    assert GAME.move_tokens("b2-c3") == ("b2", "c3")
    assert GAME.move_tokens("Bm@a1>E") == ("Bm", "a1", ">E")
    assert GAME.move_tokens("B?@a1>E") == ("B?", "a1", ">E")
    assert render(GAME.token_label(">NE")) == "Push north-east"
    assert render(GAME.token_label("Om")) == "Orange moon"


def test_typed_notation_is_read_in_any_case():
    """Each letter's place says what it is, so case decides nothing: "os@c4" is an orange sun placed on c4."""
    for typed, canonical in (
        ("os@c4", "Os@c4"),
        ("BM@A1>ne", "Bm@a1>NE"),
        ("oD@d4>sw", "Od@d4>SW"),
        ("B2-C3", "b2-c3"),
    ):
        assert GAME.format_move(GAME.parse_move(typed)) == canonical


def test_options():
    assert GAME.normalize_options({}) == {"memory": False}
    assert GAME.initial_state({"memory": True}).memory is True
    with pytest.raises(BadOptions):
        GAME.normalize_options({"memory": "yes"})


# ---- the fast playout is the rules ------------------------------------------------------------
def _strip(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "moves"}


def test_options_tables_give_the_rules_moves_for_every_occupancy():
    """The per-occupancy options are put together from small tables (geometry.py); for all 65,536 occupancies they
    must be exactly what the rules say, in step and push order (the order fixes which move a seeded playout draws):
    an empty square, a step from a tile to an empty neighbour, a push of a chain of 2+ tiles from an empty square
    that ends at the edge or before an empty square."""
    for occ in range(1 << 16):
        empties = bytes(sq for sq in range(16) if not occ >> sq & 1)
        steps = bytes(i for i, (a, b) in enumerate(B.STEPS) if occ >> a & 1 and not occ >> b & 1)
        pushes = bytes(
            i
            for i, (e, _, chain, nxt) in enumerate(B.PUSHES)
            if not occ >> e & 1 and all(occ >> sq & 1 for sq in chain) and (nxt < 0 or not occ >> nxt & 1)
        )
        assert B._options(occ) == (empties, steps, pushes), bin(occ)


def test_playout_single_ply_is_a_uniform_legal_move():
    """Started one ply before the limit, a playout plays exactly one move: it must be one of the
    legal moves, applied exactly as apply_move does, and each legal move about equally often."""
    checked = 0
    for seed in range(6):
        for i, state in enumerate(state for state, _ in random_states(GAME, {}, seed)):
            if i % 5 or GAME.current_player(state) is None:
                continue
            data = GAME.to_json(state)
            data["ply"] = PLY_LIMIT - 1
            data["moves"] = None
            start = GAME.from_json(data)
            results = {
                json.dumps(_strip(GAME.to_json(GAME.apply_move(start, m))), sort_keys=True): m
                for m in GAME.legal_moves(start)
            }
            assert len(results) == len(GAME.legal_moves(start))
            rng = random.Random(seed * 1000 + i)
            counts = Counter()
            draws = 40 * len(results)
            for _ in range(draws):
                final, plies = GAME.random_playout(start, rng)
                assert plies == 1
                key = json.dumps(_strip(GAME.to_json(final)), sort_keys=True)
                assert key in results, "the playout played something that is not a legal move"
                counts[key] += 1
            # Uniform: chi-square with k-1 degrees of freedom, generous bound.
            k = len(results)
            expected = draws / k
            chi2 = sum((counts[key] - expected) ** 2 / expected for key in results)
            assert chi2 < k + 6 * (2 * k) ** 0.5 + 10
            checked += 1
    assert checked >= 20


def test_playout_from_midgame_and_final_phase():
    for seed in range(10):
        states = [state for state, _ in random_states(GAME, {}, seed)]
        for state in states[:: max(1, len(states) // 4)]:
            final, plies = GAME.random_playout(state, random.Random(seed))
            assert GAME.current_player(final) is None
            assert plies == final.ply - state.ply
            tiles = final.hands[0] | final.hands[1]
            for t in final.board:
                if t >= 0:
                    assert not tiles >> t & 1
                    tiles |= 1 << t
            assert tiles == B.ALL_TILES
            assert GAME.outcome(final) == GAME.outcome(GAME.from_json(GAME.to_json(final)))


# ---- what each viewer may see ----------------------------------------------------------------
class Tracker:
    """An independent model of what each seat may know, kept while a game is replayed.

    may[seat]: tile ids whose symbol the seat can name. What the rules let a seat name: the tiles of your
    hand, tiles you placed, tiles pushed out to you; a tile the opponent places is only nameable if
    every tile of that colour in the opponent's hand was nameable and of one type.
    """

    def __init__(self):
        self.may = [set(range(7)), set(range(7, 14))]
        self.revealed = [set(), set()]  # placement indices a seat may read in the history

    def step(self, state: State, code: int, index: int) -> State:
        mover = state.to_move
        other = 1 - mover
        before_hand = [i for i in range(14) if state.hands[mover] >> i & 1]
        after, placed, _ = play_code(state, code)
        if placed >= 0:
            self.revealed[mover].add(index)
            colour = B.TILE_COLOUR[placed]
            same = [i for i in before_hand if B.TILE_COLOUR[i] == colour]
            types = {B.TILE_TYPE[i] for i in same}
            if all(i in self.may[other] for i in same) and len(types) == 1:
                self.revealed[other].add(index)
            else:
                self.may[other] -= set(same)
        gained = after.hands[other] & ~state.hands[other]
        if gained:
            tile = gained.bit_length() - 1
            self.may[other].add(tile)
            # the receiver now links the tile to the placement that put it on the board
            square = next(sq for sq in range(16) if state.board[sq] == tile)
            self.revealed[other].add(state.pub[square] >> 1)
        return after


def _check_view(state: State, seat, may: set[int]):
    view = GAME.player_view(state, seat)
    over = GAME.current_player(state) is None
    assert "state" not in view
    assert set(view) <= {
        "game",
        "seat",
        "ply",
        "to_move",
        "phase",
        "memory",
        "cells",
        "hands",
        "last_move",
        "just_moved",
        "just_placed",
        "outcome",
        "pairs",
        "lines",
    }
    assert all(set(cell) == {"colour", "symbol", "id", "by"} for cell in view["cells"].values())
    for name, cell in view["cells"].items():
        tile = tile_at(state, name)
        if over:
            assert cell["symbol"] == B.SYMBOL_LETTERS[B.TILE_SYMBOL[tile]]
        elif cell["symbol"] is not None:
            assert seat is not None and not state.memory and tile in may, f"{name} leaked to {seat}"
            assert cell["symbol"] == B.SYMBOL_LETTERS[B.TILE_SYMBOL[tile]]
        assert cell["colour"] == B.COLOUR_LETTERS[B.TILE_COLOUR[tile]]
    for owner in (0, 1):
        hand = view["hands"][owner]
        assert hand["count"] == state.hands[owner].bit_count()
        if over or owner == seat:
            assert Counter(hand["known"]) == hand_types(state, owner)
        else:
            nameable = Counter(
                B.TYPE_NAMES[B.TILE_TYPE[i]] for i in range(14) if state.hands[owner] >> i & 1 and i in may
            )
            assert not Counter(hand["known"]) - nameable, f"hand of {owner} leaked to {seat}"
            if seat is None or state.memory:
                assert hand["known"] == {}
    return view


def _swapped(state: State, seat) -> list[State]:
    """States that differ from `state` only in symbols `seat` may not name (pairwise swaps)."""
    hidden = [
        i for i in range(14) if seat is None or (not state.known[seat] >> i & 1 and not state.hands[seat] >> i & 1)
    ]
    out = []
    for a in hidden:
        for b in hidden:
            if a < b and B.TILE_COLOUR[a] == B.TILE_COLOUR[b] and B.TILE_TYPE[a] != B.TILE_TYPE[b]:
                swap = {a: b, b: a}

                def mask(m, swap=swap):
                    return sum(1 << swap.get(i, i) for i in range(14) if m >> i & 1)

                board = tuple(swap.get(t, t) for t in state.board)
                other = [mask(k) for k in state.known]
                if seat is not None:
                    other[seat] = state.known[seat]
                out.append(
                    State(
                        board,
                        state.pub,
                        tuple(mask(h) for h in state.hands),
                        tuple(other),
                        state.to_move,
                        state.final,
                        state.lm,
                        state.lp,
                        state.ply,
                        state.last,
                        None,
                        state.memory,
                    )
                )
    return out


def _push_loving_choice(rng: random.Random, moves: list[int]) -> int:
    """Random moves, but pushes half the time when there are any: push-outs move tiles between
    hands, which is where knowledge gets subtle."""
    pushes = [m for m in moves if ">" in GAME.format_move(m)]
    if pushes and rng.random() < 0.5:
        return rng.choice(pushes)
    return rng.choice(moves)


@pytest.mark.parametrize("memory", [False, True])
def test_views_never_show_what_the_viewer_cannot_know(memory):
    push_outs = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = GAME.initial_state({"memory": memory})
        tracker = Tracker()
        notations = []
        while True:
            for seat in (0, 1, None):
                may = tracker.may[seat] if seat is not None else set()
                _check_view(state, seat, may)
                history = GAME.visibility.history_for(state, seat, notations)
                assert len(history) == len(notations)
                over = GAME.current_player(state) is None
                for i, (shown, full) in enumerate(zip(history, notations)):
                    if over or "@" not in full or seat is not None and not memory and i in tracker.revealed[seat]:
                        assert shown == full
                    else:
                        assert shown == full[0] + "?" + full[2:], (seat, i, shown)
            moves = GAME.legal_moves(state)
            if not moves:
                break
            code = _push_loving_choice(rng, moves)
            notations.append(GAME.format_move(code))
            before = state.hands
            state = tracker.step(state, code, len(notations) - 1)
            push_outs += any(state.hands[seat] & ~before[seat] for seat in (0, 1))
    assert push_outs > 50  # the games did exercise tiles going back to hands


@pytest.mark.parametrize("memory", [False, True])
def test_outputs_do_not_depend_on_hidden_symbols(memory):
    """Swap the symbols of two tiles a viewer cannot name: view, description and board must not change."""
    checked = 0
    for seed in range(6):
        for i, state in enumerate(state for state, _ in random_states(GAME, {"memory": memory}, seed)):
            if i % 3 or GAME.current_player(state) is None:
                continue
            for seat in (0, 1, None):
                view = GAME.player_view(state, seat)
                text = GAME.position_in_words(view)
                svg = GAME.render_board(view, BoardUI())
                sample = (
                    GAME.to_json(GAME.visibility.sample_state(view, random.Random(7))) if seat is not None else None
                )
                for other in _swapped(state, seat):
                    other_view = GAME.player_view(other, seat)
                    assert other_view == view
                    assert GAME.position_in_words(other_view) == text
                    assert GAME.render_board(other_view, BoardUI()) == svg
                    if seat is not None:
                        assert GAME.to_json(GAME.visibility.sample_state(other_view, random.Random(7))) == sample
                    checked += 1
    assert checked > 100


def test_spectator_and_opponent_see_no_hidden_symbols_in_text():
    state = play(GAME.initial_state(), "Bm@b2", "Os@c3", "Bs@a1")
    for seat in (1, None):
        view = GAME.player_view(state, seat)
        assert view["cells"]["b2"]["symbol"] is None and view["cells"]["a1"]["symbol"] is None
        joined = " ".join(GAME.position_in_words(view)) + GAME.render_board(view, BoardUI())
        for line in GAME.position_in_words(view):
            if line.startswith(("b2:", "a1:")):
                assert "symbol unknown" in line and "moon" not in line and "sun" not in line
        assert view["last_move"] == "B?@a1"
        assert "Bs" not in joined and "Bm" not in joined
    # The placer sees its own symbols; the opponent's hand as backs only.
    view = GAME.player_view(state, 0)
    assert view["cells"]["b2"]["symbol"] == "m" and view["cells"]["c3"]["symbol"] is None
    assert view["hands"][1] == {"count": 6, "B": 0, "O": 6, "face_up": False, "known": {}}
    assert view["hands"][0]["known"] == {"Bd": 3, "Bm": 2}
    assert GAME.visibility.history_for(state, 0, ["Bm@b2", "Os@c3", "Bs@a1"]) == ["Bm@b2", "O?@c3", "Bs@a1"]
    assert GAME.visibility.history_for(state, 1, ["Bm@b2", "Os@c3", "Bs@a1"]) == ["B?@b2", "Os@c3", "B?@a1"]
    assert GAME.visibility.history_for(state, None, ["Bm@b2", "Os@c3", "Bs@a1"]) == ["B?@b2", "O?@c3", "B?@a1"]


def test_public_ids_do_not_follow_tile_numbers():
    a = play(GAME.initial_state(), "Bm@b2", "Os@c3")
    b = play(GAME.initial_state(), "Bd@b2", "Od@c3")
    for seat in (None, 1):
        assert GAME.player_view(a, seat)["cells"]["b2"] == GAME.player_view(b, seat)["cells"]["b2"]
    assert GAME.player_view(a, 1)["cells"]["b2"] == {"colour": "B", "symbol": None, "id": 0, "by": 0}
    assert GAME.player_view(a, None) == GAME.player_view(b, None)
    # The opponent's history is the same whichever tile moon chose.
    rest = ["c3-d4", "Od@a1", "Bd@a2"]
    a2, b2 = play(a, *rest), play(b, *rest)
    assert GAME.visibility.history_for(a2, 1, ["Bm@b2", "Os@c3", *rest]) == GAME.visibility.history_for(
        b2, 1, ["Bd@b2", "Os@c3", *rest]
    )


def test_receiver_learns_pushed_out_tile():
    state = position({"a1": "Os", "b1": "Od", "c1": "Om"}, to_move=1)
    assert GAME.player_view(state, 0)["cells"]["a1"]["symbol"] is None
    assert GAME.player_view(state, 0)["hands"][0]["known"].get("Os") is None
    after = GAME.play(state, "Os@d1>W")  # chain c1 b1 a1: the a1 tile goes to moon
    assert hand_types(after, 0)["Os"] == 1
    view = GAME.player_view(after, 0)
    assert view["hands"][0]["known"]["Os"] == 1 and view["hands"][0]["face_up"]
    # Sun knew it all along and keeps knowing the tile in moon's hand.
    assert GAME.player_view(after, 1)["hands"][0]["known"] == {"Os": 1}
    assert GAME.player_view(after, None)["hands"][0]["known"] == {}


def test_history_reveals_a_placement_once_its_tile_comes_to_your_hand():
    state = GAME.initial_state()
    moves = ["Bd@c2", "Os@a1", "Bd@d2", "Od@a4", "Bm@a3", "a4-b4", "Bm@a2"]
    state = play(state, *moves)
    assert GAME.visibility.history_for(state, 0, moves)[1] == "O?@a1"
    # Sun pushes from a4 southwards: chain a3 a2 a1, the a1 tile (sun's Os) leaves to moon.
    state = GAME.play(state, "Od@a4>S")
    moves.append("Od@a4>S")
    assert hand_types(state, 0)["Os"] == 1
    history = GAME.visibility.history_for(state, 0, moves)
    assert history[1] == "Os@a1"  # moon watched that tile from a1 into its hand
    assert history[-1] == "O?@a4>S"
    assert GAME.visibility.history_for(state, 1, moves)[4] == "B?@a3"
    # Without a stored record the notations are replayed; if they do not lead here, nothing is shown.
    data = GAME.to_json(state)
    data["moves"] = None
    bare = GAME.from_json(data)
    assert GAME.visibility.history_for(bare, 0, moves) == history
    wrong = ["Bm@c2", *moves[1:]]
    assert GAME.visibility.history_for(bare, 0, wrong) == [m if "@" not in m else m[0] + "?" + m[2:] for m in wrong]


def _moon_also_knows(state: State, mask: int) -> State:
    known = (state.known[0] | mask, state.known[1])
    return State(
        state.board,
        state.pub,
        state.hands,
        known,
        state.to_move,
        state.final,
        state.lm,
        state.lp,
        state.ply,
        state.last,
        None,
        state.memory,
    )


def test_opponent_choice_among_received_tiles_stays_hidden():
    # Sun holds blue Bm, Bm, Bd that moon pushed to it (so moon knows them); whichever sun plays, moon
    # cannot tell which, so it sees "?" and the same view.
    board = {"b1": "Od", "c1": "Os", "a4": "Bd"}
    state = position(board, hands=(["Bd", "Bs", "Bm"], ["Bm", "Bm", "Bd", "Od", "Od", "Os", "Os", "Om"]), to_move=1)
    state = _moon_also_knows(state, state.hands[1] & B.COLOUR_MASK[0])
    assert GAME.player_view(state, 0)["hands"][1]["known"] == {"Bd": 1, "Bm": 2}
    views = []
    for move in ("Bm@d4", "Bd@d4"):
        after = GAME.play(state, move)
        view = GAME.player_view(after, 0)
        assert view["cells"]["d4"]["symbol"] is None
        assert view["last_move"] == "B?@d4"
        assert view["hands"][1]["known"] == {}
        views.append(view)
    assert views[0] == views[1]
    assert GAME.visibility.history_for(GAME.play(state, "Bm@d4"), 0, ["Bm@d4"]) == ["B?@d4"]
    # Sun's received blue tiles all of one type: moon can name what is placed.
    state = position(board, hands=(["Bd", "Bd", "Bs", "Bm"], ["Bm", "Bm", "Od", "Od", "Os", "Os", "Om"]), to_move=1)
    state = _moon_also_knows(state, state.hands[1] & B.COLOUR_MASK[0])
    after = GAME.play(state, "Bm@d4")
    assert GAME.player_view(after, 0)["cells"]["d4"]["symbol"] == "m"
    assert GAME.player_view(after, 0)["last_move"] == "Bm@d4"
    assert GAME.player_view(after, 0)["hands"][1]["known"] == {"Bm": 1}
    assert GAME.player_view(after, None)["last_move"] == "B?@d4"


def test_memory_mode_hides_own_placed_symbols():
    moves = ["Bm@b2", "Os@c3"]
    state = play(GAME.initial_state({"memory": True}), *moves)
    view = GAME.player_view(state, 0)
    assert view["cells"]["b2"]["symbol"] is None
    assert view["hands"][0]["known"] == {"Bd": 3, "Bm": 2, "Bs": 1}  # the hand stays face up
    assert GAME.visibility.history_for(state, 0, moves) == ["B?@b2", "O?@c3"]
    normal = play(GAME.initial_state(), *moves)
    assert GAME.player_view(normal, 0)["cells"]["b2"]["symbol"] == "m"


def test_end_reveals_everything_with_pairs_and_lines():
    board = {
        "a1": "Bm",
        "b1": "Bm",
        "c1": "Bm",
        "d1": "Om",
        "a3": "Os",
        "b3": "Os",
        "b4": "Os",
        "d2": "Bs",
        "a2": "Bd",
        "b2": "Bd",
        "c2": "Bd",
        "c3": "Od",
        "c4": "Od",
        "d3": "Od",
    }
    state = position(board, hands=([], []))
    for seat in (0, 1, None):
        view = GAME.player_view(state, seat)
        assert all(cell["symbol"] is not None for cell in view["cells"].values())
        assert sorted(map(tuple, view["pairs"])) == sorted(
            [
                ("a1", "b1", "m"),
                ("b1", "c1", "m"),
                ("c1", "d1", "m"),
                ("a3", "b3", "s"),
                ("a3", "b4", "s"),
                ("b3", "b4", "s"),
            ]
        )
        assert view["lines"] == [["a1", "b1", "c1", "d1", "m"]]
        svg = GAME.render_board(view, BoardUI())
        assert svg.count("<line ") == 7
        assert "Moon 6 – Sun 6" in svg
        assert any(
            "Moon won: equal scores, and their symbol fills a whole" in line for line in GAME.position_in_words(view)
        )
    assert GAME.visibility.history_for(state, 1, ["Bm@a1"]) == ["Bm@a1"]


def test_revealed_view_shows_everything_of_a_position_that_did_not_end():
    """After a resignation (or in a replay of a finished match) the site shows every symbol."""
    state = play(GAME.initial_state(), "Bm@b2", "Os@c3", "Bs@a1")
    for seat in (0, 1, None):
        view = GAME.visibility.revealed_view(state, seat)
        assert {name: cell["symbol"] for name, cell in view["cells"].items()} == {"b2": "m", "c3": "s", "a1": "s"}
        assert all(hand["face_up"] for hand in view["hands"])
        assert view["hands"][1]["known"] == {"Od": 3, "Om": 1, "Os": 2}
        assert view["last_move"] == "Bs@a1" and view["phase"] == "normal" and view["to_move"] == 1
        assert ">?</text>" not in GAME.render_board(view, BoardUI())


def test_opponent_hand_shows_the_backs_the_viewer_can_name():
    # Moon pushes its own moon tile off d1: it goes to sun's hand, and moon still knows what it is.
    state = play(position({"b1": "Od", "c1": "Os", "d1": "Bm"}, to_move=0), "Bd@a1>E")
    view = GAME.player_view(state, 0)
    sun = view["hands"][1]
    assert (sun["face_up"], sun["B"], sun["O"], sun["known"]) == (False, 1, 5, {"Bm": 1})
    svg = GAME.render_board(view, BoardUI())
    # Faint symbols: the named back in sun's hand and moon's own tile on b1; sun's own tiles stay "?".
    assert svg.count('opacity="0.45"') == 2 and ">×1</text>" in svg and ">×5</text>" in svg
    assert "you know" not in svg


# ---- bots: sampling a state from a view ------------------------------------------------------
@pytest.mark.parametrize("memory", [False, True])
def test_sample_state_matches_the_view(memory):
    for seed in range(8):
        for i, state in enumerate(state for state, _ in random_states(GAME, {"memory": memory}, seed)):
            for seat in (0, 1):
                view = GAME.player_view(state, seat)
                sample = GAME.visibility.sample_state(view, random.Random(seed + i))
                assert GAME.player_view(sample, seat) == view
                assert GAME.to_json(GAME.from_json(GAME.to_json(sample))) == GAME.to_json(sample)
                if GAME.current_player(state) == seat:
                    assert GAME.legal_move_strings(sample) == GAME.legal_move_strings(state)
                assert hand_types(sample, seat) == hand_types(state, seat)
            spectator = GAME.player_view(state, None)
            assert GAME.player_view(GAME.visibility.sample_state(spectator, random.Random(1)), None) == spectator


def test_sample_state_is_uniform_over_unknown_symbols():
    state = play(GAME.initial_state(), "Bm@a1")
    view = GAME.player_view(state, 1)
    rng = random.Random(5)
    counts = Counter()
    n = 7000
    for _ in range(n):
        sample = GAME.visibility.sample_state(view, rng)
        counts[type_at(sample, "a1")] += 1
        assert hand_types(sample, 0) + Counter([type_at(sample, "a1")]) == Counter({"Bd": 3, "Bm": 3, "Bs": 1})
    assert abs(counts["Bd"] / n - 3 / 7) < 0.03
    assert abs(counts["Bm"] / n - 3 / 7) < 0.03
    assert abs(counts["Bs"] / n - 1 / 7) < 0.02
    # What the viewer knows is kept: moon's view of its own tile.
    assert all(type_at(GAME.visibility.sample_state(GAME.player_view(state, 0), rng), "a1") == "Bm" for _ in range(20))


# ---- rendering ---------------------------------------------------------------------------------
def test_render_hand_tokens_and_push_arrows():
    state = position({"b1": "Od", "c1": "Os"}, to_move=0)
    view = GAME.player_view(state, 0)
    ui = BoardUI(options={t: f"?t={t}" for t in ("Bd", "Bm", "Bs", "b1", "c1")})
    svg = GAME.render_board(view, ui)
    assert svg.startswith("<svg") and 'class="board' in svg and 'role="group"' in svg and "viewBox" in svg
    assert set(ui.unused_options()) == set()  # hand tokens and cells are drawn on the board
    assert "style=" not in svg and "<script" not in svg and not re.search(r"\son\w+=", svg)
    ui = BoardUI(options={">E": "?p=E", "confirm": "?c"}, selected=("Bd", "a1"))
    svg = GAME.render_board(view, ui)
    assert ui.unused_options() == ["confirm"]
    assert 'data-label="push east from a1"' in svg


def test_render_final_phase_and_spectator():
    board = {
        "a1": "Bd",
        "b1": "Bd",
        "c1": "Bd",
        "d1": "Bm",
        "a2": "Bm",
        "b2": "Bm",
        "a3": "Od",
        "b3": "Od",
        "c3": "Od",
        "d3": "Os",
    }
    state = GAME.play(position(board, hands=(["Bs"], ["Os", "Os", "Om"]), to_move=0), "Bs@d4")
    for seat in (0, 1, None):
        view = GAME.player_view(state, seat)
        assert view["phase"] == "final"
        svg = GAME.render_board(view, BoardUI())
        assert "Final placements" in svg
        assert any("Final placements" in line for line in GAME.position_in_words(view))


# ---- the command-line referee ------------------------------------------------------------------
def test_replay_protocol():
    status, lines = replay_cli("ci-sequence", "Bm@b2\n\nOs@c3\nb2-b3\n")
    assert status == 0
    assert [line["ply"] for line in lines] == [0, 1, 2, 3]
    assert lines[0]["to_move"] == 0 and len(lines[0]["legal"]) == 48
    assert lines[0]["legal"] == sorted(lines[0]["legal"])
    assert lines[1]["to_move"] == 1 and "Os@a1" in lines[1]["legal"]
    assert "b2-b3" in lines[2]["legal"]
    assert not any(m.startswith("b3-") for m in lines[3]["legal"])  # moon just moved it
    assert lines[3]["outcome"] is None

    status, lines = replay_cli("ci-sequence", "Bm@b2\nOs@b2\n")
    assert status == 2
    assert lines[-1] == {"ply": 1, "error": lines[-1]["error"]} and "not a legal move" in lines[-1]["error"]

    status, lines = replay_cli("ci-sequence", "Bm@b2\nnonsense\n")
    assert status == 2 and lines[-1]["ply"] == 1 and "error" in lines[-1]

    status, lines = replay_cli("ci-sequence", "", '{"memory": "maybe"}')
    assert status == 2 and lines == [{"ply": 0, "error": lines[0]["error"]}]

    status, lines = replay_cli("ci-sequence", "", '{"colour": 1}')
    assert status == 2 and "error" in lines[0]

    status, lines = replay_cli("ci-sequence", "Bm@b2\n", '{"memory": true}')
    assert status == 0 and len(lines) == 2


def test_rules_page_says_what_it_must(client, db):
    text = rules_page_text(client, GAME.slug)
    for phrase in ["memory mode", "face up", "four in a row", "scores 12"]:
        assert phrase in text, phrase
