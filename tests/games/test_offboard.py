"""Offboard rules (games/offboard/templates/rules.html): worked examples T1..T11, each rule and edge case, shared
properties."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.base import IllegalMove
from games.offboard.game import GAME
from games.offboard.rules import DISCARD, PLACE, position
from games.ui import BoardUI
from tests.support.games import replay_cli, rules_page_text

START_RED = ["f1", "f2", "f3", "g1", "g2", "h1", "b6", "c6", "c7", "d6", "d7", "d8"]
START_YELLOW = ["b1", "c1", "c2", "d1", "d2", "d3", "f6", "f7", "f8", "g6", "g7", "h6"]
ALL_CELLS = [f"{c}{n}" for c, size in zip("abcdefghi", (5, 6, 7, 8, 9, 8, 7, 6, 5)) for n in range(1, size + 1)]


def legal(state) -> set[str]:
    return set(GAME.legal_move_strings(state))


def balls(state) -> tuple[set[str], set[str]]:
    data = GAME.to_json(state)
    return set(data["red"]), set(data["yellow"])


def gutters(state) -> dict[str, int]:
    return {f"G{g + 1}": who for g, who in enumerate(GAME.to_json(state)["gutters"]) if who is not None}


def scores(state) -> tuple[int, int]:
    return GAME.player_view(state, None)["scores"][0], GAME.player_view(state, None)["scores"][1]


def is_push(state, text: str) -> bool:
    """A push names an opponent ball as its destination."""
    red, yellow = balls(state)
    opponent = yellow if GAME.current_player(state) == 0 else red
    return text.split("-")[-1] in opponent


# ---- the worked examples ------------------------------------------------------------------
def test_t1_initial_position_48_moves_no_pushes():
    state = GAME.initial_state({})
    moves = legal(state)
    assert len(moves) == 48
    assert not any(is_push(state, m) for m in moves)
    assert {"f1-e2", "f1-e1", "h1-e1", "g1-e1"} <= moves
    assert balls(state) == (set(START_RED), set(START_YELLOW))
    assert GAME.current_player(state) == 0


def test_t1_yellow_has_48_in_its_mirrored_position():
    state = position(START_RED, START_YELLOW, to_move=1)
    moves = legal(state)
    assert len(moves) == 48
    assert not any(is_push(state, m) for m in moves)


def test_t2_corner_push_ejects_into_g2():
    state = position(["d5", "e5", "f4", "g3"], ["h2", "i1"])
    moves = legal(state)
    assert {"e5-h2", "d5-h2"} <= moves
    assert "f4-h2" not in moves  # 2 against 2
    for text in ("e5-h2", "d5-h2"):
        after = GAME.play(state, text)
        red, yellow = balls(after)
        assert yellow == {"i1"}
        assert gutters(after) == {"G2": 1}
        assert scores(after) == (2, 0)
    assert balls(GAME.play(state, "e5-h2"))[0] == {"d5", "f4", "g3", "h2"}
    assert balls(GAME.play(state, "d5-h2"))[0] == {"e5", "f4", "g3", "h2"}


def test_t3_superiority():
    state = position(["e5", "e6"], ["e3", "e4"])
    assert "e6-e4" not in legal(state)
    assert not any(is_push(state, m) for m in legal(state))
    state = position(["e5", "e6", "e7"], ["e3", "e4"])
    assert "e7-e4" in legal(state)
    after = GAME.play(state, "e7-e4")
    assert balls(after) == ({"e4", "e5", "e6"}, {"e2", "e3"})
    assert scores(after) == (0, 0)


def test_t4_sandwich_forbids_the_push():
    state = position(["e5", "e6", "e7", "e2"], ["e3", "e4"])
    moves = legal(state)
    assert "e7-e4" not in moves and "e6-e4" not in moves
    assert not any(m.endswith("-e4") and m[0] == "e" for m in moves)


def test_t5_occupied_gutter_displaces_the_ball():
    state = position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0})
    moves = legal(state)
    assert {"d2-f1", "c2-f1"} <= moves
    assert "e2-f1" not in moves  # 1 against 1
    for text in ("d2-f1", "c2-f1"):
        after = GAME.play(state, text)
        assert scores(after) == (0, 1)  # no points: Yellow keeps only its G1 point
        assert gutters(after) == {"G1": 0}
        assert balls(after)[0] == {"e5"}
        view = GAME.player_view(after, None)
        assert view["displaced"] == 0
        assert GAME.current_player(after) == 0
        red, yellow = balls(after)
        empty = set(ALL_CELLS) - red - yellow
        expected = {"@" + cell for cell in empty} | {"x+e5-e4", "x+e5-e6", "x+e5-f4", "x+e5-f5", "x+e5-d4", "x+e5-d5"}
        assert legal(after) == expected
        assert len([m for m in legal(after) if m.startswith("@")]) == 57
    # Without the ball on e5 only the @cell moves exist.
    state = position(["f1"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0})
    after = GAME.play(state, "c2-f1")
    assert balls(after)[0] == set()
    moves = legal(after)
    assert moves == {"@" + cell for cell in set(ALL_CELLS) - balls(after)[1]}
    assert GAME.outcome(after) is None


def test_t6_side_vertex_goes_to_the_lower_gutter():
    state = position(["b2", "c3"], ["a1"])
    after = GAME.play(state, "c3-a1")
    assert gutters(after) == {"G11": 1}
    assert scores(after) == (2, 0)
    assert balls(after) == ({"a1", "b2"}, set())


def test_t7_top_vertex():
    state = position(["e2", "e3"], ["e1"])
    after = GAME.play(state, "e3-e1")
    assert gutters(after) == {"G1": 1} and scores(after) == (1, 0)
    state = position(["e2", "e3"], ["e1"], gutters={"G1": 0})
    after = GAME.play(state, "e3-e1")
    assert gutters(after) == {"G1": 0, "G12": 1} and scores(after) == (1, 1)
    state = position(["e2", "e3"], ["e1"], gutters={"G1": 0, "G12": 1})
    after = GAME.play(state, "e3-e1")
    assert gutters(after) == {"G1": 0, "G12": 1} and scores(after) == (1, 1)
    assert GAME.player_view(after, 1)["displaced"] == 1
    assert balls(after) == ({"e1", "e2"}, set())


def test_t8_lone_ball_on_i2():
    assert legal(position(["i2"], [])) == {"i2-i1", "i2-i3", "i2-h2", "i2-h3"}


def test_t9_no_push_limit():
    state = position(["e5", "e6", "e7", "e8", "e9"], ["e1", "e2", "e3", "e4"])
    assert "e9-e4" in legal(state)
    after = GAME.play(state, "e9-e4")
    assert balls(after) == ({"e4", "e5", "e6", "e7", "e8"}, {"e1", "e2", "e3"})
    assert gutters(after) == {"G1": 1}


def test_t10_single_never_pushes_single_and_no_sideways_moves():
    assert "e5-e4" not in legal(position(["e5"], ["e4"]))
    assert legal(position(["e5"], ["e4"])) == {"e5-f4", "e5-f5", "e5-e6", "e5-d5", "e5-d4"}
    # Two balls side by side: each alone, or both along their own line; never broadside.
    assert legal(position(["e5", "e6"], [])) == {
        "e5-e4",
        "e5-f4",
        "e5-d5",
        "e5-f5",
        "e5-d4",
        "e6-e7",
        "e6-f5",
        "e6-d6",
        "e6-f6",
        "e6-d5",
        "e6-e4",
        "e5-e7",
    }


def test_t11_five_points_and_any_scoring_push_wins():
    state = position(["b2", "c3"], ["a1", "e5"], gutters={"G3": 1, "G2": 1})
    assert scores(state) == (5, 0)
    after = GAME.play(state, "c3-a1")
    outcome = GAME.outcome(after)
    assert (outcome.winner, outcome.scores, outcome.reason) == (0, (7, 0), "points")
    assert GAME.current_player(after) is None and GAME.legal_moves(after) == []
    # Even a 1-point gutter is enough.
    state = position(["e2", "e3"], ["e1", "a1"], gutters={"G3": 1, "G2": 1})
    outcome = GAME.outcome(GAME.play(state, "e3-e1"))
    assert (outcome.winner, outcome.scores, outcome.reason) == (0, (6, 0), "points")


# ---- more rules and edge cases ------------------------------------------------------------
def test_sub_lines_of_a_long_line_are_distinct_moves():
    column = ["e3", "e4", "e5", "e6", "e7", "e8", "e9"]
    moves = legal(position(column, []))
    for tail in column[1:]:
        assert f"{tail}-e2" in moves  # lines of 1..7 balls moving N
    after = GAME.play(position(column, []), "e9-e2")
    assert balls(after)[0] == {"e2", "e3", "e4", "e5", "e6", "e7", "e8"}
    after = GAME.play(position(column, []), "e6-e2")
    assert balls(after)[0] == {"e2", "e3", "e4", "e5", "e7", "e8", "e9"}


def test_no_own_ejection():
    # e1 e2 at the top: nothing moves N, NE or NW off the board; the pair moves only S.
    assert legal(position(["e1", "e2"], [])) == {"e1-f1", "e1-d1", "e1-e3", "e2-e3", "e2-f1", "e2-d1", "e2-f2", "e2-d2"}
    # Nor may a push carry one's own ball off: a3 a2 a1 pushing N has no cell to go to.
    assert not any(m.startswith("a3-") for m in legal(position(["a3", "a2", "a1"], ["b1"])) if m.endswith("a0"))


def test_push_into_an_empty_cell_scores_nothing():
    state = position(["e7", "e6", "e5"], ["e4", "e3"])
    after = GAME.play(state, "e7-e4")
    assert balls(after) == ({"e4", "e5", "e6"}, {"e3", "e2"})
    assert gutters(after) == {}


def test_push_of_longer_lines():
    state = position(["e9", "e8", "e7", "e6"], ["e5", "e4", "e3"])
    assert "e9-e5" in legal(state)  # 4 against 3
    assert "e8-e5" not in legal(state) and "e7-e5" not in legal(state)
    assert balls(GAME.play(state, "e9-e5")) == ({"e5", "e6", "e7", "e8"}, {"e4", "e3", "e2"})


def test_corner_gutters():
    # Bottom vertex: G7, then G6, then displaced.
    state = position(["e7", "e8"], ["e9"])
    assert gutters(GAME.play(state, "e7-e9")) == {"G7": 1}
    state = position(["e7", "e8"], ["e9"], gutters={"G7": 0})
    assert gutters(GAME.play(state, "e7-e9")) == {"G7": 0, "G6": 1}
    state = position(["e7", "e8"], ["e9"], gutters={"G7": 0, "G6": 0})
    after = GAME.play(state, "e7-e9")
    assert gutters(after) == {"G7": 0, "G6": 0} and GAME.player_view(after, None)["displaced"] == 1
    # Right vertex i5 pushed SE -> G5; lower-left vertex a5 pushed SW -> G8.
    assert gutters(GAME.play(position(["g5", "h5"], ["i5"]), "g5-i5")) == {"G5": 1}
    assert gutters(GAME.play(position(["c5", "b5"], ["a5"]), "c5-a5")) == {"G8": 1}
    # ...while a5 pushed NW (along its row of the left side) leaves at (-5, 4): G9.
    assert gutters(GAME.play(position(["c7", "b6"], ["a5"]), "c7-a5")) == {"G9": 1}
    # Side vertices have no fallback: an occupied G2 displaces even if G1 or G3 are empty.
    after = GAME.play(position(["g3", "h2"], ["i1"], gutters={"G2": 0}), "g3-i1")
    assert GAME.player_view(after, None)["displaced"] == 1 and gutters(after) == {"G2": 0}


def test_edge_gutters_follow_the_table():
    # i3 pushed SE leaves at (5,-2): G4 (3 points). a3 pushed NW leaves at (-5, 2): G10.
    assert gutters(GAME.play(position(["g3", "h3"], ["i3"]), "g3-i3")) == {"G4": 1}
    assert gutters(GAME.play(position(["c5", "b4"], ["a3"]), "c5-a3")) == {"G10": 1}
    # a3 pushed SW (c3 b3 a3) leaves at (-5, 3): G9.
    assert gutters(GAME.play(position(["c3", "b3"], ["a3"]), "c3-a3")) == {"G9": 1}
    # f1 pushed N leaves at (1,-5): G1.
    assert gutters(GAME.play(position(["f3", "f2"], ["f1"]), "f3-f1")) == {"G1": 1}


def test_place_the_displaced_ball():
    state = position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0})
    after = GAME.play(state, "c2-f1")
    placed = GAME.play(after, "@a1")
    assert balls(placed)[0] == {"e5", "a1"}
    assert GAME.current_player(placed) == 1
    assert GAME.player_view(placed, None)["displaced"] is None
    with pytest.raises(IllegalMove):
        GAME.play(after, "@d2")  # occupied
    with pytest.raises(IllegalMove):
        GAME.play(after, "e5-e4")  # the displaced ball must be dealt with first


def test_discard_then_act():
    state = position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0})
    after = GAME.play(GAME.play(state, "c2-f1"), "x+e5-e4")
    assert balls(after)[0] == {"e4"}
    assert GAME.player_view(after, None)["displaced"] is None
    assert GAME.current_player(after) == 1
    assert GAME.to_json(after)["last_move"] == "x+e5-e4"
    assert GAME.to_json(after)["history"] == []  # a ball left play: no repetition memory needed


def test_no_moves_loses():
    state = position(["a1"], ["a2", "b1", "b2"])
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (1, "no-moves")
    assert GAME.legal_moves(state) == []
    # No balls left and no displaced ball.
    outcome = GAME.outcome(position([], ["e5"], to_move=0))
    assert (outcome.winner, outcome.reason) == (1, "no-moves")
    # With a displaced ball there is always somewhere to put it.
    assert GAME.outcome(position([], ["e5"], to_move=0, displaced=True)) is None


def test_points_come_before_no_moves():
    # Red scores its sixth point and leaves Yellow with no ball at all.
    state = position(["e2", "e3"], ["e1"], gutters={"G3": 1, "G2": 1})
    outcome = GAME.outcome(GAME.play(state, "e3-e1"))
    assert (outcome.winner, outcome.reason) == (0, "points")


def test_repetition_draw_counts_the_initial_position():
    state = position(["e5"], ["a1"])
    cycle = ["e5-e4", "a1-a2", "e4-e5", "a2-a1"]
    for text in cycle:
        state = GAME.play(state, text)
    assert GAME.outcome(state) is None  # second occurrence
    for text in cycle[:3]:
        state = GAME.play(state, text)
    assert GAME.outcome(state) is None
    state = GAME.play(state, cycle[3])
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.scores, outcome.reason) == (None, (0, 0), "repetition")
    assert GAME.ply(state) == 8
    # The history survives a JSON round trip.
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert GAME.outcome(again) == outcome


def test_repetition_needs_the_same_side_to_move():
    # Red walks a triangle (3 plies) while Yellow shuttles (2 plies): the board e5/a1 comes back
    # a third time at ply 12, but once with Yellow to move, so that is no threefold repetition.
    state = position(["e5"], ["a1"])
    boards = 1
    for text in [
        "e5-e4",
        "a1-a2",
        "e4-f4",
        "a2-a1",
        "f4-e5",
        "a1-a2",
        "e5-e4",
        "a2-a1",
        "e4-f4",
        "a1-a2",
        "f4-e5",
        "a2-a1",
    ]:
        assert GAME.outcome(state) is None
        state = GAME.play(state, text)
        boards += balls(state) == ({"e5"}, {"a1"})
    assert boards == 3 and GAME.current_player(state) == 0
    assert GAME.outcome(state) is None


def test_irreversible_move_clears_the_history():
    state = position(["e5", "e2", "e3"], ["e1", "a1"])
    for text in ["e5-e4", "a1-a2", "e4-e5", "a2-a1"]:
        state = GAME.play(state, text)
    assert len(GAME.to_json(state)["history"]) == 4
    state = GAME.play(state, "e3-e1")
    assert GAME.to_json(state)["history"] == [] and GAME.to_json(state)["history_start"] is None


def test_ply_limit():
    state = position(["e5"], ["a1"], ply=299)
    after = GAME.play(state, "e5-e4")
    outcome = GAME.outcome(after)
    assert (outcome.winner, outcome.reason) == (None, "ply-limit")
    assert GAME.ply(after) == 300
    # A win on the 300th ply is still a win.
    state = position(["b2", "c3"], ["a1"], gutters={"G3": 1, "G2": 1}, ply=299)
    assert GAME.outcome(GAME.play(state, "c3-a1")).reason == "points"


# ---- notation, tokens, JSON, views --------------------------------------------------------
def test_notation_round_trip_and_errors():
    for text in ("e7-e4", "@c4", "x+e7-e4", "a1-i5"):
        assert GAME.format_move(GAME.parse_move(text)) == text
    with pytest.raises(IllegalMove):
        GAME.parse_move("a1-i1")  # not on a line
    assert GAME.parse_move("@c4") & PLACE and GAME.parse_move("x+e7-e4") & DISCARD
    for bad in ("", "e5", "e5-e5", "z1-e4", "a6-a5", "@j1", "@a6", "x+@c4", "e5-f7", "pass"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(bad)
    with pytest.raises(IllegalMove):
        GAME.play(GAME.initial_state(), "e5-e4")  # no ball there


def test_typed_notation_is_read_in_any_case():
    for typed, canonical in (("A3-A2", "a3-a2"), ("@C4", "@c4"), ("X+E7-E4", "x+e7-e4")):
        assert GAME.format_move(GAME.parse_move(typed)) == canonical


def test_move_tokens():
    assert GAME.move_tokens("e7-e4") == ("e7", "e4")
    assert GAME.move_tokens("@c4") == ("c4",)
    assert GAME.move_tokens("x+e7-e4") == ("discard", "e7", "e4")
    assert GAME.token_label("discard") != "discard"


def test_while_a_ball_is_displaced_every_action_sits_behind_discard():
    state = GAME.play(position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0}), "c2-f1")
    tokens = [GAME.move_tokens(t) for t in GAME.legal_move_strings(state)]
    assert len(set(tokens)) == len(tokens)
    assert {t[0] for t in tokens if len(t) > 1} == {"discard"}


def test_json_round_trip_with_history_and_displaced_ball():
    state = position(["f1", "e5"], ["c2", "d2", "e2", "a1"], to_move=1, gutters={"G1": 0})
    state = GAME.play(state, "a1-a2")
    state = GAME.play(state, "e5-e4")
    state = GAME.play(state, "c2-f1")
    data = GAME.to_json(state)
    assert data["displaced"] is True and data["history"] == ["a1-a2", "e5-e4", "c2-f1"]
    assert data["history_start"] == {"red": ["e5", "f1"], "yellow": ["a1", "c2", "d2", "e2"], "displaced": False}
    again = GAME.from_json(json.loads(json.dumps(data)))
    assert GAME.to_json(again) == data
    assert GAME.legal_move_strings(again) == GAME.legal_move_strings(state)
    broken = dict(data, history=["a1-a2", "e5-e6", "c2-f1"])
    with pytest.raises(ValueError):
        GAME.from_json(broken)


def test_player_view_and_previews():
    state = position(["d5", "e5", "f4", "g3"], ["h2", "i1"])
    view = GAME.player_view(state, 1)
    assert view["seat"] == 1 and view["to_move"] == 0 and view["ply"] == 0
    assert view["cells"]["e5"] == 0 and view["cells"]["h2"] == 1 and view["cells"]["a1"] is None
    assert len(view["cells"]) == 61 and len(view["gutters"]) == 12
    assert [g["value"] for g in view["gutters"]] == [1, 2, 3, 3, 2, 1, 1, 2, 3, 3, 2, 1]
    assert view["previews"]["e5-h2"] == {
        "direction": "NE",
        "moving": ["e5", "f4", "g3"],
        "pushed": ["h2", "i1"],
        "ejected": "i1",
        "gutter": "G2",
        "points": 2,
        "displaced": False,
    }
    assert view["previews"]["d5-d4"] == {
        "direction": "N",
        "moving": ["d5"],
        "pushed": [],
        "ejected": None,
        "gutter": None,
        "points": 0,
        "displaced": False,
    }
    assert set(view["previews"]) == set(view["legal"])
    assert GAME.visibility.sample_state(view, random.Random(0)).key() == state.key()
    # An ejection toward an occupied gutter is previewed as a displacement.
    view = GAME.player_view(position(["e2", "e3"], ["e1"], gutters={"G1": 0, "G12": 0}), 0)
    assert view["previews"]["e3-e1"]["displaced"] is True
    assert view["previews"]["e3-e1"]["points"] == 0


def test_describe():
    state = GAME.play(position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0}), "c2-f1")
    lines = GAME.position_in_words(GAME.player_view(state, None))
    text = "\n".join(lines)
    assert lines[0] == "Red to move."
    assert "Score: Red 0, Yellow 1" in text
    assert "Red has a displaced ball" in text
    assert "Gutter G1 (worth 1) holds a red ball." in text
    assert "Last move: c2-f1." in text
    over = GAME.play(position(["b2", "c3"], ["a1"], gutters={"G3": 1, "G2": 1}), "c3-a1")
    assert (
        GAME.position_in_words(GAME.player_view(over, 0))[0] == "Game over: Red won: first to 6 points (7 points to 0)."
    )


def _check_markup(svg: str):
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'class="board' in svg and 'role="group"' in svg and "viewBox" in svg and "aria-label" in svg
    assert "<script" not in svg and "style=" not in svg
    assert not re.search(r"\son[a-z]+=", svg)


def test_render_board_links_and_preview():
    state = position(["d5", "e5", "f4", "g3"], ["h2", "i1"])
    view = GAME.player_view(state, 0)
    ui = BoardUI(options={"e5": "/p?t=e5", "d5": "/p?t=d5"})
    svg = GAME.render_board(view, ui)
    _check_markup(svg)
    assert svg.count('class="opt"') == 2 and ui.unused_options() == []
    for letter in "abcdefghi":
        assert f">{letter}</text>" in svg
    # Tail selected: destinations on offer, with the ejection preview (+2 into G2).
    options = {m.split("-")[1]: "/x" for m in view["legal"] if m.startswith("e5-")}
    ui = BoardUI(options=options, selected=("e5",))
    svg = GAME.render_board(view, ui)
    _check_markup(svg)
    assert 'class="preview"' in svg and "+2" in svg
    assert ui.unused_options() == []


def test_render_displaced_ball_and_discard_button():
    state = GAME.play(position(["f1", "e5"], ["c2", "d2", "e2"], to_move=1, gutters={"G1": 0}), "c2-f1")
    view = GAME.player_view(state, 0)
    firsts = {GAME.move_tokens(m)[0] for m in view["legal"]}
    ui = BoardUI(options={t: f"/t/{t}" for t in firsts})
    svg = GAME.render_board(view, ui)
    _check_markup(svg)
    assert 'class="displaced"' in svg and "discard" in ui.used
    assert ui.unused_options() == []
    ui = BoardUI(options={"e5": "/t"}, selected=("discard",))
    _check_markup(GAME.render_board(view, ui))


# ---- the fast playout and the shared properties -------------------------------------------
def test_playout_replays_through_the_rules():
    """Every move of the fast playout is legal, chosen among exactly the legal moves, and the
    final state equals the one the public rules reach."""
    initial = GAME.initial_state()
    kinds = set()
    for seed in range(40):
        trace = []
        final, plies = GAME.random_playout(initial, random.Random(seed), trace)
        state = initial
        for move, count in trace:
            moves = GAME.legal_moves(state)
            assert count == len(moves) and move in moves
            kinds.add("place" if move & PLACE else "discard" if move & DISCARD else "line")
            state = GAME.apply_move(state, move)
        assert plies == len(trace)
        assert GAME.to_json(state) == GAME.to_json(final)
        assert GAME.outcome(state) == GAME.outcome(final)
    assert kinds == {"place", "discard", "line"}


def test_playout_from_a_finished_state():
    over = GAME.play(position(["b2", "c3"], ["a1"], gutters={"G3": 1, "G2": 1}), "c3-a1")
    assert GAME.random_playout(over, random.Random(0)) == (over, 0)


def test_cut_off_playout_stops_after_max_plies_on_a_position_the_rules_reach():
    initial = GAME.initial_state()
    for seed in range(20):
        trace = []
        final, plies = GAME.random_playout(initial, random.Random(seed), trace, max_plies=10)
        assert plies == len(trace) == 10 == GAME.ply(final)
        state = initial
        for move, _count in trace:
            state = GAME.apply_move(state, move)
        assert GAME.to_json(state) == GAME.to_json(final)
        assert GAME.outcome(final) is None and GAME.legal_moves(final) == GAME.legal_moves(state)


def test_bot_rollout_scores_a_finished_game_by_its_result():
    red_won = GAME.play(position(["b2", "c3"], ["a1", "e5"], gutters={"G3": 1, "G2": 1}), "c3-a1")
    assert GAME.outcome(red_won).winner == 0 and GAME.bot_rollout(red_won, random.Random(0)) == 1.0
    yellow_won = GAME.play(position(["a1", "e5"], ["b2", "c3"], to_move=1, gutters={"G3": 0, "G2": 0}), "c3-a1")
    assert GAME.outcome(yellow_won).winner == 1 and GAME.bot_rollout(yellow_won, random.Random(0)) == 0.0


def test_bot_rollout_favours_the_side_with_points_and_balls():
    """Red 5 points up with every ball against Yellow's 12: Red's value; the mirror image: Yellow's."""
    red_ahead = position(START_RED, START_YELLOW[:10], gutters={"G3": 1, "G2": 1})
    yellow_ahead = position(START_RED[:10], START_YELLOW, gutters={"G3": 0, "G2": 0})
    rng = random.Random(3)
    red_values = [GAME.bot_rollout(red_ahead, rng) for _ in range(50)]
    yellow_values = [GAME.bot_rollout(yellow_ahead, rng) for _ in range(50)]
    assert all(0.0 <= v <= 1.0 for v in red_values + yellow_values)
    assert sum(red_values) / 50 > 0.7 and sum(yellow_values) / 50 < 0.3


# ---- the replay protocol ------------------------------------------------------------------
def test_replay_protocol():
    status, lines = replay_cli("offboard", "h1-e1\n\nb1-b2\n")
    assert status == 0 and len(lines) == 3
    assert lines[0]["ply"] == 0 and lines[0]["to_move"] == 0 and len(lines[0]["legal"]) == 48
    assert lines[0]["legal"] == sorted(lines[0]["legal"]) and lines[0]["outcome"] is None
    assert lines[2]["ply"] == 2 and lines[2]["to_move"] == 0


def test_replay_illegal_and_bad_options():
    status, lines = replay_cli("offboard", "h1-e1\ne5-e4\nh1-h2\n")
    assert status == 2 and lines[-1] == {"ply": 1, "error": lines[-1]["error"]}
    assert "e5-e4" in lines[-1]["error"]
    status, lines = replay_cli("offboard", "nonsense\n")
    assert status == 2 and lines[-1]["ply"] == 0 and "error" in lines[-1]
    status, lines = replay_cli("offboard", "", '{"size": 9}')
    assert status == 2 and lines == [{"ply": 0, "error": lines[0]["error"]}]


def test_rules_page_says_what_it_must(client, db):
    text = rules_page_text(client, GAME.slug)
    for phrase in ["displaced ball", "gutter", "6 points"]:
        assert phrase in text, phrase
