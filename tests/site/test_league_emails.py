"""League emails: the registration reminder, season started (and its push), season closed, season waiting and
withdrawn; each sent once, each a choice the player can switch off, saying what the player needs and nothing of
anyone else's games."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.test import Client
from django.urls import reverse

from daymove.clocks.models import MatchClock
from daymove.competitions import seasons, signals, tasks
from daymove.competitions.models import Entry, LeagueGame, Season
from daymove.notify import events
from daymove.notify.decisions import Tiding
from daymove.notify.models import LEAGUE_KINDS, EmailPreferences
from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.play.signals import replaying_history
from daymove.push.models import PushSubscription
from daymove.push.sender import message_for
from daymove.round import leagues
from games.registry import all_games
from tests.factories import UserFactory
from tests.support.leagues import a_season, a_series, register

NAMES = ("ann", "ben", "cat", "dan", "eve")


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def players(db):
    return [UserFactory(username=name) for name in NAMES]


@pytest.fixture
def season(players):
    series = a_series("Test league")
    register(series, *players)
    return a_season(series, number=1, starts_in=timedelta(days=2))


def to(user, start=""):
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith(start)]


def html_of(message) -> str:
    [(html, kind)] = message.alternatives
    assert kind == "text/html"
    return html


def started(season, on_commit):
    with on_commit():
        assert seasons.start_season(season, rng=random.Random(1))
    season.refresh_from_db()
    return season


def test_season_started_is_one_email_per_player_with_division_opponents_and_first_deadlines(season, players, on_commit):
    started(season, on_commit)
    for player in players:
        [email] = to(player, "Test league, season 1 has started")
        assert email.subject == "Test league, season 1 has started: you play in division 1"
        others = [p.username for p in players if p != player]
        assert all(name in email.body for name in others)
        games = LeagueGame.objects.filter(division__season=season).select_related("match")
        mine = [g for g in games if player.pk in (g.match.player0_id, g.match.player1_id)]
        assert email.body.count("* Round ") == len(mine) == 4
        for game in mine:
            match = game.match
            assert match.get_absolute_url() in email.body and match.get_absolute_url() in html_of(email)
            if match.players[match.to_move] == player:
                deadline = MatchClock.objects.get(match=match).deadline_of(match.to_move)
                line = f"Round {game.round} against {match.players[1 - match.to_move]}: you move first, by "
                assert line + f"{deadline:%A} {deadline.day} " in email.body
        division = Entry.objects.get(player=player).division
        assert division.get_absolute_url() in email.body
        assert email.extra_headers["List-Id"] == "Daymove season started emails <season-started.daymove.localhost>"
        assert email.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/email/unsubscribe/")
    # Not one turn email per game: the season's email names the first moves.
    assert not [m for m in mail.outbox if m.subject.startswith("Your turn")]


def test_season_started_is_recorded_once_even_if_announced_twice_and_run_again(season, players, on_commit):
    started(season, on_commit)
    with on_commit(), transaction.atomic():
        signals.season_started.send(sender=Season, season=season)
    keys = Job.objects.filter(key__contains=":season_started:").values_list("key", flat=True)
    assert len(keys) == len(players)
    for job in Job.objects.filter(key__contains=":season_started:"):
        jobs.run(job.pk)
    assert all(len(to(player, "Test league, season 1 has started")) == 1 for player in players)


def test_a_player_who_switched_a_league_email_off_gets_none_of_it(season, players, on_commit):
    ann = players[0]
    EmailPreferences.objects.create(user=ann, season_started=False, season_closed=False)
    started(season, on_commit)
    assert to(ann) == [] and all(to(p, "Test league, season 1 has started") for p in players[1:])
    with on_commit():
        seasons.close_season(season)
    assert not to(ann, "Test league, season 1 has closed")
    assert all(to(p, "Test league, season 1 has closed") for p in players[1:])


def test_one_click_unsubscribe_stops_exactly_that_league_email(season, players, on_commit):
    ann = players[0]
    started(season, on_commit)
    [email] = to(ann, "Test league, season 1 has started")
    url = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert Client().post(url.removeprefix("http://127.0.0.1:8000")).status_code == 200
    preferences = EmailPreferences.objects.get(user=ann)
    assert not preferences.season_started
    assert all(getattr(preferences, kind) for kind in LEAGUE_KINDS if kind != "season_started")


def test_season_closed_says_place_movement_and_the_next_start(season, players, on_commit):
    season = started(season, on_commit)
    with on_commit():
        assert seasons.close_season(season)
    following = Season.objects.get(series=season.series, status=Season.Status.OPEN)
    for player in players:
        entry = Entry.objects.get(player=player, division__season=season)
        [email] = to(player, "Test league, season 1 has closed")
        assert f"You finished {entry.final_place} of 5 in division 1" in email.body
        assert f"{following.starts_at:%A} {following.starts_at.day} " in email.body
        assert "You are registered for it." in email.body  # every season: they stay registered
        assert entry.division.get_absolute_url() in html_of(email)


def test_the_registration_reminder_goes_once_to_registered_players_3_days_before(season, players, on_commit):
    outsider = UserFactory(username="zed")
    with on_commit():
        assert tasks.remind(season.starts_at - timedelta(days=3)) == 1
    with on_commit():
        assert tasks.remind(season.starts_at - timedelta(days=2)) == 0
    for player in players:
        [email] = to(player, "Test league, season 1 starts")
        assert "registered for Test league, season 1" in email.body
        assert reverse("competitions:registration", args=[season.series.slug]) in email.body
    assert to(outsider) == []


def test_a_postponed_season_reminds_again_before_its_new_date(season, players, on_commit):
    with on_commit():
        tasks.remind(season.starts_at - timedelta(days=1))
    seasons.postpone_season(season, season.starts_at + timedelta(days=7))
    with on_commit():
        tasks.remind(season.starts_at - timedelta(days=1))
    assert len(to(players[0], "Test league, season 1 starts")) == 2


def test_a_season_short_of_entrants_says_for_how_many_more_once(players, on_commit):
    series = a_series("Small league")
    register(series, *players[:3])
    season = a_season(series, starts_in=timedelta(seconds=-1))
    for _ in range(2):
        with on_commit():
            assert not seasons.start_season(season)
    for player in players[:3]:
        [email] = to(player, "Small league, season 1 waits")
        assert email.subject == "Small league, season 1 waits for 1 more player"
        assert "it needs 1 more player" in email.body
    assert to(players[3]) == [] and to(players[4]) == []


def test_withdrawn_email_says_why_and_what_becomes_of_the_games_to_that_player_only(season, players, on_commit):
    season = started(season, on_commit)
    admin = UserFactory(username="boss", is_staff=True)
    ann = players[0]
    mail.outbox.clear()
    with on_commit():
        assert leagues.withdraw(Entry.objects.get(player=ann), "Left the club", by=admin)
    [email] = to(ann, "You were withdrawn")
    assert email.subject == "You were withdrawn from Test league, season 1"
    assert "The reason: Left the club." in email.body
    assert "all your games are struck from the table" in email.body  # none of her 4 games was finished
    assert not [m for m in mail.outbox if m.subject.startswith("You were withdrawn") and m.to != [ann.email]]


def test_a_withdrawal_taken_back_before_its_email_goes_sends_nothing(season, players, on_commit):
    season = started(season, on_commit)
    admin = UserFactory(username="boss", is_staff=True)
    entry = Entry.objects.get(player=players[0])
    leagues.withdraw(entry, "By mistake", by=admin)  # recorded, not handed over (no commit callbacks run)
    Entry.objects.filter(pk=entry.pk).update(withdrawn_at=None)
    [job] = Job.objects.filter(key__contains=":league_withdrawn:")
    jobs.run(job.pk)
    assert to(players[0], "You were withdrawn") == []


def test_the_season_started_push_names_the_season_and_division(season, players, on_commit):
    ann = players[0]
    PushSubscription.objects.create(user=ann, endpoint="https://push.example/ann", p256dh="k", auth="a")
    started(season, on_commit)
    [job] = Job.objects.filter(key__startswith=f"push:s{season.pk}:0:season_started:{ann.pk}:")
    message = message_for(job.payload, ann)
    assert message["title"] == "Test league, season 1"
    assert message["body"] == "The season has started: division 1, 4 opponents."
    assert message["url"] == Entry.objects.get(player=ann).division.get_absolute_url()


def test_settings_show_and_save_each_league_email_choice(players):
    ann = players[0]
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("player_settings")).content.decode()
    assert all(f'name="{kind}"' in page for kind in LEAGUE_KINDS)
    data = {"time_zone": "UTC", "turn_emails": "each", "digest_hour": 8, "reminders": "on", "reminder_hours": [24]}
    data |= {"game_over": "on", "challenges": "on", "season_started": "on"}
    assert client.post(reverse("player_settings"), data).status_code == 302
    preferences = EmailPreferences.objects.get(user=ann)
    assert preferences.season_started and not preferences.season_closed and not preferences.league_reminder


def test_league_emails_carry_no_other_division_and_no_position(players, on_commit):
    """A player reads their own division's names and games' deadlines only: no game's position (in a game with
    hidden information, no hidden tile), no picture, nobody from another division."""
    hidden = next(game.slug for game in all_games().values() if game.visibility.hidden)
    series = a_series("Big league", game=hidden)
    others = [UserFactory(username=f"other{i}") for i in range(6)]
    register(series, *players, *others)
    season = a_season(series, starts_in=timedelta(seconds=-1))
    started(season, on_commit)
    assert season.divisions.count() == 2
    for player in [*players, *others]:
        [email] = to(player, "Big league, season 1 has started")
        mates = set(
            Entry.objects.filter(division=Entry.objects.get(player=player).division).values_list(
                "player__username", flat=True
            )
        )
        strangers = {p.username for p in [*players, *others]} - mates
        assert not any(f" {name}" in email.body for name in strangers)
        assert "position" not in email.body.lower() and not email.attachments


def test_season_closed_tells_a_withdrawn_player_so_rather_than_a_place(season, players, on_commit):
    season = started(season, on_commit)
    admin = UserFactory(username="boss", is_staff=True)
    leagues.withdraw(Entry.objects.get(player=players[0]), "Moved abroad", by=admin)
    mail.outbox.clear()
    with on_commit():
        assert seasons.close_season(season)
    [email] = to(players[0], "Test league, season 1 has closed")
    assert email.subject == "Test league, season 1 has closed"
    assert "You had withdrawn from it (Moved abroad)" in email.body and "You finished" not in email.body


@pytest.mark.parametrize("kind", LEAGUE_KINDS)
def test_each_league_email_is_recorded_only_for_players_who_want_it(kind, players):
    ann, ben = players[:2]
    EmailPreferences.objects.create(user=ann, **{kind: False})
    tidings = [Tiding(kind, user, "s1", 0, {"season": 1}) for user in (ann, ben)]
    with transaction.atomic():
        events.send_many(tidings)
        events.send([Tiding(kind, user, "e1", 0, {"entry": 1}) for user in (ann, ben)])
    recipients = set(Job.objects.filter(key__contains=f":{kind}:").values_list("payload__user", flat=True))
    assert recipients == {ben.pk}


def test_a_season_started_while_demo_history_is_replayed_tells_nobody(season, players, on_commit):
    PushSubscription.objects.create(user=players[0], endpoint="https://push.example/ann", p256dh="k", auth="a")
    with replaying_history():
        started(season, on_commit)
    assert not Job.objects.filter(key__contains=":season_started:").exists() and mail.outbox == []
