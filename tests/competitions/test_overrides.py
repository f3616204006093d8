"""The staff overriding a finished league game's result with a reason: re-rated, marked on the table, refused where
the game has no result of its own."""

from __future__ import annotations

import pytest

from daymove.competitions.models import LeagueGame, Season
from daymove.competitions.overrides import override_result
from daymove.competitions.tables import division_table
from daymove.errors import Forbidden, Refused
from daymove.play import lookups
from daymove.play.models import Match
from daymove.ratings import glicko2
from daymove.ratings.models import Rating, RatingChange
from daymove.round import endings, leagues
from daymove.round.timeouts import apply_timeout
from tests.factories import UserFactory
from tests.support.clocks import play_one
from tests.support.leagues import a_division, a_season, a_series, entry_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return UserFactory(username="steward", is_staff=True)


@pytest.fixture
def game():
    """A rated league game between ann and ben in a division of four (three games each)."""
    players = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]
    division = a_division(a_season(a_series(), status=Season.Status.RUNNING), players)
    game = next(g for g in LeagueGame.objects.filter(division=division) if {*g.match.players} == {*players[:2]})
    Match.objects.filter(pk=game.match_id).update(rated=True)
    return game


def test_an_overridden_result_is_rerated_and_marked_on_the_table(game, staff):
    match = lookups.get_match(game.match_id)
    winner, loser = match.players
    endings.resign(match.pk, loser)
    game = override_result(game, 1, "The win was by a rules bug, confirmed by the referee", staff)
    match = lookups.get_match(match.pk)
    assert match.winner == 1 and match.result_note.startswith("The win was by a rules bug")
    assert match.result_text() == f"{loser.username} won: result declared by a moderator"
    after_win, after_loss = glicko2.game(glicko2.Glicko(), glicko2.Glicko(), 1)
    assert Rating.objects.get(user=loser, game=match.game).rating == pytest.approx(after_win.rating)
    assert Rating.objects.get(user=winner, game=match.game).rating == pytest.approx(after_loss.rating)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert LeagueGame.objects.get(pk=game.pk).override_note == match.result_note
    table = division_table(game.division)
    assert table.line_of(loser).points == 1 and table.line_of(winner).points == 0


def test_a_result_overridden_to_a_draw(game, staff):
    match = lookups.get_match(game.match_id)
    endings.resign(match.pk, match.players[0])
    override_result(game, None, "Both players agreed a draw by email before the resignation", staff)
    table = division_table(game.division)
    assert [table.line_of(p).points for p in match.players] == [0.5, 0.5]


def test_an_overridden_timeout_no_longer_counts_against_the_player(game, staff):
    match = play_one(play_one(lookups.get_match(game.match_id)))
    late = match.players[match.to_move]
    apply_timeout(match.pk, match.ply, match.to_move)
    assert entry_of(game.division, late).timeouts == 1
    override_result(game, match.to_move, "The site's mail was down for two days", staff)
    assert entry_of(game.division, late).timeouts == 0


def test_only_staff_override_with_a_reason_a_finished_game_that_counts_as_played(game, staff):
    match = lookups.get_match(game.match_id)
    with pytest.raises(Refused, match="finished"):
        override_result(game, 0, "Too early", staff)
    endings.resign(match.pk, match.players[1])
    with pytest.raises(Forbidden):
        override_result(game, 1, "I say so", match.players[1])
    with pytest.raises(Refused, match="reason"):
        override_result(game, 1, "  ", staff)
    with pytest.raises(Refused, match="already has that result"):
        override_result(game, 0, "Same again", staff)
    with pytest.raises(Refused):
        override_result(game, 2, "No such seat", staff)
    leagues.withdraw(entry_of(game.division, match.players[0]), "Left", by=staff)  # 1 of 3 finished: struck
    with pytest.raises(Refused, match="withdrew"):
        override_result(game, 1, "After the withdrawal", staff)
    assert lookups.get_match(match.pk).winner == 0
