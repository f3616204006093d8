"""A season's life through the services: waiting, the draw, the start with every game at once, the close, the next."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daymove.clocks.models import MatchClock, Vacation
from daymove.competitions import seasons, signals, tasks
from daymove.competitions.models import Division, Entry, LeagueGame, Registration, Season
from daymove.errors import Refused
from daymove.notify.models import DEFAULT_REMINDER_HOURS
from daymove.outbox.models import Job
from daymove.play import signals as play_signals
from daymove.play.models import Match
from daymove.ratings.models import Rating
from tests.support.leagues import a_series
from tests.support.seasons import finish, many_players, register_all, result, two_divisions_of_four


@pytest.fixture
def heard():
    """Every league signal sent during the test, as (signal name, keyword arguments)."""
    got = []
    names = {
        "season_started": signals.season_started,
        "season_closed": signals.season_closed,
        "season_waiting": signals.season_waiting,
        "registration_closing": signals.registration_closing,
        "table_changed": signals.table_changed,
        "match_started": play_signals.match_started,
    }
    receivers = {}
    for name, signal in names.items():
        receivers[name] = lambda sender, name=name, **kwargs: got.append((name, kwargs))
        signal.connect(receivers[name], weak=False)
    yield got
    for name, signal in names.items():
        signal.disconnect(receivers[name])


@contextmanager
def muted(signal):
    """The signal reaches no receiver inside."""
    receivers, signal.receivers = signal.receivers, []
    signal.sender_receivers_cache.clear()
    try:
        yield
    finally:
        signal.receivers = receivers
        signal.sender_receivers_cache.clear()


def started(series, count, **registration):
    """A series' first season started with `count` fresh entrants; the season."""
    register_all(series, many_players(count), **registration)
    season = seasons.next_season(series)
    assert seasons.start_season(season)
    season.refresh_from_db()
    return season


def finish_all(season):
    """Every game of the season ends, won by the player who joined first: each table is strictly ordered."""
    for game in LeagueGame.objects.filter(division__season=season).select_related("match"):
        finish(game.match, 0 if game.match.player0_id < game.match.player1_id else 1)


@pytest.mark.django_db
def test_a_season_short_of_four_entrants_waits_and_says_once_for_how_many_more(heard):
    series = a_series()
    register_all(series, many_players(3))
    season = seasons.next_season(series)

    assert not seasons.start_season(season)
    assert not seasons.start_season(season)

    assert [(name, kw["missing"]) for name, kw in heard if name == "season_waiting"] == [("season_waiting", 1)]
    season.refresh_from_db()
    assert season.status == Season.Status.OPEN and not Match.objects.exists()
    register_all(series, many_players(1, prefix="late"))
    assert seasons.start_season(season)
    assert Season.objects.get(pk=season.pk).status == Season.Status.RUNNING


@pytest.mark.django_db
def test_a_start_creates_every_game_at_once_with_berger_seats_clocks_and_one_announcement(heard):
    series = a_series()
    season = started(series, 10)

    division = Division.objects.get(season=season)
    entries = list(division.entries.all())
    matches = list(Match.objects.filter(league_game__division=division))
    assert len(entries) == 10 and len(matches) == 45
    pairs = Counter(frozenset((m.player0_id, m.player1_id)) for m in matches)
    assert len(pairs) == 45 and set(pairs.values()) == {1}
    firsts = Counter(m.player0_id for m in matches)
    assert max(firsts[e.player_id] for e in entries) - min(firsts[e.player_id] for e in entries) <= 1
    assert MatchClock.objects.filter(match__in=matches, running_seat=0, deadline0__isnull=False).count() == 45
    assert all(m.is_active and m.rated == series.rated for m in matches)
    assert [name for name, _ in heard] == ["season_started"]
    assert season.closes_by == season.started_at + timedelta(weeks=12)
    assert Season.objects.get(series=series, number=2).status == Season.Status.OPEN


@pytest.mark.django_db
def test_a_double_round_robin_plays_each_pair_twice_with_seats_swapped():
    series = a_series(double_round_robin=True)
    season = started(series, 5)
    matches = list(Match.objects.filter(league_game__division__season=season))
    assert len(matches) == 20
    seats = Counter((m.player0_id, m.player1_id) for m in matches)
    assert set(seats.values()) == {1}
    assert all((b, a) in seats for a, b in seats)


@pytest.mark.django_db
def test_a_thousand_entrants_start_in_queries_that_do_not_grow_with_the_matches():
    series = a_series()
    register_all(series, many_players(1000))
    season = seasons.next_season(series)

    # What the start itself costs: the fan-out of its one announcement (emails, pushes) is the receivers' own.
    with muted(signals.season_started), CaptureQueriesContext(connection) as queries:
        assert seasons.start_season(season)

    count = Division.objects.filter(season=season).count()
    assert count == 125
    assert Entry.objects.filter(division__season=season).count() == 1000
    matches = Match.objects.filter(league_game__division__season=season).count()
    assert 3400 <= matches <= 3600
    assert MatchClock.objects.filter(match__league_game__division__season=season).count() == matches
    # Rows are written in bulk batches (as many rows as the database takes parameters in one statement): the
    # queries are a small multiple of the divisions, and one for many matches (first reminders included).
    assert len(queries.captured_queries) <= 2 * count
    assert len(queries.captured_queries) < matches / 10


@pytest.mark.django_db
def test_two_beats_at_once_start_a_due_season_once():
    series = a_series()
    register_all(series, many_players(6))
    season = seasons.next_season(series)
    late = season.starts_at + timedelta(minutes=1)
    assert tasks.start_due(late) == 1
    assert tasks.start_due(late) == 0
    assert seasons.start_season(season, late) is False
    assert Match.objects.count() == 15


@pytest.mark.django_db
def test_a_paused_series_starts_no_season():
    series = a_series(paused=True)
    register_all(series, many_players(6))
    season = seasons.next_season(series)
    assert tasks.start_due(season.starts_at + timedelta(minutes=1)) == 0


@pytest.mark.django_db
def test_the_registration_reminder_goes_once_three_days_before_and_again_after_a_postponement(heard):
    series = a_series()
    season = seasons.next_season(series)
    assert tasks.remind(season.starts_at - timedelta(days=4)) == 0
    assert tasks.remind(season.starts_at - timedelta(days=2)) == 1
    assert tasks.remind(season.starts_at - timedelta(days=1)) == 0
    seasons.postpone_season(season, season.starts_at + timedelta(days=7))
    assert tasks.remind(season.starts_at - timedelta(days=2)) == 1
    assert [name for name, _ in heard] == ["registration_closing", "registration_closing"]


@pytest.mark.django_db
def test_moving_players_in_a_stored_draw_is_kept_at_the_start():
    series = a_series()
    season, (top, bottom) = two_divisions_of_four(series)
    assert len(top) == len(bottom) == 4
    assert Match.objects.filter(league_game__division__season=season).count() == 12


@pytest.mark.django_db
def test_a_season_closing_at_twelve_weeks_keeps_the_players_a_running_game_could_still_move(heard):
    series = a_series()
    season, (top, bottom) = two_divisions_of_four(series)
    e, f, g, h = top
    for a, b, w in ((e, f, e), (e, g, e), (e, h, e), (f, g, f), (f, h, f), (g, h, g)):
        result(top, a, b, w)
    a, b, c, d = bottom
    for x, y, w in ((a, c, a), (a, d, a), (b, c, b), (b, d, b), (c, d, None)):
        result(bottom, x, y, w)
    running = Match.objects.get(league_game__division=a.division, status=Match.Status.ACTIVE)

    assert tasks.close_due(season.closes_by - timedelta(minutes=1)) == 0
    assert tasks.close_due(season.closes_by) == 1

    moved = {e.player_id: (e.final_place, e.movement) for e in Entry.objects.filter(division__season=season)}
    # Top division: h, last, goes down; the others stay.
    assert moved[h.player_id] == (4, Entry.Movement.DOWN)
    assert moved[e.player_id][1] == moved[f.player_id][1] == Entry.Movement.STAY
    # Bottom division: a and b still play each other for the one promotion place, so both stay.
    assert moved[a.player_id][1] == moved[b.player_id][1] == Entry.Movement.STAY
    assert Match.objects.get(pk=running.pk).is_active
    season.refresh_from_db()
    assert season.status == Season.Status.CLOSED
    following = Season.objects.get(series=series, number=2)
    assert following.status == Season.Status.OPEN and following.starts_at == season.closed_at + timedelta(weeks=1)
    names = [name for name, _ in heard]
    assert names.count("season_closed") == 1 and names.count("table_changed") == 2
    assert tasks.close_due(season.closes_by + timedelta(days=1)) == 0


@pytest.mark.django_db
def test_a_season_closes_once_its_last_game_ends():
    series = a_series()
    season = started(series, 4)
    assert tasks.close_due(season.started_at + timedelta(days=1)) == 0
    finish_all(season)
    assert tasks.close_due(season.started_at + timedelta(days=2)) == 1
    assert sorted(Entry.objects.filter(division__season=season).values_list("final_place", flat=True)) == [1, 2, 3, 4]


@pytest.mark.django_db
def test_once_is_consumed_recurring_carries_on_and_a_skipper_keeps_their_division_for_one_season():
    series = a_series()
    players = many_players(22)
    # The skipper is the best rated: the first season puts them in the top division.
    skipper, once = players[0], players[1]
    Rating.objects.create(user=skipper, game=series.game, rating=2200, deviation=60, updated=timezone.now())
    register_all(series, players[2:])
    register_all(series, [skipper])
    register_all(series, [once], mode=Registration.Mode.ONCE)
    first = seasons.next_season(series)
    assert seasons.start_season(first, first.starts_at)
    assert Entry.objects.get(division__season=first, player=skipper).division.index == 0
    assert not Registration.objects.filter(player=once).exists()
    Registration.objects.filter(player=skipper).update(mode=Registration.Mode.SKIP)
    finish_all(first)
    assert seasons.close_season(first, first.starts_at + timedelta(days=30))

    second = Season.objects.get(series=series, number=2)
    assert seasons.start_season(second, second.starts_at)
    assert not Entry.objects.filter(division__season=second, player__in=[skipper, once]).exists()
    assert Entry.objects.filter(division__season=second).count() == 20
    skip = Registration.objects.get(player=skipper)
    assert (skip.mode, skip.skipped_season) == (Registration.Mode.RECURRING, 2)
    finish_all(second)
    assert seasons.close_season(second, second.starts_at + timedelta(days=30))

    third = Season.objects.get(series=series, number=3)
    drawn = seasons.draw(third)
    assert skipper.pk in [e.player_id for e in drawn[0]]
    assert once.pk not in [e.player_id for group in drawn for e in group]
    assert sum(len(group) for group in drawn) == 21


@pytest.mark.django_db
def test_a_later_season_is_drawn_by_last_seasons_movement():
    series = a_series()
    season, (top, bottom) = two_divisions_of_four(series)
    for entries in (top, bottom):
        for x in range(4):
            for y in range(x + 1, 4):
                result(entries, entries[x], entries[y], entries[x])
    assert seasons.close_season(season, season.started_at + timedelta(days=40))
    moved = dict(Entry.objects.filter(division__season=season).values_list("player_id", "movement"))
    assert moved[bottom[0].player_id] == Entry.Movement.UP and moved[top[3].player_id] == Entry.Movement.DOWN

    following = Season.objects.get(series=series, number=2)
    # Eight players make one division next time; the draw ranks the promoted player above the relegated one.
    order = [e.player_id for e in seasons.draw(following)[0]]
    assert order.index(bottom[0].player_id) < order.index(top[3].player_id)


@pytest.mark.django_db
def test_a_bots_first_turn_is_queued_at_the_start(bot):
    series = a_series(bots_allowed=True)
    register_all(series, [bot])
    season = started(series, 4)
    bot_first = Match.objects.filter(league_game__division__season=season, player0=bot, to_move=0)
    assert bot_first.exists()
    assert Job.objects.filter(kind="bot_turn").count() == bot_first.count()


@pytest.mark.django_db
def test_the_first_turns_get_their_deadline_reminders_as_any_other_turn():
    series = a_series()
    season = started(series, 4)
    clocks = MatchClock.objects.filter(match__league_game__division__season=season).select_related("match")
    expected = {
        (clock.match_id, hours)
        for clock in clocks
        for hours in DEFAULT_REMINDER_HOURS
        if clock.deadline_of(clock.running_seat) - timedelta(hours=hours) > clock.turn_started
    }
    reminders = Job.objects.filter(kind="email", payload__kind="reminder")
    assert expected and {(job.payload["match"], job.payload["hours"]) for job in reminders} == expected


@pytest.mark.django_db
def test_a_player_who_withdrew_and_joins_again_is_drawn_as_a_newcomer():
    series = a_series()
    season, (top, bottom) = two_divisions_of_four(series)
    Entry.objects.filter(pk=top[0].pk).update(withdrawn_at=timezone.now(), withdrawal_reason="their choice")
    assert seasons.close_season(season, season.started_at + timedelta(days=40))
    assert Entry.objects.get(pk=top[0].pk).movement == ""
    drawn = [e.player_id for group in seasons.draw(Season.objects.get(series=series, number=2)) for e in group]
    assert sorted(drawn) == sorted(e.player_id for e in top + bottom)


@pytest.mark.django_db
def test_a_division_the_admin_emptied_is_removed_at_the_start():
    series = a_series()
    register_all(series, many_players(8))
    season = seasons.next_season(series)
    (first,) = seasons.draw_season(season)
    second = Division.objects.create(season=season, level=2, number=1, index=1)
    third = Division.objects.create(season=season, level=3, number=1, index=2)
    entries = list(first.entries.order_by("seat"))
    for entry in entries[4:]:
        seasons.move_before_start(entry, third)
    assert seasons.start_season(season)
    kept = list(Division.objects.filter(season=season).order_by("index"))
    assert [(d.pk, d.index) for d in kept] == [(first.pk, 0), (third.pk, 1)]
    assert not Division.objects.filter(pk=second.pk).exists()
    assert [d.entries.count() for d in kept] == [4, 4]


@pytest.mark.django_db
def test_no_player_moves_once_the_season_started():
    series = a_series()
    season, (top, bottom) = two_divisions_of_four(series)
    with pytest.raises(Refused):
        seasons.move_before_start(top[0], bottom[0].division)


@pytest.mark.django_db
def test_a_player_away_at_the_start_gets_first_deadlines_moved_past_their_vacation():
    series = a_series()
    players = many_players(4)
    register_all(series, players)
    season = seasons.next_season(series)
    away = players[0]
    start = season.starts_at
    Vacation.objects.create(
        user=away, start_date=start.date(), end_date=start.date(), starts=start, ends=start + timedelta(days=2)
    )
    assert seasons.start_season(season, start)
    clocks = MatchClock.objects.filter(match__league_game__division__season=season).select_related("match")
    budget = timedelta(days=3)  # the series' terms: 3 days a move
    assert {clock.match.players[clock.running_seat].pk for clock in clocks} >= {away.pk}
    for clock in clocks:
        deadline = clock.deadline_of(clock.running_seat)
        mover = clock.match.players[clock.running_seat].pk
        assert deadline == start + budget + (timedelta(days=2) if mover == away.pk else timedelta(0))
