"""Tests of Abrana (rules: games/abrana/templates/rules.html): worked examples T1..T8, each rule, the board tokens,
the views, the replay protocol, and a cross-check against a small independent reference implementation."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.abrana.game import GAME
from games.abrana.rules import PLY_LIMIT, position
from games.base import IllegalMove
from games.messages import render
from games.ui import BoardUI, select
from tests.support.games import replay_cli, rules_page_text

BORDER = sorted(f + str(r) for f in "abcdef" for r in range(1, 7) if f in "af" or r in (1, 6))


def legal(state):
    return GAME.legal_move_strings(state)


def play(state, *moves):
    for move in moves:
        state = GAME.play(state, move)
    return state


def markers(state):
    return GAME.to_json(state)["markers"]


# ---- worked examples ------------------------------------------------------------------------------------------------


def test_t1_setup():
    state = GAME.initial_state({})
    assert GAME.current_player(state) == 1  # seat 1 acts first in setup
    assert len(legal(state)) == 190
    assert "b6+f3" in legal(state)
    state = play(state, "b6+f3")
    assert GAME.current_player(state) == 0
    assert legal(state) == sorted(set(BORDER) - {"b6", "f3"})
    assert len(legal(state)) == 18
    for bad in ("b6", "f3", "c3", "b2", "e5"):
        with pytest.raises(IllegalMove):
            GAME.play(state, bad)
    state = play(state, "a3")
    assert GAME.current_player(state) == 1
    assert legal(state) == ["b6", "f3"]
    with pytest.raises(IllegalMove):
        GAME.play(state, "a1")
    state = play(state, "f3")
    assert GAME.current_player(state) == 0  # Red takes the first regular turn
    data = GAME.to_json(state)
    assert data["pawns"] == ["a3", "f3"] and data["markers"] == {} and data["reserved"] == []
    assert GAME.ply(state) == 3


def test_the_challenge_form_names_green_for_the_setup_and_red_for_the_regular_moves():
    red, green = GAME.seat_roles()
    assert GAME.first_players() == {1} and "first setup move" in green  # Green reserves at ply 0 (t1 above)
    assert "first regular move" in red and "moves first" not in red


def test_t2_opening_moves():
    state = position(red="a3", green="f3", to_move=0)
    assert legal(state) == ["a3-a1", "a3-a5", "a3-c1", "a3-c3", "a3-c5"]
    expected = {
        "a3-a1": ("a2", "black"),
        "a3-a5": ("a4", "black"),
        "a3-c1": ("b2", "red"),
        "a3-c3": ("b3", "red"),
        "a3-c5": ("b4", "red"),
    }
    for move, (square, colour) in expected.items():
        after = play(state, move)
        assert markers(after) == {square: colour}
        assert GAME.to_json(after)["pawns"] == [move[-2:], "f3"]


def test_t3_free_jumps():
    state = position(red="c3", green="f6", markers={"d3": "black", "e4": "red"}, to_move=0)
    expected = sorted(
        [
            "c3-d3",
            "c3-a1",
            "c3-a3",
            "c3-a5",
            "c3-c1",
            "c3-c5",
            "c3-e1",
            "c3-e5",
            "e3-d3",
            "e3-e4",
            "e3-c1",
            "e3-e1",
            "e3-c5",
            "e3-e5",
        ]
    )
    assert legal(state) == expected
    assert len(legal(state)) == 14
    assert "e3" not in legal(state) and "c3-e3" not in legal(state)  # free jump alone is no move
    after = play(state, "e3-e5")
    assert markers(after) == {"d3": "black", "e4": "black"}  # red marker on e4 turned black
    assert GAME.to_json(after)["path"] == ["c3", "e3", "e5"]


def test_t4_capture_wins_whatever_the_markers():
    greens = {sq: "green" for sq in ("a1", "a2", "b1", "f1", "f2")}
    state = position(red="d4", green="e5", markers=greens, to_move=0)
    assert "d4-e5" in legal(state)
    after = play(state, "d4-e5")
    out = GAME.outcome(after)
    assert out.winner == 0 and out.reason == "pawn-captured" and out.scores == (0, 5)
    assert GAME.current_player(after) is None and GAME.legal_moves(after) == []
    assert GAME.to_json(after)["pawns"] == ["e5", None]


def test_t5_sixth_red_marker():
    reds = {sq: "red" for sq in ("e2", "e3", "e4", "d5", "c5")}
    state = position(red="a1", green="f6", markers=reds, to_move=0)
    after = play(state, "a1-c3")
    assert markers(after)["b2"] == "red"
    out = GAME.outcome(after)
    assert out.winner == 0 and out.reason == "six-markers" and out.scores == (6, 0)


def _t6_position():
    marks = {sq: "black" for sq in ("b6", "c6", "d6", "e6", "f6")}
    marks.update({sq: "red" for sq in ("b3", "d4", "e4")})
    marks.update({sq: "green" for sq in ("c2", "d2", "e2")})
    return position(red="f1", green="a3", markers=marks, to_move=1)


def test_t6_six_black_markers():
    state = _t6_position()
    after = play(state, "a3-c3")  # over the red marker on b3: it turns black
    assert markers(after)["b3"] == "black"
    out = GAME.outcome(after)
    assert out.winner == 1 and out.reason == "six-markers" and out.scores == (2, 3)
    after = play(state, "a3-a1")  # over the empty border square a2: a black marker
    assert markers(after)["a2"] == "black"
    out = GAME.outcome(after)
    assert out.winner is None and out.reason == "six-markers" and out.scores == (3, 3)


@pytest.mark.parametrize("colours", [("red", "green", "black"), ("black", "black", "black"), ("green", "red", "red")])
def test_t7_forced_pass(colours):
    marks = dict(zip(("a3", "c1", "c3"), colours))
    state = position(red="a1", green="f6", markers=marks, to_move=0)
    assert legal(state) == ["pass"]
    after = play(state, "pass")
    assert GAME.current_player(after) == 1 and markers(after) == marks
    assert GAME.to_json(after)["pawns"] == ["a1", "f6"]


def test_t8_jump_over_opponent_pawn():
    state = position(red="c3", green="d4", to_move=0)
    assert "c3-e5" in legal(state) and "c3-d4" in legal(state)
    after = play(state, "c3-e5")
    assert markers(after) == {}
    assert GAME.to_json(after)["pawns"] == ["e5", "d4"]
    assert GAME.outcome(after) is None
    won = play(state, "c3-d4")
    assert GAME.outcome(won).winner == 0 and GAME.outcome(won).reason == "pawn-captured"
    blocked = position(red="c3", green="d4", markers={"e5": "green"}, to_move=0)
    assert "c3-e5" not in legal(blocked)
    with pytest.raises(IllegalMove):
        GAME.play(blocked, "c3-e5")


# ---- single rules ---------------------------------------------------------------------------------------------------


def test_turn_order_and_ply():
    state = play(GAME.initial_state(), "a1+a2", "f6", "a1")
    for expected_seat in (0, 1, 0, 1):
        assert GAME.current_player(state) == expected_seat
        state = GAME.apply_move(state, random.Random(0).choice(GAME.legal_moves(state)))
    assert GAME.ply(state) == 7


def test_step_rules():
    marks = {"c4": "black", "d4": "red", "b2": "green", "d2": "green"}
    state = position(red="c3", green="f6", markers=marks, to_move=0)
    steps = [m for m in legal(state) if m.startswith("c3-") and max(abs(ord(m[3]) - ord("c")), abs(int(m[4]) - 3)) == 1]
    assert sorted(steps) == ["c3-b2", "c3-c4", "c3-d2", "c3-d4"]  # never onto an empty square
    after = play(state, "c3-d4")  # own marker goes back to the supply
    view = GAME.player_view(after, None)
    assert "d4" not in view["markers"] and view["supply"]["red"] == 6
    after = play(state, "c3-b2")  # opponent's marker goes back to its owner
    assert GAME.player_view(after, None)["supply"]["green"] == 5
    after = play(state, "c3-c4")
    assert GAME.player_view(after, None)["supply"]["black"] == 6
    assert GAME.to_json(after)["pawns"] == ["c4", "f6"]


def test_jump_over_own_and_opponent_markers_turns_them_black():
    state = position(red="b2", green="f6", markers={"c3": "red", "c2": "green"}, to_move=0)
    assert markers(play(state, "b2-d4")) == {"c3": "black", "c2": "green"}
    assert markers(play(state, "b2-d2")) == {"c3": "red", "c2": "black"}


def test_jump_landing_must_be_empty():
    state = position(red="b2", green="d4", markers={"c2": "green", "d2": "red"}, to_move=0)
    moves = legal(state)
    assert "b2-d2" not in moves and "b2-d4" not in moves  # a marker / a pawn on the landing square
    assert "b2-b4" in moves


def test_green_places_green_markers_and_border_is_black():
    state = position(red="f6", green="b2", to_move=1)
    assert markers(play(state, "b2-d4")) == {"c3": "green"}
    assert markers(play(state, "b2-b4")) == {"b3": "green"}
    state = position(red="f6", green="a2", to_move=1)
    assert markers(play(state, "a2-a4")) == {"a3": "black"}
    assert markers(play(state, "a2-c2")) == {"b2": "green"}


def test_free_jump_chain_and_start_square_empty():
    # c3 -> e3 (over d3) -> e5 (over e4); back over e4/d3 is possible; a regular jump may land on c3.
    marks = {"d3": "black", "e4": "black"}
    state = position(red="c3", green="a6", markers=marks, to_move=0)
    view = GAME.player_view(state, 0)
    assert view["free_jumps"] == ["e3", "e5"]
    moves = legal(state)
    assert "e5-c3" in moves  # from e5 over d4 (empty, inner) onto the vacated start square
    after = play(state, "e5-c3")
    data = GAME.to_json(after)
    assert data["pawns"] == ["c3", "a6"] and data["markers"] == {"d3": "black", "e4": "black", "d4": "red"}
    assert data["path"] == ["c3", "e3", "e5", "c3"]
    # Black is always free-jumped, never a regular jump: no c3-e3 move.
    assert "c3-e3" not in moves and "e3-e5" not in moves
    # Steps onto black from reached squares are regular moves.
    assert "e3-d3" in moves and "e3-e4" in moves and "e5-e4" in moves


def test_free_jump_blocked_by_pawn_marker_and_edge():
    marks = {"b1": "black", "c2": "black", "d3": "red"}
    state = position(red="a1", green="c1", markers=marks, to_move=0)
    # a1 over b1 -> c1 holds the green pawn; a1 over b2? empty, not black. b2 not black: nothing.
    assert GAME.player_view(state, 0)["free_jumps"] == []
    state = position(red="b1", green="f6", markers={"c2": "black", "d3": "red", "a1": "black"}, to_move=0)
    # b1 over c2 -> d3 holds a marker; over a1 -> off the board.
    assert GAME.player_view(state, 0)["free_jumps"] == []
    state = position(red="b1", green="f6", markers={"c2": "black"}, to_move=0)
    assert GAME.player_view(state, 0)["free_jumps"] == ["d3"]


def test_free_jumps_only_over_black():
    state = position(red="c3", green="f6", markers={"d3": "red", "d4": "green"}, to_move=0)
    assert GAME.player_view(state, 0)["free_jumps"] == []
    assert all(m.startswith("c3-") for m in legal(state))


def test_same_position_by_two_strings_both_legal():
    marks = {"d3": "black", "d4": "red"}
    state = position(red="c3", green="f6", markers=marks, to_move=0)
    moves = legal(state)
    assert "c3-d4" in moves and "e3-d4" in moves  # two ways to step onto d4
    a, b = play(state, "c3-d4"), play(state, "e3-d4")
    assert GAME.to_json(a)["markers"] == GAME.to_json(b)["markers"]
    assert GAME.to_json(a)["pawns"] == GAME.to_json(b)["pawns"]


def test_pass_only_when_no_regular_move():
    state = position(red="c3", green="f6", to_move=0)
    assert "pass" not in legal(state)
    with pytest.raises(IllegalMove):
        GAME.play(state, "pass")


def test_double_pass_ends_the_game():
    marks = {"a3": "red", "c1": "red", "c3": "green", "f4": "black", "d6": "black", "d4": "red"}
    state = position(red="a1", green="f6", markers=marks, to_move=0)
    # Green on f6: f5, e5, e6 empty; landings f4 (marker), d6 (marker), d4 (marker): stuck as well.
    assert legal(state) == ["pass"]
    state = play(state, "pass")
    assert GAME.outcome(state) is None and legal(state) == ["pass"]
    state = play(state, "pass")
    out = GAME.outcome(state)
    assert out.reason == "double-pass" and out.winner == 0 and out.scores == (3, 1)


def test_passes_not_consecutive_do_not_end():
    marks = {"a3": "red", "c1": "green", "c3": "green"}
    state = position(red="a1", green="f6", markers=marks, to_move=0)
    state = play(state, "pass", "f6-f4", "pass")
    assert GAME.outcome(state) is None


def test_ply_limit():
    state = position(red="a3", green="f3", to_move=0, ply=PLY_LIMIT - 1)
    assert GAME.outcome(state) is None
    after = play(state, "a3-c3")
    out = GAME.outcome(after)
    assert out.reason == "ply-limit" and out.winner == 0 and out.scores == (1, 0)
    assert GAME.current_player(after) is None and GAME.legal_moves(after) == []
    after = play(state, "a3-a1")
    out = GAME.outcome(after)
    assert out.reason == "ply-limit" and out.winner is None and out.scores == (0, 0)


def test_ply_limit_counts_setup_and_passes():
    state = GAME.initial_state()
    rng = random.Random(5)
    while GAME.outcome(state) is None:
        state = GAME.apply_move(state, rng.choice(GAME.legal_moves(state)))
    assert GAME.ply(state) <= PLY_LIMIT


def test_end_rule_precedes_ply_limit():
    reds = {sq: "red" for sq in ("e2", "e3", "e4", "d5", "c5")}
    state = position(red="a1", green="f6", markers=reds, to_move=0, ply=PLY_LIMIT - 1)
    assert GAME.outcome(play(state, "a1-c3")).reason == "six-markers"


def test_capture_after_free_jump():
    state = position(red="a1", green="d4", markers={"b2": "black"}, to_move=0)
    assert "c3-d4" in legal(state)
    after = play(state, "c3-d4")
    assert GAME.outcome(after).winner == 0
    assert GAME.to_json(after)["path"] == ["a1", "c3", "d4"]


def test_green_can_capture_red():
    state = position(red="d4", green="e5", to_move=1)
    out = GAME.outcome(play(state, "e5-d4"))
    assert out.winner == 1 and out.reason == "pawn-captured"


# ---- notation and tokens --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "x", "a7", "g1", "a1-a1", "a1-a4", "a1-c2", "a1+a1", "f3+b6", "pass me", "a1--a2", "a1 a2"]
)
def test_parse_rejects_non_moves(text):
    with pytest.raises(IllegalMove):
        GAME.parse_move(text)


@pytest.mark.parametrize("text", ["pass", "a1", "b6+f3", "a3-a1", "c3-e5", "c3-d4"])
def test_parse_format_round_trip(text):
    assert GAME.format_move(GAME.parse_move(text)) == text


def test_typed_notation_is_read_in_any_case():
    for typed, canonical in (("B6+F3", "b6+f3"), ("A3", "a3"), ("C3-E5", "c3-e5"), ("PASS", "pass")):
        assert GAME.format_move(GAME.parse_move(typed)) == canonical


def test_move_tokens():
    assert GAME.move_tokens("b6+f3") == ("b6", "f3")
    assert GAME.move_tokens("a3") == ("a3",)
    assert GAME.move_tokens("e3-e5") == ("e3", "e5")
    assert GAME.move_tokens("pass") == ("pass",)
    assert render(GAME.token_label("pass")) == "Pass"


def test_reserve_tokens_every_square_clickable_first_or_second():
    tokens = [GAME.move_tokens(m) for m in legal(GAME.initial_state())]
    assert {t[0] for t in tokens} | {t[1] for t in tokens} == set(BORDER)


def test_the_reserved_squares_are_clicked_in_either_order_and_the_move_is_written_in_notation_order():
    moves = GAME.legal_move_strings(GAME.initial_state())
    assert set(select(GAME, moves, []).options) == set(BORDER)  # f6, last in notation order, can come first
    after_f6 = select(GAME, moves, ["f6"])
    assert set(after_f6.options) == set(BORDER) - {"f6"} and after_f6.complete is None
    assert select(GAME, moves, ["f6", "b6"]).complete == "b6+f6" == select(GAME, moves, ["b6", "f6"]).complete
    assert GAME.click_orders("b6+f6") == (("b6", "f6"), ("f6", "b6"))
    assert GAME.click_orders("e3-e5") == (("e3", "e5"),)  # a move's squares keep their order


# ---- views, description and board ----------------------------------------------------------------------------------


def test_view_contents():
    state = position(red="c3", green="f6", markers={"d3": "black", "e4": "red"}, to_move=0)
    view = GAME.player_view(state, 1)
    assert view["seat"] == 1 and view["to_move"] == 0 and view["ply"] == 3 and view["phase"] == "play"
    assert view["pawns"] == {"red": "c3", "green": "f6"}
    assert view["markers"] == {"d3": "black", "e4": "red"}
    assert view["supply"] == {"black": 5, "red": 5, "green": 6}
    assert view["free_jumps"] == ["e3"]
    assert view["outcome"] is None and view["last_move"] is None
    assert GAME.visibility.sample_state(view, random.Random(0)).board == state.board
    after = play(state, "e3-e5")
    view = GAME.player_view(after, None)
    assert view["last_move"] == "e3-e5" and view["path"] == ["c3", "e3", "e5"] and view["to_move"] == 1


def test_setup_view_shows_reservation():
    state = play(GAME.initial_state(), "b6+f3")
    view = GAME.player_view(state, 0)
    assert view["reserved"] == ["b6", "f3"] and view["phase"] == "place-red"
    svg = GAME.render_board(view, BoardUI())
    assert svg.count("reserved</text>") == 2
    assert any("b6, f3" in line for line in GAME.position_in_words(view))
    state = play(state, "a1", "b6")
    assert GAME.player_view(state, 0)["reserved"] == []


def test_describe():
    state = position(red="c3", green="f6", markers={"d3": "black", "e4": "red"}, to_move=0)
    lines = GAME.position_in_words(GAME.player_view(state, None))
    text = "\n".join(lines)
    assert "Red to move" in text and "Red pawn on c3." in text and "Green pawn on f6." in text
    assert "black on d3" in text and "red on e4" in text and "no green" in text
    assert "Supply: black 5, red 5, green 6." in text
    assert "free-jump" in text and "e3" in text
    over = play(position(red="d4", green="e5", to_move=0), "d4-e5")
    text = "\n".join(GAME.position_in_words(GAME.player_view(over, 0)))
    assert "Game over: Red won: Green's pawn was captured" in text and "Green pawn: removed." in text


def test_render_board_markup():
    state = position(red="c3", green="f6", markers={"d3": "black", "e4": "red", "b5": "green"}, to_move=0)
    state = play(state, "e3-e5")  # a path with a free jump
    view = GAME.player_view(state, 1)
    options = {"f6": "/x?t=f6", "f4": "/x?t=f4"}
    ui = BoardUI(options=options, last_move=GAME.move_tokens("e3-e5"))
    svg = GAME.render_board(view, ui)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'class="board abrana-board"' in svg and 'role="group"' in svg and "aria-label=" in svg and "viewBox=" in svg
    assert "<script" not in svg and "style=" not in svg and not re.search(r"\son\w+=", svg)
    assert svg.count("data-token=") == 2 and ui.unused_options() == []
    assert 'stroke-dasharray="8 6"' in svg  # the free-jump segment of the path
    assert "marker-end=" in svg
    for label in "abcdef":
        assert f">{label}</text>" in svg
    assert ">Supply</text>" in svg
    ui = BoardUI(flip=True)
    assert GAME.render_board(view, ui).count("data-token=") == 0


def test_render_free_jump_rings():
    state = position(red="c3", green="f6", markers={"d3": "black"}, to_move=0)
    view = GAME.player_view(state, 0)
    assert GAME.render_board(view, BoardUI()).count('stroke-dasharray="5 4"') == 1  # one ring, on e3
    svg = GAME.render_board(view, BoardUI(options=("e3", "c3")))
    assert 'data-label="e3: free-jump square"' in svg and 'data-label="c3: red pawn, yours"' in svg


# ---- JSON ----------------------------------------------------------------------------------------------------


def test_json_round_trip_keeps_history():
    state = play(GAME.initial_state(), "b6+f3")
    data = GAME.to_json(state)
    assert data == {
        "ply": 1,
        "pawns": [None, None],
        "markers": {},
        "reserved": ["b6", "f3"],
        "passes": 0,
        "last_move": "b6+f3",
        "path": [],
    }
    assert GAME.to_json(GAME.from_json(data)) == data
    marks = {"a3": "red", "c1": "red", "c3": "green"}
    state = play(position(red="a1", green="f6", markers=marks, to_move=0), "pass")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert data["passes"] == 1
    again = GAME.from_json(data)
    assert GAME.to_json(again) == data and GAME.outcome(again) is None


def test_from_json_rejects_garbage():
    with pytest.raises(IllegalMove):
        GAME.from_json({"ply": 3, "pawns": ["z9", "a1"], "markers": {}})
    with pytest.raises(IllegalMove):
        GAME.from_json({"ply": 3, "pawns": ["a1", "f1"], "markers": {"a1": "red"}})


# ---- replay protocol ------------------------------------------------------------------------------------------------


def test_replay_protocol():
    status, lines = replay_cli("abrana", "b6+f3\n\na3\nf3\na3-c3\n")
    assert status == 0
    assert [line["ply"] for line in lines] == [0, 1, 2, 3, 4]
    assert lines[0]["to_move"] == 1 and len(lines[0]["legal"]) == 190 and lines[0]["outcome"] is None
    assert lines[1]["to_move"] == 0 and len(lines[1]["legal"]) == 18
    assert lines[2]["legal"] == ["b6", "f3"]
    assert lines[3]["legal"] == ["a3-a1", "a3-a5", "a3-c1", "a3-c3", "a3-c5"]
    assert lines[4]["to_move"] == 1


def test_replay_to_the_end():
    status, lines = replay_cli("abrana", "a2+a4\nc1\na4\nc1-c3\na4-c4\nc3-c4\n")
    assert status == 0
    assert [line["ply"] for line in lines] == [0, 1, 2, 3, 4, 5, 6]
    # Red c3, green c4, red marker c2, green marker b4: three steps, eight jumps (c3-c5 over the green pawn).
    assert lines[5]["legal"] == [
        "c3-a1",
        "c3-a3",
        "c3-a5",
        "c3-b4",
        "c3-c1",
        "c3-c2",
        "c3-c4",
        "c3-c5",
        "c3-e1",
        "c3-e3",
        "c3-e5",
    ]
    assert lines[-1] == {
        "ply": 6,
        "to_move": None,
        "legal": [],
        "outcome": {"winner": 0, "scores": [1, 1], "reason": "pawn-captured"},
    }


def test_replay_illegal_move():
    status, lines = replay_cli("abrana", "b6+f3\nb6\n")
    assert status == 2
    assert lines[-1]["ply"] == 1 and "error" in lines[-1]
    status, lines = replay_cli("abrana", "garbage\n")
    assert status == 2 and lines[-1] == {"ply": 0, "error": lines[-1]["error"]}


def test_replay_bad_options():
    status, lines = replay_cli("abrana", "", '{"size": 8}')
    assert status == 2 and lines == [{"ply": 0, "error": lines[0]["error"]}]
    status, lines = replay_cli("abrana", "", "[")
    assert status == 2 and "error" in lines[0]


# ---- a small independent reference implementation ------------------------------------------------------------------

DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def _sq(f, r):
    return "abcdef"[f] + str(r + 1) if 0 <= f < 6 and 0 <= r < 6 else None


def _fr(name):
    return "abcdef".index(name[0]), int(name[1]) - 1


def _is_border(name):
    f, r = _fr(name)
    return f in (0, 5) or r in (0, 5)


def ref_legal(data):
    """Legal move strings computed from the JSON state, the slow and obvious way."""
    ply = data["ply"]
    if ply == 0:
        return sorted(f"{a}+{b}" for a in BORDER for b in BORDER if a < b)
    if ply == 1:
        return sorted(sq for sq in BORDER if sq not in data["reserved"])
    if ply == 2:
        return sorted(data["reserved"])
    seat = (ply + 1) % 2
    occupant = dict(data["markers"])
    me = data["pawns"][seat]
    occupant[data["pawns"][1 - seat]] = "pawn"
    # free jumps: explore, the start square is empty
    seen, todo = {me}, [me]
    while todo:
        s = todo.pop()
        f, r = _fr(s)
        for df, dr in DIRS:
            x, t = _sq(f + df, r + dr), _sq(f + 2 * df, r + 2 * dr)
            if x and t and occupant.get(x) == "black" and t not in occupant and t not in seen:
                seen.add(t)
                todo.append(t)
    moves = set()
    for s in seen:
        f, r = _fr(s)
        for df, dr in DIRS:
            x, t = _sq(f + df, r + dr), _sq(f + 2 * df, r + 2 * dr)
            if x is None:
                continue
            if x in occupant:
                moves.add(f"{s}-{x}")
            if t and t not in occupant and occupant.get(x) != "black":
                moves.add(f"{s}-{t}")
    return sorted(moves) or ["pass"]


def ref_apply(data, move):
    """Markers and pawns after a regular move or pass, from the JSON state."""
    seat = (data["ply"] + 1) % 2
    marks = dict(data["markers"])
    pawns = list(data["pawns"])
    if move != "pass":
        s, t = move.split("-")
        (sf, sr), (tf, tr) = _fr(s), _fr(t)
        if max(abs(sf - tf), abs(sr - tr)) == 1:
            if t == pawns[1 - seat]:
                pawns[1 - seat] = None
            marks.pop(t, None)
        else:
            x = _sq((sf + tf) // 2, (sr + tr) // 2)
            if x in marks:
                marks[x] = "black"
            elif x != pawns[1 - seat]:
                marks[x] = "black" if _is_border(x) else ("red", "green")[seat]
        pawns[seat] = t
    return marks, pawns


def ref_outcome(marks, pawns, ply, passes):
    values = list(marks.values())
    red, green = values.count("red"), values.count("green")
    decided = 0 if red > green else 1 if green > red else None
    if None in pawns:
        return (0 if pawns[0] else 1, [red, green], "pawn-captured")
    if 6 in (red, green, values.count("black")):
        return (decided, [red, green], "six-markers")
    if passes >= 2:
        return (decided, [red, green], "double-pass")
    if ply >= 200:
        return (decided, [red, green], "ply-limit")
    return None


@pytest.mark.parametrize("seed", range(40))
def test_against_reference(seed):
    rng = random.Random(1000 + seed)
    state = GAME.initial_state()
    while GAME.outcome(state) is None:
        data = GAME.to_json(state)
        moves = legal(state)
        assert moves == ref_legal(data)
        move = rng.choice(moves)
        after = GAME.play(state, move)
        new = GAME.to_json(after)
        if data["ply"] >= 3:
            marks, pawns = ref_apply(data, move)
            assert new["markers"] == marks and new["pawns"] == pawns
            passes = data["passes"] + 1 if move == "pass" else 0
            assert new["passes"] == passes
            out = GAME.outcome(after)
            expected = ref_outcome(marks, pawns, new["ply"], passes)
            assert (out.to_json() if out else None) == (
                {"winner": expected[0], "scores": expected[1], "reason": expected[2]} if expected else None
            )
            if move != "pass":
                path = new["path"]
                assert path[0] == data["pawns"][(data["ply"] + 1) % 2] and path[-2:] == move.split("-")
        state = after


# ---- playouts and shared properties ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(30))
def test_playout_equals_slow_path(seed):
    """The fast playout makes the same uniform choice as rng.choice(legal_moves) at every ply (a forced pass is
    taken without drawing), so with equal seeds both paths must reach the very same final state."""
    start = (
        GAME.initial_state()
        if seed % 3
        else position(red="c3", green="d5", markers={"d3": "black", "c5": "black"}, to_move=0)
    )
    fast, plies = GAME.random_playout(start, random.Random(seed))
    rng = random.Random(seed)
    state, n = start, 0
    while GAME.outcome(state) is None:
        moves = GAME.legal_moves(state)
        state = GAME.apply_move(state, moves[0] if legal(state) == ["pass"] else rng.choice(moves))
        n += 1
    assert plies == n
    assert GAME.to_json(fast) == GAME.to_json(state)
    assert GAME.outcome(fast) == GAME.outcome(state)


def test_playout_from_finished_state():
    over = play(position(red="d4", green="e5", to_move=0), "d4-e5")
    final, plies = GAME.random_playout(over, random.Random(1))
    assert plies == 0 and final is over


def test_playout_double_pass_and_ply_limit():
    marks = {"a3": "red", "c1": "red", "c3": "green", "f4": "black", "d6": "black", "d4": "red"}
    stuck = position(red="a1", green="f6", markers=marks, to_move=0)
    final, plies = GAME.random_playout(stuck, random.Random(3))
    assert plies == 2 and GAME.outcome(final) == GAME.outcome(play(stuck, "pass", "pass"))
    assert GAME.outcome(final).reason == "double-pass" and GAME.to_json(final)["last_move"] == "pass"
    late = position(red="a3", green="f3", to_move=0, ply=PLY_LIMIT - 1)
    final, plies = GAME.random_playout(late, random.Random(3))
    assert plies == 1 and GAME.ply(final) == PLY_LIMIT and GAME.outcome(final).reason == "ply-limit"
    assert GAME.to_json(final)["last_move"] in legal(late)


def test_rules_page_says_what_it_must(client, db):
    text = rules_page_text(client, GAME.slug)
    for phrase in ["free jump", "200 moves"]:
        assert phrase in text, phrase
