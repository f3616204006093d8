"""The division badges and "what you still need" agree with trying every remaining result."""

from itertools import combinations, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daymove.competitions.clinch import Goal, Need, Status, need_in_words, statuses, still_needed
from daymove.competitions.divisions import Finisher, Move, movement_places, table_moves
from daymove.competitions.standings import Result, standings


def completions(points, remaining):
    """Every way the remaining games can end: the final points and the results that give them."""
    for outcome in product((1.0, 0.5, 0.0), repeat=len(remaining)):
        final = dict(points)
        for (a, b), score in zip(remaining, outcome, strict=True):
            final[a] += score
            final[b] += 1 - score
        yield final, [Result(a, b, s) for (a, b), s in zip(remaining, outcome, strict=True)]


def final_points(points, remaining):
    return [final for final, _ in completions(points, remaining)]


def brute_force_status(player, finals, up, down):
    """The badge by definition: certain whatever the results and however ties are broken."""
    size = len(finals[0])

    def at_or_above(final):
        return sum(1 for q in final if q != player and final[q] >= final[player])

    def strictly_above(final):
        return sum(1 for q in final if q != player and final[q] > final[player])

    if up and all(at_or_above(f) < up for f in finals):
        return Status.PROMOTED
    if down and all(strictly_above(f) >= size - down for f in finals):
        return Status.RELEGATED
    cannot_rise = not up or all(strictly_above(f) >= up for f in finals)
    cannot_fall = not down or all(at_or_above(f) < size - down for f in finals)
    return Status.SAFE if cannot_rise and cannot_fall else Status.IN_THE_RACE


@st.composite
def divisions(draw, most_left=6):
    """A division of 3 to 6 players part way through, with a few games left, and its place in the series."""
    size = draw(st.integers(3, 6))
    pairs = list(combinations(range(1, size + 1), 2))
    left = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=most_left))
    finished = [Result(a, b, draw(st.sampled_from((1.0, 0.5, 0.0)))) for a, b in pairs if (a, b) not in left]
    index, count = draw(st.sampled_from(((0, 1), (0, 3), (1, 3), (2, 3))))
    return size, finished, left, index, count


def zones(size, index, count):
    places = movement_places(size)
    return (places if index > 0 else 0), (places if index < count - 1 else 0)


def points_of(size, finished):
    points = {p: 0.0 for p in range(1, size + 1)}
    for r in finished:
        points[r.first] += r.score
        points[r.second] += 1 - r.score
    return points


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(divisions())
def test_badges_agree_with_brute_force(division):
    size, finished, left, index, count = division
    up, down = zones(size, index, count)
    points = points_of(size, finished)
    finals = final_points(points, left)
    assert statuses(points, left, up, down) == {p: brute_force_status(p, finals, up, down) for p in points}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(divisions(most_left=5))
def test_a_certain_badge_holds_in_every_final_table_tie_breaks_included(division):
    size, finished, left, index, count = division
    up, down = zones(size, index, count)
    got = statuses(points_of(size, finished), left, up, down)
    expected = {Status.PROMOTED: Move.UP, Status.RELEGATED: Move.DOWN, Status.SAFE: Move.STAY}
    for _, results in completions(points_of(size, finished), left):
        lines = standings(range(1, size + 1), finished + results, {p: 1500 for p in range(1, size + 1)})
        moves = table_moves([Finisher(line.player, line.place) for line in lines], index, count)
        for player, badge in got.items():
            if badge in expected:
                assert moves[player] is expected[badge]


def brute_force_need(player, goal, points, remaining, up, down):
    """The fewest points that clinch the goal whichever results of the player's games give them."""
    own = [g for g in remaining if player in g]
    rest = [g for g in remaining if player not in g]
    places = up if goal is Goal.PROMOTION else len(points) - down
    for needed in range(2 * len(own) + 1):
        ok = True
        for outcome in product((1.0, 0.5, 0.0), repeat=len(own)):
            if 2 * sum(outcome) < needed:
                continue
            after = dict(points)
            for (a, b), score in zip(own, outcome, strict=True):
                after[player] += score
                after[b if a == player else a] += 1 - score
            # Certain: in every completion fewer than `places` others end on at least the player's points.
            ok &= all(
                sum(1 for q in f if q != player and f[q] >= f[player]) < places for f in final_points(after, rest)
            )
        if ok:
            return needed / 2
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(divisions(), st.data())
def test_what_you_still_need_agrees_with_brute_force(division, data):
    size, finished, left, index, count = division
    up, down = zones(size, index, count)
    goals = [g for g, zone in ((Goal.PROMOTION, up), (Goal.SAFETY, down)) if zone]
    if not goals:
        return
    goal = data.draw(st.sampled_from(goals))
    player = data.draw(st.integers(1, size))
    points = points_of(size, finished)
    need = still_needed(player, goal, points, left, up, down)
    assert need.points == brute_force_need(player, goal, points, left, up, down)
    assert need.remaining == sum(1 for g in left if player in g)


def test_worked_example_of_what_you_still_need():
    # Four players in a middle division (1 up, 1 down). A has 2, B 1.5, C 0.5, D 0 after three games;
    # left: A–C, A–D, B–D. With 1 point more A has 3; B can reach 2.5 at most (beating D) and C 1.5 at most
    # (beating A). With only ½ (say a draw with D), A has 2.5 and B can reach 2.5 too: not yet certain.
    points = {1: 2.0, 2: 1.5, 3: 0.5, 4: 0.0}
    left = [(1, 3), (1, 4), (2, 4)]
    need = still_needed(1, Goal.PROMOTION, points, left, up=1, down=1)
    assert need == Need(Goal.PROMOTION, 1, 2)
    assert need_in_words(need) == "1 point from your 2 remaining games clinches promotion."
    # D has 0 and two games left: 2 points give D 2, while C can reach 1.5 at most (beating A). With 1.5
    # (a win and a draw) D has 1.5: C could tie on 1.5, so not certain.
    assert still_needed(4, Goal.SAFETY, points, left, up=1, down=1) == Need(Goal.SAFETY, 2, 2)
    # C has 0.5 and one game left: winning it gives C 1.5, but D can still reach 2 by winning both of theirs.
    assert need_in_words(still_needed(3, Goal.SAFETY, points, left, up=1, down=1)) == (
        "Winning your remaining game does not clinch safety: it also depends on other results."
    )
    assert need_in_words(Need(Goal.PROMOTION, 0, 3)) == "Promotion is clinched."
    assert need_in_words(Need(Goal.SAFETY, 2.5, 3)) == "2.5 points from your 3 remaining games clinch safety."
