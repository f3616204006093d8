"""Clocks: time controls, deadlines, time banks, vacations, timeouts and the calendar feed (with time travel)."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from daymove.clocks import calendar, vacations
from daymove.clocks.models import CalendarFeed, ChallengeClock, MatchClock, Vacation
from daymove.clocks.timeouts import overdue
from daymove.clocks.timing import deadline_after, running_time
from daymove.errors import Conflict, Refused
from daymove.play.models import Challenge, Match
from daymove.round import challenges, endings, moves
from daymove.round.timeouts import apply_timeout, sweep_timeouts
from tests.factories import MatchFactory, UserFactory
from tests.support.clocks import DAY, PER_MOVE_3, T0, play_one, set_zone, start


def clock_of(match) -> MatchClock:
    return MatchClock.objects.get(match=match)


# ---- pure arithmetic --------------------------------------------------------------------------
def test_deadline_without_time_away_is_start_plus_budget():
    assert deadline_after(T0, 3 * DAY, []) == T0 + 3 * DAY


def test_time_away_inside_the_turn_moves_the_deadline_by_its_length():
    away = [(T0 + DAY, T0 + 2 * DAY)]
    assert deadline_after(T0, 3 * DAY, away) == T0 + 4 * DAY
    assert running_time(T0, T0 + 4 * DAY, away) == 3 * DAY


def test_a_turn_starting_while_away_starts_counting_at_the_return():
    away = [(T0 - DAY, T0 + 2 * DAY)]
    assert deadline_after(T0, 3 * DAY, away) == T0 + 5 * DAY
    assert running_time(T0, T0 + DAY, away) == timedelta(0)


def test_time_away_after_the_deadline_or_overlapping_twice_counts_once():
    assert deadline_after(T0, DAY, [(T0 + 2 * DAY, T0 + 3 * DAY)]) == T0 + DAY
    overlapping = [(T0 + DAY, T0 + 3 * DAY), (T0 + 2 * DAY, T0 + 4 * DAY)]
    assert deadline_after(T0, 2 * DAY, overlapping) == T0 + 5 * DAY
    assert running_time(T0, T0 + 5 * DAY, overlapping) == 2 * DAY


# ---- time controls and deadlines --------------------------------------------------------------
@pytest.mark.parametrize("days", [1, 2, 3, 5, 7, 14])
def test_days_per_move_deadline_follows_each_turn(alice, bob, days):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": days})
        clock = clock_of(match)
        assert (clock.deadline0, clock.deadline1) == (T0 + days * DAY, None)
        traveller.shift(timedelta(hours=5))
        play_one(match)
        clock = clock_of(match)
        assert (clock.deadline0, clock.deadline1) == (None, T0 + timedelta(hours=5) + days * DAY)


def test_default_time_control_is_three_days_per_move(alice, bob):
    with time_machine.travel(T0, tick=False):
        match = start(alice, bob)
    assert str(clock_of(match)) == "3 days per move"
    assert clock_of(match).deadline0 == T0 + 3 * DAY


def test_time_bank_charges_the_time_used_adds_the_increment_and_keeps_the_cap(alice, bob):
    terms = {"kind": "bank", "initial": 5, "increment": 1, "cap": 5}
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, terms)
        assert clock_of(match).deadline0 == T0 + 5 * DAY
        traveller.shift(2 * DAY)
        play_one(match)  # alice used 2 of 5 days, gets 1 back: 4
        clock = clock_of(match)
        assert clock.bank0 == 4 * DAY and clock.deadline1 == T0 + 2 * DAY + 5 * DAY
        traveller.shift(timedelta(minutes=10))
        play_one(match)  # bob used 10 minutes of 5 days and gets 1 back, but the cap is 5
        clock = clock_of(match)
        assert clock.bank1 == 5 * DAY
        assert clock.deadline0 == T0 + 2 * DAY + timedelta(minutes=10) + 4 * DAY


def test_bad_time_controls_are_refused_and_nothing_is_created(alice, bob):
    for terms in [
        {"kind": "per_move", "days": 4},
        {"kind": "bank", "initial": 5, "increment": 1, "cap": 3},
        {"kind": "bank", "initial": 0, "increment": 1, "cap": 3},
        {"kind": "hourglass"},
    ]:
        with pytest.raises(Refused):
            challenges.create_challenge(alice, "abande", {}, "bob", rated=False, time_control=terms)
    assert not Challenge.objects.exists() and not ChallengeClock.objects.exists()


def test_a_match_made_without_a_challenge_gets_the_default_clock_at_its_first_move(alice, bob):
    with time_machine.travel(T0, tick=False):
        match = play_one(MatchFactory(player0=alice, player1=bob))
    assert clock_of(match).deadline1 == T0 + 3 * DAY


def test_bots_get_no_deadline_and_the_clock_stops_at_the_end(alice, bot):
    with time_machine.travel(T0, tick=False):
        challenge = challenges.create_challenge(alice, "abande", {}, bot.username, creator_seat=1, rated=False)
    clock = clock_of(challenge.match)
    assert (clock.running_seat, clock.deadline0, clock.deadline1) == (0, None, None)  # the bot moves first
    endings.resign(challenge.match.pk, alice)
    clock = clock_of(challenge.match)
    assert (clock.running_seat, clock.deadline0, clock.deadline1) == (None, None, None)


# ---- vacations --------------------------------------------------------------------------------
def test_vacation_booked_in_advance_stops_the_clock_in_the_players_own_days(alice, bob):
    set_zone(alice, "Asia/Tokyo")  # UTC+9: her 4 March starts at 3 March 15:00 UTC
    with time_machine.travel(T0, tick=False):
        vacations.book_vacation(alice, date(2026, 3, 4), date(2026, 3, 4))
        match = start(alice, bob, {"kind": "per_move", "days": 3})
    assert clock_of(match).deadline0 == T0 + 4 * DAY


def test_vacation_booked_later_moves_running_deadlines_and_cancelling_restores_them(alice, bob, carol):
    with time_machine.travel(T0, tick=False) as traveller:
        first = start(alice, bob, PER_MOVE_3)
        second = start(carol, alice, PER_MOVE_3, seat=1)  # alice (seat 0) moves first here too
        third = start(bob, alice, PER_MOVE_3, seat=0)  # bob to move: alice's clock does not run
        traveller.shift(timedelta(hours=1))
        vacation = vacations.book_vacation(alice, date(2026, 3, 3), date(2026, 3, 4))  # two whole UTC days
        assert clock_of(first).deadline0 == T0 + 5 * DAY
        assert clock_of(second).deadline0 == T0 + 5 * DAY
        assert clock_of(third).deadline0 == T0 + 3 * DAY  # bob's deadline is not alice's vacation
        vacations.cancel_vacation(alice, vacation.pk)
        assert clock_of(first).deadline0 == T0 + 3 * DAY
        assert not Vacation.objects.exists()


def test_a_vacation_starting_today_starts_now_and_cannot_rescue_a_past_deadline(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        traveller.shift(DAY + timedelta(hours=1))  # an hour past the deadline, same UTC day as it
        vacations.book_vacation(alice, date(2026, 3, 3), date(2026, 3, 5))
        assert clock_of(match).deadline0 == T0 + DAY
        assert sweep_timeouts() == 1


def test_ending_a_vacation_early_restarts_the_clock_from_now(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        vacation = vacations.book_vacation(alice, date(2026, 3, 2), date(2026, 3, 6))  # starts now (noon)
        match = start(alice, bob, PER_MOVE_3)
        assert clock_of(match).deadline0 == datetime(2026, 3, 7, tzinfo=UTC) + 3 * DAY
        traveller.shift(DAY)
        vacations.cancel_vacation(alice, vacation.pk)
        assert clock_of(match).deadline0 == T0 + DAY + 3 * DAY
        assert Vacation.objects.get().end_date == date(2026, 3, 3)


def test_the_next_movers_vacation_moves_the_deadline_a_move_starts(alice, bob):
    with time_machine.travel(T0, tick=False):
        match = start(alice, bob, {"kind": "per_move", "days": 3})
        vacations.book_vacation(bob, date(2026, 3, 4), date(2026, 3, 5))  # two of his three days away
        play_one(match)  # alice moves: bob's turn starts
    assert clock_of(match).deadline1 == T0 + 5 * DAY


def test_time_bank_is_not_charged_for_time_away(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        vacations.book_vacation(alice, date(2026, 3, 3), date(2026, 3, 3))
        match = start(alice, bob, {"kind": "bank", "initial": 5, "increment": 0, "cap": 5})
        traveller.shift(3 * DAY)  # three days passed, one of them away
        play_one(match)
    assert clock_of(match).bank0 == 3 * DAY


def test_vacation_rules_allowance_past_and_overlap(alice, settings):
    settings.DAYMOVE_VACATION_DAYS_PER_YEAR = 10
    with time_machine.travel(T0, tick=False):
        with pytest.raises(Refused, match="past"):
            vacations.book_vacation(alice, date(2026, 3, 1), date(2026, 3, 3))
        with pytest.raises(Refused, match="before the first"):
            vacations.book_vacation(alice, date(2026, 3, 5), date(2026, 3, 3))
        vacations.book_vacation(alice, date(2026, 4, 1), date(2026, 4, 7))
        assert vacations.days_left(alice) == 3
        with pytest.raises(Refused, match="already have a vacation"):
            vacations.book_vacation(alice, date(2026, 4, 7), date(2026, 4, 8))
        with pytest.raises(Refused, match="3 of your 10 days left"):
            vacations.book_vacation(alice, date(2026, 5, 1), date(2026, 5, 4))
        # Days are counted in the year they fall in: 2 in 2026, 3 in 2027.
        vacations.book_vacation(alice, date(2026, 12, 30), date(2027, 1, 3))
        assert (vacations.days_used(alice, 2026), vacations.days_used(alice, 2027)) == (9, 3)


def test_someone_elses_vacation_cannot_be_cancelled(alice, bob):
    with time_machine.travel(T0, tick=False):
        vacation = vacations.book_vacation(alice, date(2026, 4, 1), date(2026, 4, 2))
        client = Client()
        client.force_login(bob)
        response = client.post(reverse("cancel_vacation", args=[vacation.pk]))
    assert response.status_code == 404
    assert Vacation.objects.filter(pk=vacation.pk).exists()


def test_vacation_booking_page_round_trip(alice):
    client = Client()
    client.force_login(alice)
    with time_machine.travel(T0, tick=False):
        response = client.post(reverse("book_vacation"), {"start": "2026-04-01", "end": "2026-04-05"}, follow=True)
        page = response.content.decode()
        assert "Vacation booked: 5 days away" in page and "25 left in 2026" in page
        response = client.post(reverse("book_vacation"), {"start": "2026-04-03", "end": "x"}, follow=True)
        assert "as dates" in response.content.decode()
    assert Vacation.objects.count() == 1


def test_opponents_see_away_until_on_the_match_page_and_the_challenge_form(alice, bob):
    with time_machine.travel(T0, tick=False):
        match = start(alice, bob, PER_MOVE_3)
        vacations.book_vacation(bob, date(2026, 3, 2), date(2026, 3, 9))
        client = Client()
        client.force_login(alice)
        page = client.get(match.get_absolute_url()).content.decode()
        assert "bob is away until Mon 9 Mar 2026" in page
        form = client.get(reverse("new_challenge", args=["abande"]) + "?opponent=bob").content.decode()
        assert "bob is away at the moment" in form and "9 Mar" not in form  # dates: only to opponents in a match
        assert "away" not in client.get(reverse("new_challenge", args=["abande"])).content.decode()


# ---- timeouts ---------------------------------------------------------------------------------
def test_a_player_who_never_moved_times_out_into_an_aborted_match(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        traveller.shift(DAY - timedelta(seconds=1))
        assert sweep_timeouts() == 0
        traveller.shift(timedelta(seconds=2))
        assert sweep_timeouts() == 1
    match.refresh_from_db()
    assert (match.status, match.result_reason, match.winner) == (Match.Status.ABORTED, "aborted", None)
    assert clock_of(match).due is None


def test_a_player_who_has_moved_loses_on_time(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        play_one(match)
        play_one(match)  # alice to move again; she has moved before
        traveller.shift(DAY + timedelta(minutes=1))
        assert sweep_timeouts() == 1
    match.refresh_from_db()
    assert (match.status, match.result_reason, match.winner) == (Match.Status.FINISHED, "timeout", 1)
    assert match.result_text() == "bob won: alice ran out of time"


def test_two_sweeps_at_once_apply_a_timeout_exactly_once(alice, bob):
    from daymove.outbox.models import Job

    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        play_one(match)
        traveller.shift(2 * DAY)
        first, second = overdue(), overdue()  # both sweeps read before either writes
        assert first == second == [(match.pk, 1, 1)]
        assert apply_timeout(*first[0]) is not None
        assert apply_timeout(*second[0]) is None
        assert sweep_timeouts() == 0
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.ABORTED, None, "aborted")
    assert Job.objects.filter(key__contains=":game_over:").count() == 2  # one per player, not four


def test_a_last_second_move_beats_a_sweep_that_read_the_old_position(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        traveller.shift(DAY + timedelta(seconds=1))
        stale = overdue()
        play_one(match)  # the move commits before the sweep writes
        assert apply_timeout(*stale[0]) is None
    match.refresh_from_db()
    assert match.is_active and match.ply == 1


def test_a_move_after_the_timeout_is_refused(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(alice, bob, {"kind": "per_move", "days": 1})
        traveller.shift(2 * DAY)
        sweep_timeouts()
        text = match.rules.legal_move_strings(match.position())[0]
        with pytest.raises(Conflict):
            moves.submit_move(match.pk, alice, text, 0)


def test_bots_never_time_out(alice, bot):
    with time_machine.travel(T0, tick=False) as traveller:
        challenge = challenges.create_challenge(
            alice, "abande", {}, bot.username, creator_seat=1, rated=False, time_control={"kind": "per_move", "days": 1}
        )
        traveller.shift(30 * DAY)
        assert sweep_timeouts() == 0
    assert Match.objects.get(pk=challenge.match.pk).is_active


def test_vacation_prevents_a_timeout(alice, bob):
    with time_machine.travel(T0, tick=False) as traveller:
        start(alice, bob, {"kind": "per_move", "days": 1})
        vacations.book_vacation(alice, date(2026, 3, 3), date(2026, 3, 5))
        traveller.shift(3 * DAY)
        assert sweep_timeouts() == 0
        traveller.move_to(datetime(2026, 3, 6, 12, 1, tzinfo=UTC))
        assert sweep_timeouts() == 1


# ---- pages ------------------------------------------------------------------------------------
def test_challenge_form_offers_days_per_move_and_time_bank(alice, bob):
    client = Client()
    client.force_login(alice)
    url = reverse("new_challenge", args=["abande"])
    page = client.get(url).content.decode()
    assert "14 days per move" in page and "Time bank" in page
    response = client.post(
        url,
        {
            "option_board": "square",
            "seat": "0",
            "opponent": "bob",
            "clock": "bank",
            "bank_initial": "7",
            "bank_increment": "1",
            "bank_cap": "10",
        },
    )
    assert response.status_code == 302
    assert ChallengeClock.objects.get().terms() == {"kind": "bank", "initial": 7, "increment": 1, "cap": 10}
    response = client.post(
        url,
        {
            "option_board": "square",
            "seat": "0",
            "opponent": "bob",
            "clock": "bank",
            "bank_initial": "7",
            "bank_increment": "1",
            "bank_cap": "3",
        },
    )
    assert response.status_code == 400 and "cap must be at least" in response.content.decode()
    response = client.post(url, {"option_board": "square", "seat": "0", "opponent": "bob", "clock": "4"})
    assert response.status_code == 400
    assert Challenge.objects.count() == 1


def test_deadlines_show_in_each_players_own_time_zone(alice, bob):
    set_zone(alice, "Asia/Tokyo")
    set_zone(bob, "America/New_York")
    with time_machine.travel(T0, tick=False):
        match = start(alice, bob, PER_MOVE_3)  # alice's deadline: Thu 5 Mar 12:00 UTC
        for user, shown in [(alice, "Thu 5 Mar 2026, 21:00 JST"), (bob, "Thu 5 Mar 2026, 07:00 EST")]:
            client = Client()
            client.force_login(user)
            assert shown in client.get(match.get_absolute_url()).content.decode()
            assert shown.replace(" 2026", "") in client.get(reverse("lobby")).content.decode()
        assert "3 days per move" in client.get(match.get_absolute_url()).content.decode()


def test_lobby_shows_time_controls_and_its_queries_do_not_grow_with_matches(alice):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(alice)
    counts = []
    for extra in (1, 8):
        for _ in range(extra):
            opponent = UserFactory()
            start(alice, opponent, PER_MOVE_3)
            start(opponent, alice, {"kind": "bank", "initial": 7, "increment": 1, "cap": 14}, seat=0)
            challenges.create_challenge(
                opponent, "abande", {}, rated=False, time_control={"kind": "per_move", "days": 5}
            )
        with CaptureQueriesContext(connection) as queries:
            page = client.get(reverse("lobby")).content.decode()
        counts.append(len(queries))
    assert "5 days per move" in page and "due" in page
    assert counts[0] == counts[1], counts


def test_calendar_feed_lists_the_players_deadlines_and_can_be_revoked(alice, bob, carol):
    with time_machine.travel(T0, tick=False):
        mine = start(alice, bob, PER_MOVE_3)
        start(bob, alice, PER_MOVE_3, seat=0)  # bob to move: not alice's deadline
        start(bob, carol, PER_MOVE_3)  # not alice's match
        feed = calendar.regenerate(alice)
        client = Client()  # calendar apps do not log in
        response = client.get(reverse("calendar_feed", args=[feed.token]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    body = response.content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\n") and body.endswith("END:VCALENDAR\r\n")
    assert body.count("BEGIN:VEVENT") == 1
    assert "DTSTART:20260305T120000Z" in body and f"UID:deadline-{mine.pk}-0@" in body
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))
    old = feed.token
    assert calendar.regenerate(alice).token != old
    assert client.get(reverse("calendar_feed", args=[old])).status_code == 404
    calendar.revoke(alice)
    assert client.get(reverse("calendar_feed", args=[feed.token])).status_code == 404


def test_calendar_buttons_on_the_settings_page(alice):
    client = Client()
    client.force_login(alice)
    page = client.post(reverse("calendar_action"), {"action": "regenerate"}, follow=True).content.decode()
    token = alice.calendar_feed.token
    assert reverse("calendar_feed", args=[token]) in page
    client.post(reverse("calendar_action"), {"action": "revoke"})
    assert not CalendarFeed.objects.filter(user=alice).exists()
