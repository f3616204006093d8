"""Tests of Parity (rules: games/parity/templates/rules.html): worked examples T1..T6, each rule, the protocol."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.base import IllegalMove
from games.parity import geometry as layout
from games.parity.game import GAME
from games.parity.geometry import INDEX, KIND, NAMES
from games.parity.playouts import guided_pick
from games.parity.rules import NO_CAPTURE_LIMIT, playout, position
from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import random_position, random_states, replay_cli, rules_page_text

OPTION_SETS = [{}, {"first": 0}, {"first": 1}]


def legal(state) -> set[str]:
    return set(GAME.legal_move_strings(state))


def play_all(state, moves: str):
    for text in moves.split():
        state = GAME.play(state, text)
    return state


# ---- worked examples -------------------------------------------------------------------


def test_t1_initial_position_white_to_move():
    state = GAME.initial_state()
    view = GAME.player_view(state, None)
    assert view["piece_count"] == 12 and view["open"] == "red" and view["closed"] == "blue"
    assert GAME.current_player(state) == 0
    assert legal(state) == {"e1-f1", "e1-e2", "c2-c3", "d2-e2"}


def test_t1_initial_position_black_to_move():
    state = GAME.initial_state({"first": 1})
    assert GAME.current_player(state) == 1
    assert legal(state) == {"b6-a6", "b6-b5", "c5-b5", "d5-d4"}


def test_t2_eleven_pieces_steps_avoid_red_capture_sees_ten():
    state = position(["b1", "c1", "d1", "e2", "c2", "d2"], ["e3", "b6", "c6", "d6", "e6"])
    assert GAME.player_view(state, 0)["piece_count"] == 11
    moves = legal(state)
    assert moves == {"b1-a1", "b1-b2", "d1-e1", "c2-b2", "d2-d3", "e2xe4"}
    for text in moves:
        if "-" in text:
            a, b = text.split("-")
            assert KIND[INDEX[a]] != "R" and KIND[INDEX[b]] != "R", text
    assert any(KIND[INDEX[t.split("-")[1]]] == "U" for t in moves if "-" in t)  # blue is usable
    after = GAME.play(state, "e2xe4")
    view = GAME.player_view(after, None)
    assert view["piece_count"] == 10 and view["open"] == "red"
    assert view["state"]["white"] == ["b1", "c1", "d1", "c2", "d2", "e4"]
    assert view["state"]["black"] == ["b6", "c6", "d6", "e6"]


def test_t3_gates_use_the_count_after_the_action():
    state = position(["a3", "b3"], ["a4", "b4"])
    assert legal(state) == {"a3-a2", "b3-c3", "a3xa5"}
    for text in ("b3xb5", "b3-b2"):
        with pytest.raises(IllegalMove):
            GAME.play(state, text)


def test_t4_the_texts_own_example():
    state = position(["b4", "c5", "e4"], ["b5", "e5"])
    assert legal(state) == {"b4xb6", "b4-a4", "b4-c4", "b4-b3", "c5-d5", "c5-c6", "c5-c4", "e4-f4", "e4-e3"}
    with pytest.raises(IllegalMove):
        GAME.play(state, "e4xe6")


def test_t5_no_legal_action_loses_at_start_of_turn():
    # Two pieces: blue squares are closed, and both pieces stand on blue squares.
    state = position(["a1"], ["f6"], to_move=0)
    assert GAME.current_player(state) is None
    assert GAME.legal_moves(state) == []
    out = GAME.outcome(state)
    assert (out.winner, out.scores, out.reason) == (1, (1, 1), "no-moves")
    # Same for Black, and the position is only lost by the side to move.
    out = GAME.outcome(position(["a1"], ["f6"], to_move=1))
    assert (out.winner, out.reason) == (0, "no-moves")


def test_t5_blocked_pieces_lose():
    # White b1 hemmed in: a1 and b2 are blue (closed at 4 pieces), c1 is occupied by Black,
    # and Black's c1 piece cannot capture backwards.
    state = position(["b1"], ["c1", "f4", "f3"], to_move=0)
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(state).reason == "no-moves"
    assert GAME.outcome(state).winner == 1


def test_t6_capturing_the_last_piece_ends_the_game():
    state = position(["b3", "f1"], ["b4"])  # 3 pieces -> 2: b5 is red and open
    assert "b3xb5" in legal(state)
    after = GAME.play(state, "b3xb5")
    assert GAME.current_player(after) is None
    assert GAME.legal_moves(after) == []
    out = GAME.outcome(after)
    assert (out.winner, out.scores, out.reason) == (0, (2, 0), "all-captured")


# ---- board data ----------------------------------------------------------------------------


def test_board_data_matches_the_rules_page():
    assert layout.KINDS[0] == "RBWBWU" and layout.KINDS[-1] == "UWBWBR"
    assert KIND.count("R") == 8 and KIND.count("U") == 8
    size = len(KIND)
    assert all(KIND[s] == KIND[size - 1 - s] for s in range(size)), "half-turn symmetric"
    for rank in (layout.KINDS[0], layout.KINDS[-1]):
        assert sum(k in "BW" for k in rank) == 4
    for seat in (0, 1):
        assert len(layout.START_NAMES[seat]) == 6
        assert all(KIND[INDEX[name]] in "BW" for name in layout.START_NAMES[seat])
    # Half-turn symmetric start too.
    assert sorted(size - 1 - INDEX[n] for n in layout.START_NAMES[0]) == sorted(INDEX[n] for n in layout.START_NAMES[1])
    # Ordinary squares alternate like a chessboard (a1 would be dark).
    for s in range(size):
        if KIND[s] in "BW":
            f, r = s % 6, s // 6
            assert KIND[s] == ("B" if (f + r) % 2 == 0 else "W"), NAMES[s]


# ---- steps ---------------------------------------------------------------------------------


def test_steps_are_orthogonal_only():
    # d3 is blue; with 3 pieces blue is open. c3 and d4 are red (closed), so only e3 and d2 remain.
    state = position(["d3"], ["a6", "f6"])
    assert legal(state) == {"d3-e3", "d3-d2"}
    # An ordinary square with ordinary/open neighbours: e3 (ordinary), 3 pieces: no diagonals.
    state = position(["e3"], ["a6", "f6"])
    assert legal(state) == {"e3-d3", "e3-f3", "e3-e4"}  # e2 is red, closed at 3 pieces


def test_step_needs_an_empty_destination():
    state = position(["e3", "e4"], ["d3", "f3"])  # 4 pieces: red open, blue closed
    moves = legal(state)
    assert not any(m.startswith("e3-") for m in moves - {"e3-e2"})
    assert "e3-e2" in moves  # e2 red and open with 4 pieces


def test_closed_origin_blocks_every_action():
    # White on red c3 with 3 pieces (red closed): no step from there, though d3 and b3 are free.
    state = position(["c3", "a1"], ["c4"])
    assert not any(m.startswith("c3") for m in legal(state))


def test_gates_check_origin_destination_and_captured_square():
    # 5 pieces; the capture leaves 4 (red open, blue closed).
    # White a1 is blue: a capture a1xa3 over a2 (red) would need blue a1 open after: it is not.
    state = position(["a1", "f3"], ["a2", "f6", "e6"])
    assert "a1xa3" not in legal(state)
    # White b3 (ordinary) over b4 (ordinary) to b5 (red, open at 4): legal.
    state = position(["b3", "f3"], ["b4", "f6", "e6"])
    assert "b3xb5" in legal(state)


# ---- captures ------------------------------------------------------------------------------


def test_capture_only_straight_forward_for_each_side():
    # 5 pieces -> 4 after a capture: red open, blue closed.
    # White b3 could capture b4 (forward); Black b4 can capture b3 landing b2? b2 is blue: closed.
    state = position(["b3", "e1"], ["b4", "a6", "f6"], to_move=0)
    assert "b3xb5" in legal(state)
    # Sideways/backwards "captures" are not moves: White e3 next to Black d3 and e2.
    state = position(["e3", "a1"], ["d3", "e2", "f6"])
    assert not any("x" in m for m in legal(state))


def test_black_captures_downwards():
    # Black e5 (blue) over e4 (ordinary) to e3 (ordinary); 4 pieces -> 3: blue open.
    state = position(["e4", "a3"], ["e5", "f6"], to_move=1)
    assert "e5xe3" in legal(state)
    after = GAME.play(state, "e5xe3")
    assert GAME.to_json(after)["white"] == ["a3"]
    assert GAME.to_json(after)["black"] == ["e3", "f6"]
    assert GAME.current_player(after) == 0
    # And White cannot capture Black backwards (White e4 over e5 is forward for White, but
    # White d4 behind Black d3 cannot capture downwards).
    state = position(["d4", "a3"], ["d3", "f6"], to_move=0)
    assert "d4xd2" not in legal(state)


def _first_capture_victims(seat: int) -> set[str]:
    """Squares where a piece of `seat` can be captured while all 12 pieces are on the board."""
    capturer = 1 - seat
    step = 6 if capturer == 0 else -6  # a rank, in square numbers, towards the capturer's front
    victims = set()
    # While 12 pieces stand blue is closed, so no piece can ever stand on a blue square.
    standable = [s for s in range(36) if KIND[s] != "U"]
    for v in standable:
        s, land = v - step, v + step
        if s not in standable or not 0 <= land < 36:
            continue
        fillers = [NAMES[x] for x in standable if x not in (s, v, land)]
        pieces = [[], []]
        pieces[capturer] = [NAMES[s]] + fillers[:5]
        pieces[seat] = [NAMES[v]] + fillers[5:10]
        state = position(pieces[0], pieces[1], to_move=capturer)
        if f"{NAMES[s]}x{NAMES[land]}" in legal(state):
            victims.add(NAMES[v])
    return victims


def test_with_twelve_pieces_only_three_squares_per_side_can_be_captured():
    # docs/performance.md leans on this: a random mover that never visits these squares cannot lose
    # a piece before the 60-ply draw. A capture from 12 leaves 11 (red closed), and nobody can stand
    # on blue while 12 remain, so the capturer and victim stand on ordinary squares, the landing off red.
    assert _first_capture_victims(0) == {"b3", "c5", "f3"}
    assert _first_capture_victims(1) == {"a4", "d2", "e4"}


def test_capture_needs_enemy_piece_and_empty_landing():
    # Own piece in between: no capture.
    state = position(["b3", "b4"], ["a6", "f6"])
    assert not any("x" in m for m in legal(state))
    # Landing square occupied: no capture.
    state = position(["b3", "f3"], ["b4", "b5", "e6"])
    assert "b3xb5" not in legal(state)
    # Landing square off the board: no capture (White on rank 5 behind Black on rank 6).
    state = position(["c5", "a3"], ["c6", "f1"])
    assert not any(m.startswith("c5x") for m in legal(state))


def test_capturing_is_optional():
    state = position(["a3", "b3"], ["a4", "b4"])
    moves = legal(state)
    assert "a3xa5" in moves and len(moves) > 1


# ---- end rules -----------------------------------------------------------------------------


def test_no_capture_limit_draw():
    state = position(["b1", "c1"], ["e6", "d6"], quiet=59)
    assert GAME.current_player(state) == 0
    after = GAME.play(state, "c1-d1")
    out = GAME.outcome(after)
    assert (out.winner, out.scores, out.reason) == (None, (2, 2), "no-capture-limit")
    assert GAME.legal_moves(after) == []


def test_capture_resets_the_no_capture_count():
    state = position(["b3", "f3", "f1"], ["b4", "e6"], quiet=59)  # 5 -> 4 pieces: b5 red open
    after = GAME.play(state, "b3xb5")
    assert GAME.current_player(after) == 1
    assert GAME.to_json(after)["quiet"] == 0


def test_no_moves_beats_no_capture_limit():
    state = position(["a1"], ["f6"], quiet=60)
    assert GAME.outcome(state).reason == "no-moves"


def test_repetition_third_occurrence_draws():
    state = GAME.initial_state()
    cycle = "e1-f1 b6-a6 f1-e1 a6-b6"
    state = play_all(state, cycle)  # initial position again: second occurrence
    assert GAME.current_player(state) == 0
    assert GAME.player_view(state, None)["repetitions"] == 2
    state = play_all(state, "e1-f1 b6-a6 f1-e1")
    assert GAME.current_player(state) == 1
    state = GAME.play(state, "a6-b6")  # third occurrence
    out = GAME.outcome(state)
    assert (out.winner, out.scores, out.reason) == (None, (6, 6), "repetition")
    assert GAME.ply(state) == 8


def test_repetition_needs_same_side_to_move():
    # The same board with the other side to move is a different position.
    a = GAME.initial_state({"first": 0})
    b = GAME.initial_state({"first": 1})
    assert a.hist[-1] != b.hist[-1]


def test_repetition_history_survives_json():
    state = play_all(GAME.initial_state(), "e1-f1 b6-a6 f1-e1 a6-b6 e1-f1 b6-a6")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert data["quiet_moves"] == ["e1-f1", "b6-a6", "f1-e1", "a6-b6", "e1-f1", "b6-a6"]
    again = GAME.from_json(data)
    assert GAME.to_json(again) == data
    again = play_all(again, "f1-e1 a6-b6")
    assert GAME.outcome(again).reason == "repetition"


def test_from_json_rejects_inconsistent_history():
    data = GAME.to_json(GAME.initial_state())
    data["quiet_moves"] = ["e1-f1"]  # f1 is empty in the initial position
    data["quiet"] = 1
    with pytest.raises(ValueError):
        GAME.from_json(data)


def test_all_captured_beats_no_moves():
    state = position(["a3"], ["a4"])
    after = GAME.play(state, "a3xa5")
    assert GAME.outcome(after).reason == "all-captured"


# ---- notation and tokens -------------------------------------------------------------------


def test_parse_and_format():
    assert GAME.parse_move("b1-b2") == (INDEX["b1"], INDEX["b2"])
    assert GAME.parse_move(" b4xb6 ") == (INDEX["b4"], INDEX["b6"])
    assert GAME.parse_move("B4XB6") == GAME.parse_move("b4xb6")  # typed in any case
    assert GAME.parse_move("B1-B2") == (INDEX["b1"], INDEX["b2"])
    assert GAME.format_move((INDEX["b4"], INDEX["b6"])) == "b4xb6"
    assert GAME.format_move((INDEX["e1"], INDEX["f1"])) == "e1-f1"
    for bad in ("", "b1", "b1-b3", "b1-c2", "b4xb5", "b4xd4", "g1-g2", "a0-a1", "a7-a6", "pass", "b1b2"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(bad)


def test_move_tokens():
    assert GAME.move_tokens("b1-b2") == ("b1", "b2")
    assert GAME.move_tokens("b4xb6") == ("b4", "b6")
    state = position(["b4", "c5", "e4"], ["b5", "e5"])
    tokens = [GAME.move_tokens(t) for t in GAME.legal_move_strings(state)]
    assert len(set(tokens)) == len(tokens)


def test_play_rejects_moves_after_the_end():
    state = position(["a1"], ["f6"])
    with pytest.raises(IllegalMove):
        GAME.play(state, "a1-a2")


# ---- view, description, board --------------------------------------------------------------


def test_player_view_contents():
    state = GAME.play(GAME.initial_state(), "e1-f1")
    view = GAME.player_view(state, 1)
    assert view["seat"] == 1 and view["to_move"] == 1 and view["ply"] == 1
    assert view["last_move"] == "e1-f1"
    assert view["outcome"] is None
    assert view["pieces"] == [6, 6]
    assert view["movable"] == ["c5", "d5", "b6"]
    cells = {c["name"]: c for c in view["cells"]}
    assert cells["f1"]["kind"] == "red" and cells["f1"]["piece"] == 0
    assert cells["a1"]["kind"] == "blue" and cells["a1"]["piece"] is None
    assert cells["b6"]["piece"] == 1
    assert GAME.visibility.sample_state(view, random.Random(0)).board == state.board
    # Same for every viewer apart from "seat".
    other = GAME.player_view(state, None)
    other["seat"] = 1
    assert other == view


def test_describe():
    state = position(["b4", "c5", "e4"], ["b5", "e5"], last_move="a2-a3")
    lines = GAME.position_in_words(GAME.player_view(state, None))
    text = "\n".join(lines)
    assert lines[0] == "White to move."
    assert "5 pieces on the board" in text and "blue squares are open" in text
    assert "White pieces: b4, e4, c5." in text
    assert "Black pieces: b5, e5." in text
    assert "Last move: a2-a3." in text
    out = GAME.position_in_words(GAME.player_view(GAME.play(position(["a3"], ["a4"]), "a3xa5"), 0))
    assert out[0] == "Game over: White won: Black's last piece was captured (1 piece to 0)."


def _check_markup(svg: str):
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'class="board' in svg and 'role="group"' in svg and "aria-label=" in svg and "viewBox=" in svg
    assert "<script" not in svg and "style=" not in svg
    assert not re.search(r"\son[a-z]+=", svg)


def test_render_board_links_and_markers():
    state = GAME.initial_state()
    view = GAME.player_view(state, 0)
    ui = BoardUI(options={name: f"/p?t={name}" for name in ("e1", "c2", "d2")})
    svg = GAME.render_board(view, ui)
    _check_markup(svg)
    assert set(ui.unused_options()) == set()
    assert svg.count("data-token=") == 3
    assert 'data-label="e1: White piece, yours"' in svg
    # Coordinates and gate legend.
    assert ">a</text>" in svg and ">6</text>" in svg
    assert "Red open" in svg and "Blue closed" in svg and "12 pieces" in svg
    # Selection shows targets.
    ui = BoardUI(options={"e2": "/x", "f1": "/y"}, selected=("e1",))
    svg = GAME.render_board(view, ui)
    assert svg.count("data-token=") == 2
    assert 'data-label="f1: empty red square"' in svg


def file_label_xs(svg: str) -> dict[str, float]:
    """The x coordinate of each file letter under the board."""
    return {m[2]: float(m[1]) for m in re.finditer(r'<text class="coord" x="([\d.]+)"[^>]*>([a-f])</text>', svg)}


def test_render_board_flip_and_finished_game():
    state = GAME.play(position(["b3", "f1"], ["b4"]), "b3xb5")
    view = GAME.player_view(state, None)
    svg = GAME.render_board(view, BoardUI(flip=True, last_move=("b3", "b5")))
    _check_markup(svg)
    assert "White won: Black&#x27;s last piece was captured" in svg
    # Flipped: file f drawn at the left, so the "f" label comes before "a" in the markup order of
    # x positions; check by the x coordinate of the labels.
    xs = file_label_xs(svg)
    assert xs["f"] < xs["a"]
    svg = GAME.render_board(view, BoardUI())
    xs = file_label_xs(svg)
    assert xs["a"] < xs["f"]


def test_registered():
    assert all_games()["parity"] is GAME
    assert GAME.seat_names == ("White", "Black")
    assert GAME.option_choices == {"first": [0, 1]}
    assert GAME.normalize_options({}) == {"first": 0}


# ---- shared properties and the fast playout -----------------------------------------------


def _check_recorded_playout(start, seed):
    record = []
    final, plies = playout(start, random.Random(seed), record)
    assert plies == len(record)
    state = start
    for move, offered in record:
        # The fast generator offers exactly the legal moves, each once.
        assert len(offered) == len(set(offered))
        assert set(offered) == set(GAME.legal_moves(state))
        state = GAME.play(state, GAME.format_move(move))
    assert GAME.current_player(state) is None
    assert GAME.to_json(final) == GAME.to_json(state)
    assert GAME.outcome(final) == GAME.outcome(state)
    assert final.hist == state.hist


def test_fast_playout_follows_the_rules_move_by_move():
    for seed in range(40):
        _check_recorded_playout(GAME.initial_state({"first": seed % 2}), seed)


def test_fast_playout_from_midgame_positions():
    rng = random.Random(5)
    for seed in range(30):
        _check_recorded_playout(random_position(GAME, {}, rng, rng.randrange(0, 40)), seed)
    # Fewer pieces, so captures and all-captured endings occur.
    for seed in range(30):
        start = position(["b3", "c3", "d2", "e4"], ["b4", "c5", "d4", "e5"], to_move=seed % 2)
        _check_recorded_playout(start, seed)


def test_fast_playout_reaches_every_ending():
    reasons = set()
    for seed in range(300):
        start = position(["a3", "b3", "e4"], ["a4", "b5", "e5"], to_move=seed % 2)
        final, _ = GAME.random_playout(start, random.Random(seed))
        reasons.add(GAME.outcome(final).reason)
    for seed in range(200):
        final, _ = GAME.random_playout(GAME.initial_state(), random.Random(seed))
        reasons.add(GAME.outcome(final).reason)
    assert {"all-captured", "no-capture-limit", "repetition"} <= reasons


def test_playout_on_finished_state_returns_it():
    state = position(["a1"], ["f6"])
    final, plies = GAME.random_playout(state, random.Random(0))
    assert final is state and plies == 0


# ---- the replay protocol -------------------------------------------------------------------


def test_replay_valid_sequence():
    status, lines = replay_cli("parity", "e1-f1\n\nb6-a6\n")
    assert status == 0
    assert len(lines) == 3
    assert lines[0] == {"ply": 0, "to_move": 0, "legal": ["c2-c3", "d2-e2", "e1-e2", "e1-f1"], "outcome": None}
    assert lines[1]["ply"] == 1 and lines[1]["to_move"] == 1
    assert lines[1]["legal"] == sorted(lines[1]["legal"]) and "b6-a6" in lines[1]["legal"]
    assert lines[2]["ply"] == 2 and lines[2]["to_move"] == 0


def test_replay_to_the_end():
    status, lines = replay_cli("parity", "e1-f1\nb6-a6\nf1-e1\na6-b6\ne1-f1\nb6-a6\nf1-e1\na6-b6\n")
    assert status == 0
    assert lines[-1] == {
        "ply": 8,
        "to_move": None,
        "legal": [],
        "outcome": {"winner": None, "scores": [6, 6], "reason": "repetition"},
    }


def test_replay_first_option():
    status, lines = replay_cli("parity", "", '{"first": 1}')
    assert status == 0
    assert lines == [{"ply": 0, "to_move": 1, "legal": ["b6-a6", "b6-b5", "c5-b5", "d5-d4"], "outcome": None}]


def test_replay_illegal_move():
    status, lines = replay_cli("parity", "e1-f1\nb6-b7\nd5-d4\n")
    assert status == 2
    assert len(lines) == 3
    assert lines[-1]["ply"] == 1 and "error" in lines[-1]
    status, lines = replay_cli("parity", "c2-b2\n")  # parses, but b2 is blue and closed
    assert status == 2
    assert lines[-1]["ply"] == 0 and "not a legal move" in lines[-1]["error"]


def test_replay_bad_options():
    for options in ('{"first": 2}', '{"colour": 1}', "[1]", "{nope"):
        status, lines = replay_cli("parity", "e1-f1\n", options)
        assert status == 2
        assert len(lines) == 1 and lines[0]["ply"] == 0 and "error" in lines[0]


# ---- the bot's rollout hook ----------------------------------------------------------------


def _midgame_states(count: int, seed: int = 11):
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = random_position(GAME, {"first": len(states) % 2}, rng, rng.randrange(0, 60))
        if GAME.outcome(state) is None:
            states.append(state)
    return states


def test_bot_rollout_values_are_in_range():
    rng = random.Random(1)
    states = _midgame_states(20) + [position(["b3", "c3", "d2", "e4"], ["b4", "c5", "d4", "e5"], t) for t in (0, 1)]
    for state in states:
        for _ in range(10):
            value = GAME.bot_rollout(state, rng)
            assert 0.0 <= value <= 1.0


def test_bot_rollout_is_deterministic_for_a_seeded_rng():
    states = _midgame_states(8, seed=3)
    first = [GAME.bot_rollout(s, random.Random(i)) for i, s in enumerate(states) for _ in range(3)]
    again = [GAME.bot_rollout(s, random.Random(i)) for i, s in enumerate(states) for _ in range(3)]
    assert first == again
    rng_a, rng_b = random.Random(9), random.Random(9)
    state = GAME.initial_state()
    assert [GAME.bot_rollout(state, rng_a) for _ in range(20)] == [GAME.bot_rollout(state, rng_b) for _ in range(20)]


def test_bot_rollout_of_a_finished_game_is_its_result():
    rng = random.Random(0)
    white_won = position(["c3"], [], to_move=1)  # all-captured
    black_won = position([], ["c3"], to_move=0)
    stuck = position(["a3", "b3"], ["a4", "b4"], to_move=0, quiet=NO_CAPTURE_LIMIT)  # limit draw
    assert GAME.outcome(white_won).winner == 0 and GAME.bot_rollout(white_won, rng) == 1.0
    assert GAME.outcome(black_won).winner == 1 and GAME.bot_rollout(black_won, rng) == 0.0
    assert GAME.outcome(stuck).reason == "no-capture-limit" and GAME.bot_rollout(stuck, rng) == 0.5
    # T5: White's a1 is walled in by b1 and a2, and cannot jump a2 (a1 is blue, closed at 2 pieces).
    blocked = position(["a1"], ["a2", "b1"], to_move=0)
    assert GAME.outcome(blocked).reason == "no-moves"
    assert GAME.bot_rollout(blocked, rng) == 0.0


def test_bot_rollout_prefers_more_material():
    def mean(state, n=300):
        rng = random.Random(4)
        return sum(GAME.bot_rollout(state, rng) for _ in range(n)) / n

    white_up = position(["a1", "b1", "c1", "d1", "e1"], ["b6", "c6"], to_move=0)
    level = position(["a1", "b1"], ["b6", "c6"], to_move=0)
    black_up = position(["e1", "d1"], ["a6", "b6", "c6", "d6", "e6"], to_move=0)
    assert mean(white_up) > mean(level) + 0.1
    assert mean(black_up) < mean(level) - 0.1
    assert mean(white_up) > 0.6 and mean(black_up) < 0.4


def test_guided_playout_follows_the_rules_and_takes_captures():
    for seed, state in enumerate(_midgame_states(15, seed=8)):
        record = []
        final, plies = playout(state, random.Random(seed), record, 12, guided_pick)
        assert plies == len(record) <= 12
        replayed = state
        for move, offered in record:
            assert set(offered) == set(GAME.legal_moves(replayed))
            if any(abs(m[1] - m[0]) == 12 for m in offered):
                assert abs(move[1] - move[0]) == 12  # a capture is always taken
            replayed = GAME.apply_move(replayed, move)
        assert GAME.to_json(final) == GAME.to_json(replayed)


def test_rules_page_says_what_it_must(client, db):
    text = rules_page_text(client, GAME.slug)
    for phrase in ["working title", "toadflax games", "reconstruction", "at random when the match starts"]:
        assert phrase in text, phrase


# ---- the planner (the top bot level) ------------------------------------------------------------------------------
def test_planner_takes_a_win_at_once_whenever_there_is_one():
    """Random games that end in a win: one ply before the end the winner had a winning move (no move or no piece
    left to the opponent); the planner, put in that position, plays a winning move too (most of its wins are these)."""
    from games.parity import planner

    found = 0
    for seed in range(400):
        states = [state for state, _ in random_states(GAME, {"first": seed % 2}, seed)]
        final = states[-1].outcome()
        if final.winner is None:
            continue
        before = states[-2]
        found += 1
        after = GAME.apply_move(before, planner.bot_plan(before, 2, random.Random(seed)))
        assert after.outcome() is not None and after.outcome().winner == before.to_move, seed
    assert found >= 2  # uniformly random games seldom end in a win (2 of these 400)


def test_strong_parity_bot_is_the_planner_and_reproducible():
    from games.bot import choose_move
    from games.parity import planner

    state = random_position(GAME, {"first": 0}, random.Random(5), 12)
    view = GAME.player_view(state, state.to_move)
    move = choose_move(GAME, view, "strong", seed=3)
    assert move == choose_move(GAME, view, "strong", seed=3)
    assert move == GAME.format_move(planner.bot_plan(state, GAME.bot_planned["strong"], random.Random(3)))
    assert move in GAME.legal_move_strings(state)


def test_planner_values_a_capture_more_the_longer_the_game_has_been_quiet():
    """Even with material level a capture resets the no-capture count, and past 40 quiet plies the coming draw weighs
    more with each ply, so the planner trades or gives up a piece to win time rather than drift into the draw."""
    from games.parity import planner

    def value(quiet):
        return planner.evaluate(position(["a3", "b3", "d1"], ["a4", "b4", "d6"], quiet=quiet), 0)

    drops = [value(quiet) - value(quiet + 10) for quiet in (0, 20, 40, 50)]
    assert all(drop > 0 for drop in drops)  # a quiet stretch costs even when level
    assert drops[2] > drops[1] and drops[3] > drops[2]  # and more and more once the draw comes close
