"""Tests of Abande (rules: games/abande/templates/rules.html): worked examples T1..T6, each rule, a naive reference
implementation cross-checked over random games, the fast playout, views, rendering and the replay protocol."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from games.abande.game import GAME
from games.abande.rules import PASS, position, removed_at_scoring
from games.base import BadOptions, IllegalMove
from games.messages import render
from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import random_states, replay_cli, rules_page_text

BOARDS = [{"board": "square"}, {"board": "hex"}]


def legal(state) -> list[str]:
    return GAME.legal_move_strings(state)


def square_points(names: str) -> list[str]:
    return sorted(names.split())


# ---- a naive reference implementation, written from the rules only -----------------------------------------------
ROWS = (4, 5, 6, 7, 6, 5, 4)


def ref_points(board: str) -> list[str]:
    if board == "square":
        return [f"{f}{r}" for f in "abcdefg" for r in range(1, 8)]
    return [f"{'abcdefg'[i]}{n}" for i, length in enumerate(ROWS) for n in range(1, length + 1)]


def ref_neighbours(board: str, name: str) -> set[str]:
    i, n = ord(name[0]) - 97, int(name[1:])
    if board == "square":
        out = set()
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (df or dr) and 0 <= i + df < 7 and 1 <= n + dr <= 7:
                    out.add(f"{'abcdefg'[i + df]}{n + dr}")
        return out
    r = 3 - i
    q = (n - 1) + max(-3, -3 - r)
    out = set()
    for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        q2, r2 = q + dq, r + dr
        i2 = 3 - r2
        if 0 <= i2 < 7:
            n2 = q2 - max(-3, -3 - r2) + 1
            if 1 <= n2 <= ROWS[i2]:
                out.add(f"{'abcdefg'[i2]}{n2}")
    return out


def ref_connected(board: str, points: set[str]) -> bool:
    if not points:
        return True
    start = next(iter(points))
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        for q in ref_neighbours(board, p) & points:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen == points


def ref_legal(data: dict) -> set[str]:
    board, stacks, me = data["board"], data["stacks"], data["to_move"]
    if data["passes"] >= 2:
        return set()
    mine = "BW"[me]
    hand = data["hands"][me]
    moves = set()
    if hand:
        for p in ref_points(board):
            if p not in stacks and (not stacks or ref_neighbours(board, p) & set(stacks)):
                moves.add(p)
    if sum(len(s) for s in stacks.values()) >= 3:
        for a, s in stacks.items():
            if s[-1] != mine:
                continue
            for b in ref_neighbours(board, a):
                t = stacks.get(b)
                if t and t[-1] != mine and len(s) + len(t) <= 3 and ref_connected(board, set(stacks) - {a}):
                    moves.add(f"{a}-{b}")
    if not hand:
        moves.add("pass")
    return moves


def ref_score(data: dict) -> tuple[int, int]:
    board, stacks = data["board"], data["stacks"]
    result = [0, 0]
    for p, s in stacks.items():
        if any(stacks[q][-1] != s[-1] for q in ref_neighbours(board, p) & set(stacks)):
            result["BW".index(s[-1])] += len(s)
    return result[0], result[1]


# ---- T1..T6 ----------------------------------------------------------------------------------------------------
def test_t1_empty_board_square():
    state = GAME.initial_state({"board": "square"})
    assert len(GAME.legal_moves(state)) == 49
    assert legal(state) == sorted(ref_points("square"))


def test_t1_empty_board_hex():
    state = GAME.initial_state({"board": "hex"})
    assert len(GAME.legal_moves(state)) == 37
    assert legal(state) == sorted(ref_points("hex"))


def test_t1_after_black_d4_white_has_eight_moves():
    state = GAME.play(GAME.initial_state(), "d4")
    assert len(GAME.legal_moves(state)) == 8
    assert legal(state) == square_points("c3 c4 c5 d3 d5 e3 e4 e5")


def test_t2_two_stones_no_moves_yet():
    state = GAME.play(GAME.play(GAME.initial_state({"board": "square"}), "d4"), "d5")
    assert GAME.current_player(state) == 0
    assert legal(state) == square_points("c3 c4 c5 c6 d3 d6 e3 e4 e5 e6")
    with pytest.raises(IllegalMove):
        GAME.play(state, "d4-d5")


def test_t2_after_c3_white_has_14_insertions_and_one_move():
    state = GAME.initial_state({"board": "square"})
    for move in ("d4", "d5", "c3"):
        state = GAME.play(state, move)
    moves = legal(state)
    insertions = [m for m in moves if "-" not in m]
    assert len(insertions) == 14
    assert insertions == square_points("b2 b3 b4 c2 c4 c5 c6 d2 d3 d6 e3 e4 e5 e6")
    assert [m for m in moves if "-" in m] == ["d5-d4"]
    assert len(moves) == 15


T3_STACKS = {"c4": "B", "c2": "B", "c3": "W", "d2": "W"}
T3_INSERTIONS = square_points("b1 b2 b3 b4 b5 c1 c5 d1 d3 d4 d5 e1 e2 e3")


def test_t3_keep_abande_white():
    state = position("square", T3_STACKS, to_move=1)
    moves = legal(state)
    assert [m for m in moves if "-" not in m] == T3_INSERTIONS
    assert [m for m in moves if "-" in m] == ["d2-c2"]
    for split in ("c3-c4", "c3-c2"):
        with pytest.raises(IllegalMove):
            GAME.play(state, split)


def test_t3_keep_abande_black():
    state = position("square", T3_STACKS, to_move=0)
    moves = legal(state)
    assert [m for m in moves if "-" not in m] == T3_INSERTIONS
    assert sorted(m for m in moves if "-" in m) == sorted(["c4-c3", "c2-c3", "c2-d2"])


T4_STACKS = {"d4": "BWB", "d5": "W", "e5": "BW", "e4": "WB"}


def test_t4_heights():
    white = position("square", T4_STACKS, hands=(0, 0), to_move=1)
    assert legal(white) == ["d5-e4", "pass"]
    black = position("square", T4_STACKS, hands=(0, 0), to_move=0)
    assert legal(black) == ["e4-d5", "pass"]


T5_STACKS = {
    "g3": "BW",
    "g4": "WWW",
    "f3": "B",
    "f4": "BB",
    "e2": "W",
    "e3": "WWW",
    "e4": "BW",
    "e6": "BB",
    "d5": "BB",
    "d6": "BBB",
    "c6": "WWW",
    "b3": "BB",
    "b4": "WB",
    "b5": "WWW",
    "a2": "WW",
    "a3": "BBB",
}


def test_t5_scoring_hex():
    state = position("hex", T5_STACKS, hands=(0, 0))
    assert removed_at_scoring(state) == ["e2", "e6"]
    state = GAME.play(state, "pass")
    assert GAME.outcome(state) is None
    state = GAME.play(state, "pass")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (15, 18)
    assert outcome.winner == 1
    assert outcome.reason == "score"
    assert GAME.current_player(state) is None
    assert GAME.legal_moves(state) == []


def test_t6_pass_with_stones_in_hand_is_rejected():
    state = GAME.play(GAME.initial_state(), "d4")
    with pytest.raises(IllegalMove):
        GAME.play(state, "pass")
    assert "pass" not in legal(state)


def test_t6_pass_move_pass_does_not_end():
    state = position("square", {"d4": "B", "d5": "W", "d3": "B"}, hands=(0, 10), to_move=0)
    state = GAME.play(state, "pass")
    assert GAME.current_player(state) == 1
    assert "pass" not in legal(state)
    state = GAME.play(state, "e5")
    state = GAME.play(state, "pass")
    assert GAME.outcome(state) is None
    assert GAME.current_player(state) == 1
    assert legal(state)


# ---- rules, one by one -----------------------------------------------------------------------------------------
def test_three_stack_neither_moves_nor_is_moved_onto():
    state = position("square", {"d4": "WBW", "d5": "B", "e4": "B"}, hands=(5, 5), to_move=1)
    assert [m for m in legal(state) if "-" in m] == []  # White's only stack is a 3-stack
    state = position("square", {"d4": "WBW", "d5": "B", "e4": "B"}, hands=(5, 5), to_move=0)
    assert [m for m in legal(state) if "-" in m] == []  # Black's singles cannot climb a 3-stack


def test_two_stack_moves_only_onto_a_single():
    stacks = {"d4": "WB", "d5": "W", "e4": "BW", "c4": "B"}
    state = position("square", stacks, hands=(5, 5), to_move=0)
    moves = [m for m in legal(state) if "-" in m]
    # d4 (2) may climb d5 (single) but not e4 (2-stack); c4 (single) may climb d5 or... c4 touches only d4/d5.
    assert moves == ["c4-d5", "d4-d5"]
    after = GAME.play(state, "d4-d5")
    assert GAME.to_json(after)["stacks"]["d5"] == "WWB"
    assert "d4" not in GAME.to_json(after)["stacks"]


def test_never_onto_own_stack_or_empty_point():
    state = position("square", {"d4": "B", "d5": "B", "e5": "W"}, hands=(5, 5), to_move=0)
    moves = [m for m in legal(state) if "-" in m]
    assert moves == ["d4-e5", "d5-e5"]
    for bad in ("d4-d5", "d5-d4", "d4-d3", "e5-d5"):  # own stack, own stack, empty point, not Black's
        with pytest.raises(IllegalMove):
            GAME.play(state, bad)


def test_move_builds_stack_and_changes_owner():
    state = position("square", {"d4": "B", "d5": "W", "e4": "B"}, to_move=1)
    after = GAME.play(state, "d5-d4")
    data = GAME.to_json(after)
    assert data["stacks"] == {"d4": "BW", "e4": "B"}
    assert data["to_move"] == 0 and data["last_move"] == "d5-d4" and data["ply"] == state.ply + 1
    # d4 is White's now: Black's single may climb it (height 3), White's stack is no longer on d5.
    assert [m for m in legal(after) if "-" in m] == ["e4-d4"]
    assert GAME.to_json(GAME.play(after, "e4-d4"))["stacks"] == {"d4": "BWB"}


def test_move_that_disconnects_is_illegal_and_move_that_keeps_group_is_legal():
    # d5 joins d4 and d6: moving it away would split d6 off.
    state = position("square", {"d4": "B", "d5": "W", "d6": "B"}, to_move=1)
    assert [m for m in legal(state) if "-" in m] == []
    # With e5 also touching d4 and d6, d5 is no longer a cut point.
    state = position("square", {"d4": "B", "d5": "W", "d6": "B", "e5": "B"}, to_move=1)
    assert sorted(m for m in legal(state) if "-" in m) == ["d5-d4", "d5-d6", "d5-e5"]
    after = GAME.play(state, "d5-d4")
    assert GAME.to_json(after)["stacks"] == {"d4": "BW", "d6": "B", "e5": "B"}
    assert GAME.to_json(after)["hands"] == [15, 17]


def test_cut_point_needing_a_long_detour_is_still_movable():
    # A ring of stones: no point of a cycle is a cut point, though the local neighbourhood looks split.
    ring = ["c3", "c4", "c5", "d6", "e5", "e4", "e3", "d2"]
    stacks = {p: "B" for p in ring}
    stacks["c4"] = "W"
    state = position("square", stacks, hands=(5, 5), to_move=1)
    assert sorted(m for m in legal(state) if "-" in m) == ["c4-c3", "c4-c5"]
    # Without d2 the ring is a path c3-c4-c5-d6-e5-e4-e3 and c4 is a cut point.
    stacks.pop("d2")
    state = position("square", stacks, hands=(5, 5), to_move=1)
    assert set(legal(state)) == ref_legal(GAME.to_json(state))
    assert [m for m in legal(state) if "-" in m] == []


def test_hex_cut_point():
    # A line a1-a2-a3 on the hex board: a2 is a cut point; b2 touches a1, a2 (and b1, b3, c2, c3).
    state = position("hex", {"a1": "B", "a2": "W", "a3": "B"}, to_move=1)
    assert [m for m in legal(state) if "-" in m] == []
    state = position("hex", {"a1": "B", "a2": "W", "a3": "B", "b2": "B", "b3": "B"}, to_move=1)
    assert sorted(m for m in legal(state) if "-" in m) == ["a2-a1", "a2-a3", "a2-b2", "a2-b3"]


def test_hex_neighbours_follow_the_rules():
    # Below the middle row the row above is one longer; above it, one shorter.
    for name, expected in (
        ("a1", "a2 b1 b2"),
        ("d4", "c3 c4 d3 d5 e3 e4"),
        ("e1", "d1 d2 e2 f1"),
        ("g4", "f4 f5 g3"),
        ("d7", "c6 d6 e6"),
    ):
        state = position("hex", {name: "B"}, to_move=1)
        assert legal(state) == sorted(expected.split())


def test_moves_need_three_stones_on_the_board():
    state = position("square", {"d4": "B", "d5": "W"}, hands=(0, 0), to_move=0)
    assert legal(state) == ["pass"]
    state = position("square", {"d4": "BB", "d5": "W"}, hands=(0, 0), to_move=1)
    assert legal(state) == ["d5-d4", "pass"]  # three stones in two stacks are enough


def test_pass_allowed_with_empty_hand_even_when_a_move_exists():
    state = position("square", {"d4": "B", "d5": "W", "e5": "B"}, hands=(0, 3), to_move=0)
    assert "pass" in legal(state)
    assert "d4-d5" in legal(state)


def test_split_hand_built_position_allows_no_stack_move():
    state = position("square", {"a1": "B", "a2": "W", "g7": "W"}, hands=(2, 2), to_move=0)
    assert [m for m in legal(state) if "-" in m] == []
    assert set(legal(state)) == ref_legal(GAME.to_json(state))


def test_insertion_always_available_with_stones_in_hand():
    for options in BOARDS:
        for seed in range(8):
            for state, moves in random_states(GAME, options, seed):
                if moves and state.hands[state.to_move]:
                    texts = [GAME.format_move(m) for m in moves]
                    assert any("-" not in t and t != "pass" for t in texts)


def test_draw_on_equal_scores():
    state = position("square", {"d4": "B", "d5": "W"}, hands=(0, 0))
    state = GAME.play(GAME.play(state, "pass"), "pass")
    outcome = GAME.outcome(state)
    assert outcome.winner is None and outcome.scores == (1, 1) and outcome.reason == "score"


def test_black_win_and_removal_of_isolated_stacks():
    stacks = {"d4": "WB", "d5": "W", "a1": "B", "a2": "B", "b2": "B", "c3": "B"}
    state = position("square", stacks, hands=(0, 0), to_move=1)
    assert removed_at_scoring(state) == ["a1", "a2", "b2", "c3"]
    state = GAME.play(GAME.play(state, "pass"), "pass")
    assert GAME.outcome(state).scores == (2, 1)
    assert GAME.outcome(state).winner == 0


# ---- cross-check with the naive reference ----------------------------------------------------------------------
@pytest.mark.parametrize("options", BOARDS)
def test_legal_moves_match_reference(options):
    for seed in range(12):
        for state, moves in random_states(GAME, options, seed):
            data = GAME.to_json(state)
            assert set(GAME.format_move(m) for m in moves) == ref_legal(data), data
            if not moves:
                assert GAME.outcome(state).scores == ref_score(data)


# ---- notation and tokens ---------------------------------------------------------------------------------------
def test_notation_round_trip():
    for text in ("d4", "a1", "g7", "d2-c2", "g4-f5", "pass"):
        assert GAME.format_move(GAME.parse_move(text)) == text
    assert GAME.parse_move("pass") == PASS
    assert GAME.parse_move(" D2-C2 ") == GAME.parse_move("d2-c2")


@pytest.mark.parametrize("text", ["", "z9", "d8", "d0", "d4-", "-d4", "d4-d5-d6", "d44", "passs", "4d", "d4 d5"])
def test_parse_rejects_non_moves(text):
    with pytest.raises(IllegalMove):
        GAME.parse_move(text)


def test_play_rejects_points_off_the_hex_board():
    state = GAME.initial_state({"board": "hex"})
    with pytest.raises(IllegalMove):
        GAME.play(state, "a7")


def test_move_tokens():
    assert GAME.move_tokens("d4") == ("d4",)
    assert GAME.move_tokens("d2-c2") == ("d2", "c2")
    assert GAME.move_tokens("pass") == ("pass",)
    assert render(GAME.token_label("pass")) == "Pass"


# ---- options, serialisation, views -----------------------------------------------------------------------------
def test_options():
    assert GAME.option_choices["board"][0] == "square"
    assert GAME.normalize_options({}) == {"board": "square"}
    with pytest.raises(BadOptions):
        GAME.normalize_options({"board": "round"})
    with pytest.raises(BadOptions):
        GAME.normalize_options({"size": 7})
    assert all_games()["abande"] is GAME
    assert GAME.seat_names == ("Black", "White")


def test_json_round_trip_of_a_built_position():
    state = position("hex", T5_STACKS, hands=(0, 0), to_move=1, ply=71, passes=1, last_move="pass")
    data = GAME.to_json(state)
    assert data["stacks"]["b4"] == "WB" and data["passes"] == 1 and data["ply"] == 71
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    with pytest.raises(IllegalMove):
        GAME.from_json({"board": "hex"})


def test_position_helper_validates():
    with pytest.raises(ValueError):
        position("square", {"d4": "BBBB"})
    with pytest.raises(ValueError):
        position("hex", {"a7": "B"})
    with pytest.raises(ValueError):
        position("square", {"d4": "B"}, hands=(18, 18))
    assert position("square", {"d4": ["B", "W"]}).hands == (17, 17)


def test_view_and_describe():
    state = position("square", T4_STACKS, hands=(0, 0), to_move=1, last_move="e4-d4")
    view = GAME.player_view(state, 0)
    assert view["to_move"] == 1 and view["seat"] == 0 and view["ply"] == state.ply
    assert view["hands"] == [0, 0]
    assert view["score"] == list(ref_score(GAME.to_json(state)))
    assert view["last_move"] == "e4-d4" and view["outcome"] is None
    assert view["stacks"]["d4"] == "BWB"
    assert GAME.player_view(state, None)["seat"] is None
    lines = GAME.position_in_words(view)
    assert "White to move." in lines
    assert "You play Black." in lines
    assert "d4: a stack of 3 stones, black on top (bottom to top: black, white, black)." in lines
    assert "d5: white stone." in lines
    assert "Stones in hand: Black 0, White 0." in lines
    assert GAME.visibility.sample_state(view, random.Random(0)).cells == state.cells


def test_describe_final():
    state = GAME.play(GAME.play(position("hex", T5_STACKS, hands=(0, 0)), "pass"), "pass")
    lines = GAME.position_in_words(GAME.player_view(state, None))
    assert "Game over: White won: more stones in scoring stacks after both passed (18 points to 15)." in lines
    assert any("e2, e6" in line for line in lines)


def _check_markup(svg: str):
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'class="board' in svg and 'role="group"' in svg and "aria-label=" in svg and "viewBox=" in svg
    assert "<script" not in svg and "style=" not in svg
    assert not re.search(r"\son[a-z]+=", svg)


@pytest.mark.parametrize("options", BOARDS)
def test_render_marks_options_selection_and_last_move(options):
    board = options["board"]
    state = position(board, {"d4": "B", "d3": "W", "c3": "BW"}, to_move=0, last_move="c3")
    view = GAME.player_view(state, 0)
    ui = BoardUI(options=("d4", "e4", "pass"), selected=(), last_move=("c3",))
    svg = GAME.render_board(view, ui)
    _check_markup(svg)
    assert svg.count("data-token=") == 2 and 'data-token="d4"' in svg and 'data-token="e4"' in svg
    assert ui.unused_options() == ["pass"]
    assert 'class="last"' in svg
    assert 'class="target"' in svg
    ui = BoardUI(options=("d3",), selected=("d4",))
    svg = GAME.render_board(view, ui)
    assert 'class="selected"' in svg and svg.count("data-token=") == 1
    # Stacks show their height and every stone's colour.
    svg = GAME.render_board(GAME.player_view(position(board, {"d4": "BWB", "d5": "W"}), None), BoardUI())
    assert ">3</text>" in svg
    assert svg.count("<ellipse") == 4
    assert svg.count("in hand 16") == 2


def test_render_final_position():
    state = GAME.play(GAME.play(position("hex", T5_STACKS, hands=(0, 0)), "pass"), "pass")
    svg = GAME.render_board(GAME.player_view(state, 1), BoardUI())
    _check_markup(svg)
    assert "wins" in svg and "final score 18" in svg and "not-scoring" in svg


# ---- shared property checks and the fast playout ---------------------------------------------------------------
@pytest.mark.parametrize("options", BOARDS)
def test_playout_steps_are_legal_moves(options):
    """One ply at a time, the fast playout must land on exactly the state a legal move gives."""
    rng = random.Random(7)
    for _ in range(6):
        state = GAME.initial_state(options)
        while GAME.current_player(state) is not None:
            successors = [GAME.to_json(GAME.apply_move(state, m)) for m in GAME.legal_moves(state)]
            nxt, plies = GAME.random_playout(state, rng, limit=1)
            assert plies == 1
            assert GAME.to_json(nxt) in successors
            state = GAME.from_json(GAME.to_json(nxt))  # rebuild, so cached masks are checked too
            assert GAME.legal_move_strings(nxt) == GAME.legal_move_strings(state)


def _first_move_counts(state, n: int) -> tuple[Counter, dict]:
    rng = random.Random(11)
    by_json = {
        json.dumps(GAME.to_json(GAME.apply_move(state, m)), sort_keys=True): GAME.format_move(m)
        for m in GAME.legal_moves(state)
    }
    counts = Counter()
    for _ in range(n):
        nxt, _ = GAME.random_playout(state, rng, limit=1)
        counts[by_json[json.dumps(GAME.to_json(nxt), sort_keys=True)]] += 1
    return counts, by_json


@pytest.mark.parametrize(
    "board, stacks, hands, to_move",
    [
        ("square", T3_STACKS, None, 1),  # 14 insertions, one move, a cut point (c3) to reject
        ("square", T3_STACKS, None, 0),
        ("square", T4_STACKS, (0, 0), 1),  # a move and pass
        ("hex", {"a1": "B", "a2": "W", "a3": "B", "b2": "B", "b3": "WB", "c3": "W"}, (0, 0), 1),
    ],
)
def test_playout_choice_is_uniform(board, stacks, hands, to_move):
    state = position(board, stacks, hands=hands, to_move=to_move)
    n = 4000
    counts, by_json = _first_move_counts(state, n)
    assert set(counts) == set(legal(state))
    k = len(by_json)
    expected = n / k
    sd = (expected * (1 - 1 / k)) ** 0.5
    for move, count in counts.items():
        assert abs(count - expected) < 5 * sd, (move, count, expected)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < k + 6 * (2 * k) ** 0.5


def test_playout_from_finished_state_plays_nothing():
    state = GAME.play(GAME.play(position("square", {"d4": "B", "d5": "W"}, hands=(0, 0)), "pass"), "pass")
    final, plies = GAME.random_playout(state, random.Random(1))
    assert plies == 0 and final is state


def test_playout_final_state_is_consistent():
    for options in BOARDS:
        rng = random.Random(3)
        for _ in range(30):
            final, plies = GAME.random_playout(GAME.initial_state(options), rng)
            data = GAME.to_json(final)
            assert GAME.ply(final) == plies and data["passes"] == 2 and data["last_move"] == "pass"
            assert data["hands"] == [0, 0]
            assert sum(len(s) for s in data["stacks"].values()) == 36
            assert ref_connected(options["board"], set(data["stacks"]))
            assert GAME.outcome(final).scores == ref_score(data)
            assert GAME.to_json(GAME.from_json(data)) == data


# ---- the replay protocol ---------------------------------------------------------------------------------------
def test_replay_valid_sequence():
    status, lines = replay_cli("abande", "d4\n\nd5\nc3\n")
    assert status == 0
    assert len(lines) == 4
    assert lines[0] == {"ply": 0, "to_move": 0, "legal": sorted(ref_points("square")), "outcome": None}
    assert lines[2]["legal"] == square_points("c3 c4 c5 c6 d3 d6 e3 e4 e5 e6")
    assert lines[3]["to_move"] == 1 and "d5-d4" in lines[3]["legal"] and len(lines[3]["legal"]) == 15


def test_replay_hex_options():
    status, lines = replay_cli("abande", "d4\n", '{"board": "hex"}')
    assert status == 0 and len(lines[0]["legal"]) == 37 and len(lines[1]["legal"]) == 6


def test_replay_illegal_move():
    status, lines = replay_cli("abande", "d4\nd4-d5\nd5\n")
    assert status == 2
    assert len(lines) == 3
    assert lines[-1]["ply"] == 1 and "error" in lines[-1]
    status, lines = replay_cli("abande", "nonsense\n")
    assert status == 2 and lines[-1]["ply"] == 0 and "error" in lines[-1]


def test_replay_bad_options():
    status, lines = replay_cli("abande", "d4\n", '{"board": "round"}')
    assert status == 2 and lines == [{"ply": 0, "error": lines[0]["error"]}]
    status, lines = replay_cli("abande", "d4\n", "[1]")
    assert status == 2 and "error" in lines[0]


def test_replay_to_the_end():
    rng = random.Random(5)
    state = GAME.initial_state()
    moves = []
    while GAME.current_player(state) is not None:
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(move))
        state = GAME.apply_move(state, move)
    status, lines = replay_cli("abande", "\n".join(moves) + "\n")
    assert status == 0
    assert lines[-1]["to_move"] is None and lines[-1]["legal"] == []
    assert lines[-1]["outcome"] == GAME.outcome(state).to_json()
    assert lines[-1]["outcome"]["reason"] == "score"


def test_rules_page_says_what_it_must(client, db):
    text = rules_page_text(client, GAME.slug)
    for phrase in ["dieter stein", "pass"]:
        assert phrase in text, phrase
