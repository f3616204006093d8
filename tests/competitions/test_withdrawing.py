"""Withdrawing from a league season through the database: the rule on both sides of half the games finished, the
games ended through the round (aborted or forfeit, unrated), once only, by whom, on leaving the site, and taking a
withdrawal back only while it has ended no game."""

from __future__ import annotations

import pytest

from daymove.clocks.models import MatchClock
from daymove.competitions import signals, withdrawing
from daymove.competitions.models import LeagueGame, Season
from daymove.competitions.tables import division_table
from daymove.errors import Forbidden, Refused
from daymove.live.models import Notice
from daymove.live.notices import division_topic
from daymove.moderation.actions import close_account
from daymove.play import lookups
from daymove.play.models import Match
from daymove.players.accounts import delete_account
from daymove.ratings.models import RatingChange
from daymove.round import endings, leagues
from tests.factories import UserFactory
from tests.support.clocks import start
from tests.support.leagues import a_division, a_season, a_series, entry_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    return [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan", "eve")]


@pytest.fixture
def division(players):
    """Five players: four games each (one bye a round)."""
    return a_division(a_season(a_series(), status=Season.Status.RUNNING), players)


@pytest.fixture
def staff():
    return UserFactory(username="steward", is_staff=True)


@pytest.fixture
def withdrawals_sent():
    sent = []

    def receiver(sender, entry, reason, **kwargs):
        sent.append((entry.pk, reason))

    signals.entry_withdrawn.connect(receiver)
    yield sent
    signals.entry_withdrawn.disconnect(receiver)


def league_games(division, player) -> list[LeagueGame]:
    rows = LeagueGame.objects.filter(division=division).select_related("match").order_by("pk")
    return [g for g in rows if player in g.match.players]


def finish(game: LeagueGame, winner) -> None:
    """End the game, rated, with `winner` (a user) winning by resignation."""
    Match.objects.filter(pk=game.match_id).update(rated=True)
    match = lookups.get_match(game.match_id)
    endings.resign(match.pk, match.players[1 - match.seat_of(winner)])


def reload(game: LeagueGame) -> LeagueGame:
    return LeagueGame.objects.select_related("match").get(pk=game.pk)


def test_under_half_finished_every_game_is_struck_the_running_ones_aborted_unrated(division, players, staff):
    ann = players[0]
    done, *running = league_games(division, ann)  # 1 of 4 finished: under half
    finish(done, ann)
    assert leagues.withdraw(entry_of(division, ann), "Left for a long journey", by=staff)
    entry = entry_of(division, ann)
    assert entry.results_struck and entry.withdrawal_reason == "Left for a long journey"
    assert {reload(g).counted for g in [done, *running]} == {LeagueGame.Counted.STRUCK}
    assert RatingChange.objects.filter(match=done.match_id).count() == 2  # the finished game stays rated
    for game in running:
        match = reload(game).match
        assert match.status == Match.Status.ABORTED and match.result_reason == withdrawing.ABORTED_BY_WITHDRAWAL
        assert not RatingChange.objects.filter(match=match).exists()
        clock = MatchClock.objects.get(match=match)
        assert clock.running_seat is None and clock.due is None  # what any ending does: the clock stopped
    table = division_table(division)
    assert all(line.played == 0 for line in table.lines)  # nobody keeps points from ann's games
    assert table.line_of(ann).withdrawn


def test_with_half_finished_the_results_stand_and_the_running_games_are_forfeits(division, players, staff):
    ann = players[0]
    won, lost, *running = league_games(division, ann)  # 2 of 4 finished: half
    finish(won, ann)
    finish(lost, next(p for p in lost.match.players if p != ann))
    assert leagues.withdraw(entry_of(division, ann), "Asked the organisers", by=staff)
    assert not entry_of(division, ann).results_struck
    assert reload(won).counted == reload(lost).counted == LeagueGame.Counted.RESULT
    assert RatingChange.objects.filter(match__in=[won.match_id, lost.match_id]).count() == 4
    table = division_table(division)
    for game in running:
        game = reload(game)
        match, opponent = game.match, next(p for p in game.match.players if p != ann)
        assert game.counted == LeagueGame.Counted.FORFEIT and game.forfeit_winner == match.seat_of(opponent)
        assert match.status == Match.Status.FINISHED and match.winner == match.seat_of(opponent)
        assert match.result_reason == withdrawing.FORFEIT and not match.rated
        assert not RatingChange.objects.filter(match=match).exists()
        assert "withdrew from the league" in match.result_text()
        line = table.line_of(opponent)
        assert (line.played, line.won, line.points) == (1, 1, 1.0)  # the forfeit counts as a win: +
    ann_line = table.line_of(ann)
    assert (ann_line.played, ann_line.won, ann_line.lost, ann_line.points) == (4, 1, 3, 1.0)
    cells = {cell.score for _, row in table.crosstable for group in row if group for cell in group}
    assert {"+", "−"} <= cells


@pytest.mark.parametrize("finished", [0, 2], ids=["struck", "forfeits"])
def test_a_withdrawal_announces_its_table_once_however_many_games_it_ends(division, players, staff, finished):
    """The open division pages redraw once: one table_changed and one live notice, not one per game ended."""
    ann = players[0]
    for game in league_games(division, ann)[:finished]:
        finish(game, ann)
    tables = []

    def receiver(sender, division, **kwargs):
        tables.append(division.pk)

    signals.table_changed.connect(receiver)
    notices_before = Notice.objects.filter(topic=division_topic(division.pk)).count()
    try:
        assert leagues.withdraw(entry_of(division, ann), "Moving house", by=staff)
    finally:
        signals.table_changed.disconnect(receiver)
    reasons = [withdrawing.ABORTED_BY_WITHDRAWAL, withdrawing.FORFEIT]
    ended = Match.objects.filter(league_game__division=division, result_reason__in=reasons)
    assert ended.count() == 4 - finished >= 2  # several games ended, yet the table is announced once
    assert tables == [division.pk]
    assert Notice.objects.filter(topic=division_topic(division.pk)).count() == notices_before + 1


def test_withdrawing_twice_does_nothing_the_second_time(division, players, staff, withdrawals_sent):
    entry = entry_of(division, players[0])
    assert leagues.withdraw(entry, "First", by=staff)
    assert not leagues.withdraw(entry_of(division, players[0]), "Second", by=staff)
    assert entry_of(division, players[0]).withdrawal_reason == "First"
    assert withdrawals_sent == [(entry.pk, "First")]


def test_only_staff_withdraw_someone_else_and_always_with_a_reason(division, players):
    entry = entry_of(division, players[0])
    with pytest.raises(Forbidden):
        leagues.withdraw(entry, "Because", by=players[1])
    with pytest.raises(Refused):
        leagues.withdraw(entry, "   ", by=UserFactory(username="steward", is_staff=True))
    assert entry_of(division, players[0]).withdrawn_at is None


def test_a_player_withdraws_themselves_and_nobody_else(division, players, withdrawals_sent):
    ann, ben = players[0], players[1]
    with pytest.raises(Forbidden):
        leagues.withdraw_self(entry_of(division, ann), ben)
    assert leagues.withdraw_self(entry_of(division, ann), ann)
    assert withdrawals_sent == [(entry_of(division, ann).pk, withdrawing.OWN_CHOICE)]
    with pytest.raises(Refused, match="already withdrawn"):
        leagues.withdraw_self(entry_of(division, ann), ann)


def test_a_closed_season_cannot_be_withdrawn_from(division, players, staff):
    Season.objects.filter(pk=division.season_id).update(status=Season.Status.CLOSED)
    with pytest.raises(Refused, match="closed"):
        leagues.withdraw(entry_of(division, players[0]), "Too late", by=staff)


def test_deleting_the_account_withdraws_before_anything_is_resigned(division, players):
    ann = players[0]
    friendly = start(ann, UserFactory(username="zed"))
    delete_account(ann)
    entry = entry_of(division, ann)
    assert entry.withdrawal_reason == withdrawing.ACCOUNT_CLOSED and entry.results_struck
    for game in league_games(division, ann):
        assert reload(game).match.result_reason == withdrawing.ABORTED_BY_WITHDRAWAL  # not resigned: struck
    assert lookups.get_match(friendly.pk).result_reason == "resignation"


def test_a_ban_withdraws_with_the_rule_applied(division, players, staff):
    ann = players[0]
    first, second, *running = league_games(division, ann)
    finish(first, ann)
    finish(second, ann)
    close_account(ann, staff)
    entry = entry_of(division, ann)
    assert entry.withdrawal_reason == withdrawing.ACCOUNT_CLOSED and not entry.results_struck
    assert {reload(g).counted for g in running} == {LeagueGame.Counted.FORFEIT}


def test_a_withdrawal_that_ended_games_cannot_be_taken_back(division, players, staff):
    entry = entry_of(division, players[0])
    leagues.withdraw(entry, "By mistake", by=staff)
    with pytest.raises(Refused, match="cannot be resumed"):
        withdrawing.reinstate(entry, "It was a mistake", staff)
    assert entry_of(division, players[0]).withdrawn_at is not None


def test_a_withdrawal_that_ended_no_game_is_taken_back_by_the_staff(division, players, staff):
    ann = players[0]
    for game in league_games(division, ann):
        finish(game, ann)
    entry = entry_of(division, ann)
    leagues.withdraw(entry, "Clicked by mistake", by=staff)
    with pytest.raises(Forbidden):
        withdrawing.reinstate(entry, "Mine", players[1])
    withdrawing.reinstate(entry, "The player asked to stay", staff)
    entry = entry_of(division, ann)
    assert entry.withdrawn_at is None and entry.withdrawal_reason == "" and not entry.results_struck
    assert not division_table(division).line_of(ann).withdrawn
    with pytest.raises(Refused, match="has not withdrawn"):
        withdrawing.reinstate(entry, "Again", staff)
