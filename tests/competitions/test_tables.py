"""A division's table from the rows: what counts, the badges, the crosstable and fixtures, in fixed queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daymove.clocks.models import MatchClock, Vacation
from daymove.competitions import seasons
from daymove.competitions.clinch import Status
from daymove.competitions.models import Division, Entry, LeagueGame
from daymove.competitions.tables import division_table
from tests.support.leagues import a_series
from tests.support.seasons import many_players, register_all, result, two_divisions_of_four


@pytest.fixture
def bottom(db):
    """The bottom division (one promotion place) of a running season of two divisions of four."""
    _, (_, entries) = two_divisions_of_four(a_series())
    return entries


def points(table):
    return {line.player.pk: line.points for line in table.lines}


def test_results_count_forfeits_count_as_plus_and_minus_and_struck_games_are_left_out(bottom):
    a, b, c, d = bottom
    result(bottom, a, b, a)
    result(bottom, c, d, None)
    forfeit = result(bottom, a, c, None).league_game
    LeagueGame.objects.filter(pk=forfeit.pk).update(
        counted=LeagueGame.Counted.FORFEIT, forfeit_winner=forfeit.match.seat_of(c.player)
    )
    struck = result(bottom, b, d, b).league_game
    LeagueGame.objects.filter(pk=struck.pk).update(counted=LeagueGame.Counted.STRUCK)

    table = division_table(a.division)

    assert points(table) == {a.player_id: 1, b.player_id: 0, c.player_id: 1.5, d.player_id: 0.5}
    row = dict((line.player.pk, cells) for line, cells in table.crosstable)
    column = {line.player.pk: k for k, line in enumerate(table.lines)}
    assert [cell.score for cell in row[a.player_id][column[b.player_id]]] == ["1"]
    assert [cell.score for cell in row[b.player_id][column[a.player_id]]] == ["0"]
    assert [cell.score for cell in row[c.player_id][column[a.player_id]]] == ["+"]
    assert [cell.score for cell in row[a.player_id][column[c.player_id]]] == ["−"]
    assert [cell.score for cell in row[c.player_id][column[d.player_id]]] == ["½"]
    assert [(cell.score, cell.struck) for cell in row[b.player_id][column[d.player_id]]] == [(None, True)]
    assert row[a.player_id][column[a.player_id]] is None
    assert [line.player.pk for line in table.lines][0] == c.player_id


def test_a_pending_cell_shows_whose_move_and_the_deadline(bottom):
    a, b = bottom[0], bottom[1]
    table = division_table(a.division)
    column = {line.player.pk: k for k, line in enumerate(table.lines)}
    cells = dict((line.player.pk, cells) for line, cells in table.crosstable)[a.player_id][column[b.player_id]]
    (cell,) = cells
    clock = MatchClock.objects.get(match=cell.match)
    assert cell.score is None and cell.to_move == cell.match.players[cell.match.to_move]
    assert cell.deadline == clock.deadline_of(cell.match.to_move)


def test_fixtures_hold_every_game_by_round(bottom):
    table = division_table(bottom[0].division)
    assert list(table.fixtures) == [1, 2, 3]
    assert sum(len(games) for games in table.fixtures.values()) == 6


def test_badges_and_what_a_player_still_needs(bottom):
    a, b, c, d = bottom
    result(bottom, a, c, a)
    result(bottom, a, d, a)
    table = division_table(a.division)
    assert table.up == 1 and table.down == 0
    assert table.line_of(a.player).zone == "up"
    assert table.line_of(a.player).status == Status.IN_THE_RACE
    assert table.need_for(a.player) == "1 point from your 1 remaining game clinches promotion."
    result(bottom, a, b, a)
    table = division_table(a.division)
    assert table.line_of(a.player).status == Status.PROMOTED
    assert table.need_for(a.player) is None


def test_ties_are_explained_in_words(bottom):
    a, b, c, d = bottom
    result(bottom, a, b, a)
    result(bottom, c, d, c)
    Entry.objects.filter(pk=c.pk).update(rating_at_start=1600)
    table = division_table(a.division)
    assert [line.player.pk for line in table.lines[:2]] == [c.player_id, a.player_id]
    assert table.explanations[0] == (
        f"{c.player.username} above {a.player.username}: rating at the season's start 1600 against 1500"
    )
    assert len(table.explanations) == 2


def test_withdrawn_players_are_listed_last_and_players_away_are_marked(bottom):
    a, b = bottom[0], bottom[1]
    result(bottom, a, b, a)
    Entry.objects.filter(pk=a.pk).update(withdrawn_at=timezone.now(), withdrawal_reason="their choice")
    now = timezone.now()
    Vacation.objects.create(
        user=b.player,
        start_date=now.date(),
        end_date=now.date(),
        starts=now - timedelta(hours=1),
        ends=now + timedelta(hours=5),
    )
    table = division_table(a.division)
    assert table.lines[-1].player.pk == a.player_id and table.lines[-1].withdrawn
    assert table.lines[-1].status is None and table.lines[-1].zone == ""
    assert table.line_of(b.player).away and not table.line_of(bottom[2].player).away


@pytest.mark.django_db
def test_a_table_costs_the_same_queries_for_five_players_as_for_ten():
    costs = []
    for size, name in ((5, "Small league"), (10, "Large league")):
        series = a_series(name)
        register_all(series, many_players(size, prefix=f"p{size}-"))
        season = seasons.next_season(series)
        assert seasons.start_season(season)
        division = Division.objects.get(season=season)
        with CaptureQueriesContext(connection) as queries:
            table = division_table(division)
            [cell.deadline for _, cells in table.crosstable for games in cells if games for cell in games]
        costs.append(len(queries.captured_queries))
    assert costs[0] == costs[1] <= 5


def test_once_every_game_ended_the_tie_breaks_decide_the_badges(bottom):
    a, b, c, d = bottom
    for x, y, w in ((a, b, a), (a, c, c), (a, d, a), (b, c, b), (b, d, b), (c, d, None)):
        result(bottom, x, y, w)
    table = division_table(a.division)
    assert table.line_of(a.player).points == table.line_of(b.player).points == 2
    # a beat b (direct encounter): a takes the one promotion place, though equal on points.
    assert table.line_of(a.player).status == Status.PROMOTED
    assert {table.line_of(p.player).status for p in (b, c, d)} == {Status.SAFE}


@pytest.mark.django_db
def test_a_stored_draw_before_the_start_has_lines_without_badges():
    series = a_series()
    register_all(series, many_players(6))
    (division,) = seasons.draw_season(seasons.next_season(series))
    table = division_table(division)
    assert len(table.lines) == 6 and {line.status for line in table.lines} == {None}
    assert table.fixtures == {} and all(cells.count(None) == 1 for _, cells in table.crosstable)
