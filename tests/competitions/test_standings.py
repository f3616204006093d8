"""Scores and tie-breaks on worked examples, each value computed by hand in the comments."""

from daymove.competitions.standings import Result, explain, explain_ties, standings

NAMES = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E", 6: "F"}
EVEN = {p: 1500 for p in NAMES}


def table(players, results, ratings=EVEN):
    return {line.player: line for line in standings(players, results, ratings)}


def test_sonneborn_berger_koya_and_wins_worked_by_hand():
    # A beats B, draws C, loses to D; B beats C and D; C beats D.
    results = [Result(1, 2, 1), Result(1, 3, 0.5), Result(1, 4, 0), Result(2, 3, 1), Result(2, 4, 1), Result(3, 4, 1)]
    lines = standings([1, 2, 3, 4], results, EVEN)
    by = {line.player: line for line in lines}
    # Points: A 1 + ½ + 0 = 1.5; B 0 + 1 + 1 = 2; C ½ + 0 + 1 = 1.5; D 1 + 0 + 0 = 1.
    assert [(line.player, line.points) for line in lines] == [(2, 2), (1, 1.5), (3, 1.5), (4, 1)]
    # A and C drew each other (direct encounter ½ each) and won one game each, so Sonneborn–Berger decides:
    # A beat B (2) and drew C (½ × 1.5) = 2.75; C beat D (1) and drew A (½ × 1.5) = 1.75.
    assert (by[1].direct_encounter, by[3].direct_encounter) == (0.5, 0.5)
    assert (by[1].won, by[3].won) == (1, 1)
    assert (by[1].sonneborn_berger, by[3].sonneborn_berger) == (2.75, 1.75)
    # B beat C (1.5) and D (1) = 2.5; D beat A (1.5) = 1.5.
    assert (by[2].sonneborn_berger, by[4].sonneborn_berger) == (2.5, 1.5)
    # Koya counts games against those on at least half of their 3 games (1.5): B, A and C, not D.
    # A: 1 (B) + ½ (C) = 1.5; B: 0 (A) + 1 (C) = 1; C: ½ (A) + 0 (B) = 0.5; D: 1 (A) + 0 + 0 = 1.
    assert [by[p].koya for p in (1, 2, 3, 4)] == [1.5, 1, 0.5, 1]
    assert [(line.won, line.drawn, line.lost) for line in lines] == [(2, 0, 1), (1, 1, 1), (1, 1, 1), (1, 0, 2)]
    assert [line.place for line in lines] == [1, 2, 3, 4]
    assert explain(lines[1], lines[2], NAMES) == "A above C: Sonneborn–Berger 2.75 against 1.75"
    assert explain(lines[0], lines[1], NAMES) == "B above A: points 2 against 1.5"
    # The page explains only neighbours on the same points: A and C.
    assert explain_ties(lines, NAMES) == ["A above C: Sonneborn–Berger 2.75 against 1.75"]


def test_direct_encounter_comes_first():
    # A beats B and D, loses to C: 2. B beats C and D, loses to A: 2. C beats A only: 1. D beats C only: 1.
    results = [Result(1, 2, 1), Result(1, 3, 0), Result(1, 4, 1), Result(2, 3, 1), Result(2, 4, 1), Result(3, 4, 0)]
    lines = standings([1, 2, 3, 4], results, EVEN)
    assert [line.player for line in lines] == [1, 2, 4, 3]
    # A beat B: direct encounter A 1, B 0. D beat C: D 1, C 0.
    assert explain(lines[0], lines[1], NAMES) == "A above B: direct encounter 1 against 0"
    assert explain(lines[2], lines[3], NAMES) == "D above C: direct encounter 1 against 0"


def test_direct_encounter_overrules_a_better_sonneborn_berger():
    results = [
        Result(2, 3, 1),  # B beats C
        Result(1, 2, 1),  # A beats B
        Result(2, 4, 1),  # B beats D
        Result(2, 5, 0),  # E beats B
        Result(3, 1, 1),  # C beats A
        Result(3, 4, 0),  # D beats C
        Result(3, 5, 1),  # C beats E
        Result(1, 4, 1),  # A beats D
        Result(1, 5, 1),  # A beats E
        Result(4, 5, 0.5),  # D and E draw
    ]
    by = table([1, 2, 3, 4, 5], results)
    # Points: A 3 (B, D, E); B 2 (C, D); C 2 (A, E); D 1.5 (C, ½ E); E 1.5 (B, ½ D).
    assert [by[p].points for p in range(1, 6)] == [3, 2, 2, 1.5, 1.5]
    # B and C on 2. Sonneborn–Berger: B = C 2 + D 1.5 = 3.5; C = A 3 + E 1.5 = 4.5. But B beat C.
    assert (by[2].sonneborn_berger, by[3].sonneborn_berger) == (3.5, 4.5)
    assert (by[2].direct_encounter, by[3].direct_encounter) == (1, 0)
    assert (by[2].place, by[3].place) == (2, 3)
    assert explain(by[2], by[3], NAMES) == "B above C: direct encounter 1 against 0"


def test_number_of_wins_decides_after_a_drawn_direct_encounter():
    # A: draws B, beats C, loses to D = 1.5 with 1 win. B: draws A, C and D = 1.5 with no win.
    results = [
        Result(1, 2, 0.5),
        Result(1, 3, 1),
        Result(1, 4, 0),
        Result(2, 3, 0.5),
        Result(2, 4, 0.5),
        Result(3, 4, 0),
    ]
    lines = standings([1, 2, 3, 4], results, EVEN)
    by = {line.player: line for line in lines}
    assert (by[1].points, by[2].points) == (1.5, 1.5)
    assert (by[1].direct_encounter, by[2].direct_encounter) == (0.5, 0.5)
    assert explain(by[1], by[2], NAMES) == "A above B: wins 1 against 0"


def test_koya_decides_when_sonneborn_berger_is_equal():
    # Six players, one game (A–E) not yet played:
    # A–B ½, A–C 0, A–D ½, A–F 1, B–C 0, B–D 1, B–E 0, B–F ½, C–D ½, C–E 1, C–F 0, D–E ½, D–F 1, E–F 0.
    r = Result
    results = [r(1, 2, 0.5), r(1, 3, 0), r(1, 4, 0.5), r(1, 6, 1), r(2, 3, 0), r(2, 4, 1), r(2, 5, 0)]
    results += [r(2, 6, 0.5), r(3, 4, 0.5), r(3, 5, 1), r(3, 6, 0), r(4, 5, 0.5), r(4, 6, 1), r(5, 6, 0)]
    by = table([1, 2, 3, 4, 5, 6], results)
    # Points (games): A 2 (4), B 2 (5), C 3.5 (5), D 2.5 (5), E 1.5 (4), F 2.5 (5).
    assert [by[p].points for p in range(1, 7)] == [2, 2, 3.5, 2.5, 1.5, 2.5]
    # A and B: drew each other, one win each (A over F, B over D).
    assert (by[1].direct_encounter, by[2].direct_encounter, by[1].won, by[2].won) == (0.5, 0.5, 1, 1)
    # Sonneborn–Berger: A = ½×2 (B) + ½×2.5 (D) + 1×2.5 (F) = 4.75; B = ½×2 (A) + 1×2.5 (D) + ½×2.5 (F) = 4.75.
    assert by[1].sonneborn_berger == by[2].sonneborn_berger == 4.75
    # At least half of their games: A (2 of 4), C, D, F; not B (2 of 5) nor E (1.5 of 4).
    # Koya: A = 0 (C) + ½ (D) + 1 (F) = 1.5; B = ½ (A) + 0 (C) + 1 (D) + ½ (F) = 2.
    assert (by[1].koya, by[2].koya) == (1.5, 2)
    assert explain(by[2], by[1], NAMES) == "B above A: Koya 2 against 1.5"
    assert by[2].place < by[1].place


def test_rating_at_the_start_is_the_last_tie_break_and_equals_share_a_place():
    drawn = [Result(1, 2, 0.5)]
    lines = standings([1, 2], drawn, {1: 1400, 2: 1512.5})
    assert [line.player for line in lines] == [2, 1]
    assert explain(lines[0], lines[1], NAMES) == "B above A: rating at the season's start 1512.5 against 1400"
    shared = standings([1, 2], drawn, {1: 1500, 2: 1500})
    assert [line.place for line in shared] == [1, 1]
    assert explain(shared[0], shared[1], NAMES) == "A and B share the place: equal on points and every tie-break"


def test_forfeits_count_as_the_win_or_loss_they_stand_for():
    lines = standings([1, 2], [Result(1, 2, 1, forfeit=True)], EVEN)
    assert [(line.player, line.points, line.won, line.lost) for line in lines] == [(1, 1, 1, 0), (2, 0, 0, 1)]
