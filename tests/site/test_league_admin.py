"""The league admin: create and pause a series; preview and store the draw, start, postpone and close a season; move
players before the start; withdraw and reinstate. Each action goes through the league's service, is logged in the
moderation log with its reason, and a bad case is refused with a message (never a 500)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from daymove.competitions import seasons
from daymove.competitions.models import Division, Entry, LeagueGame, Season, Series
from daymove.moderation.models import ModerationAction
from daymove.play.models import Match
from daymove.ratings.models import RatingChange
from daymove.round import endings
from tests.factories import UserFactory
from tests.support.leagues import a_game, a_season, a_series, register

REASON = "the club's autumn meeting moved"
Kind = ModerationAction.Kind


@pytest.fixture
def boss(db):
    return UserFactory(username="boss", is_staff=True, is_superuser=True)


@pytest.fixture
def staff(boss):
    client = Client()
    client.force_login(boss)
    return client


@pytest.fixture
def players(db):
    return [UserFactory(username=f"p{i}") for i in range(6)]


@pytest.fixture
def season(players):
    series = a_series("Test league")
    register(series, *players)
    return a_season(series, starts_in=timedelta(days=2))


def act(client, model, action, objects, **form):
    """The confirmation page's POST (with `form`), or, without a form, the action's first page."""
    data = {"action": action, "_selected_action": [o.pk for o in objects]}
    if form:
        data |= {"confirm": "yes", **form}
    response = client.post(f"/admin/competitions/{model}/", data, follow=True)
    assert response.status_code == 200
    return response


def said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def logged(kind) -> list[ModerationAction]:
    return list(ModerationAction.objects.filter(kind=kind))


def test_creating_a_series_opens_its_first_season_and_is_logged(staff, boss):
    data = {
        "slug": "new-league",
        "name": "New league",
        "game": a_game(),
        "options": "{}",
        "time_control": '{"kind": "per_move", "days": 3}',
        "division_size": 8,
        "vacation_cap_days": 14,
        "rated": "on",
    }
    response = staff.post("/admin/competitions/series/add/", data, follow=True)
    assert response.status_code == 200
    series = Series.objects.get(slug="new-league")
    assert series.seasons.get().status == Season.Status.OPEN
    [entry] = logged(Kind.LEAGUE_SERIES)
    assert entry.moderator == boss and entry.details["what"] == "created"


def test_a_series_with_a_clock_not_allowed_is_refused_on_its_form(staff):
    data = {"slug": "bad", "name": "Bad", "game": a_game(), "options": "{}", "time_control": '{"kind": "per_move"}'}
    data |= {"division_size": 8, "vacation_cap_days": 14}
    response = staff.post("/admin/competitions/series/add/", data)
    assert response.status_code == 200 and not Series.objects.filter(slug="bad").exists()
    assert "days per move" in response.content.decode()


def test_pause_and_resume_a_series_with_a_reason(staff, season):
    series = season.series
    page = act(staff, "series", "pause", [series])
    assert "Reason" in page.content.decode() and not Series.objects.get(pk=series.pk).paused
    act(staff, "series", "pause", [series], reason=REASON)
    assert Series.objects.get(pk=series.pk).paused
    response = act(staff, "series", "pause", [series], reason=REASON)
    assert "already paused" in said(response)
    act(staff, "series", "resume", [series], reason=REASON)
    assert not Series.objects.get(pk=series.pk).paused
    assert [(a.details["what"], a.message) for a in logged(Kind.LEAGUE_SERIES)] == [
        ("resumed", REASON),
        ("paused", REASON),
    ]


def test_an_action_without_a_reason_asks_again_and_does_nothing(staff, season):
    response = act(staff, "season", "start_now", [season], reason="  ")
    assert "This field is required." in response.content.decode()
    assert Season.objects.get(pk=season.pk).status == Season.Status.OPEN and not ModerationAction.objects.exists()


def test_preview_the_draw_store_it_move_a_player_then_start(staff, season, players):
    page = act(staff, "season", "preview_draw", [season]).content.decode()
    assert "Division 1:" in page and all(p.username in page for p in players)
    assert not Division.objects.exists()  # a preview stores nothing
    act(staff, "season", "preview_draw", [season], reason=REASON)
    [stored] = logged(Kind.SEASON_DRAW)
    assert stored.message == REASON
    divisions = list(Division.objects.filter(season=season).order_by("index"))
    if len(divisions) == 1:  # six players make one division: add one to move into
        divisions.append(Division.objects.create(season=season, level=2, index=1))
    entry = Entry.objects.filter(division=divisions[0]).first()
    act(staff, "entry", "move_division", [entry], reason=REASON, division=divisions[1].pk)
    assert Entry.objects.get(pk=entry.pk).division == divisions[1]
    [moved] = logged(Kind.LEAGUE_MOVE)
    assert moved.target == entry.player and moved.details["to"] == 2 and moved.message == REASON
    act(staff, "season", "start_now", [season], reason=REASON)
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    [started] = logged(Kind.SEASON_START)
    assert started.details["season"] == season.pk and started.message == REASON
    # After the start nobody moves, and the refusal is said.
    entry = Entry.objects.filter(division__season=season).first()
    other = Division.objects.filter(season=season).exclude(pk=entry.division_id).first()
    if other is not None:
        response = act(staff, "entry", "move_division", [entry], reason=REASON, division=other.pk)
        assert "settled" in said(response) and len(logged(Kind.LEAGUE_MOVE)) == 1
    response = act(staff, "season", "start_now", [season], reason=REASON)
    assert "already started" in said(response) and len(logged(Kind.SEASON_START)) == 1


def test_a_season_short_of_players_is_not_started_and_says_why(staff, players):
    series = a_series("Small league")
    register(series, *players[:3])
    season = a_season(series)
    response = act(staff, "season", "start_now", [season], reason=REASON)
    assert "needs at least 4" in said(response)
    assert Season.objects.get(pk=season.pk).status == Season.Status.OPEN and not logged(Kind.SEASON_START)


def test_postpone_moves_the_start_and_refuses_the_past(staff, season):
    later = (season.starts_at + timedelta(days=7)).replace(microsecond=0, second=0)
    act(staff, "season", "postpone", [season], reason=REASON, starts_at=later.strftime("%Y-%m-%d %H:%M"))
    assert Season.objects.get(pk=season.pk).starts_at == later
    [postponed] = logged(Kind.SEASON_POSTPONE)
    assert postponed.message == REASON and postponed.details["to"] == later.isoformat()
    past = (timezone.now() - timedelta(days=1)).strftime("%Y-%m-%d %H:%M")
    response = act(staff, "season", "postpone", [season], reason=REASON, starts_at=past)
    assert "future" in said(response) and len(logged(Kind.SEASON_POSTPONE)) == 1


def test_close_a_running_season_and_refuse_an_open_one(staff, season):
    response = act(staff, "season", "close_now", [season], reason=REASON)
    assert "not running" in said(response) and not logged(Kind.SEASON_CLOSE)
    assert seasons.start_season(season, rng=random.Random(3))
    act(staff, "season", "close_now", [season], reason=REASON)
    assert Season.objects.get(pk=season.pk).status == Season.Status.CLOSED
    assert Entry.objects.filter(division__season=season, final_place__isnull=False).count() == 6
    [closed] = logged(Kind.SEASON_CLOSE)
    assert closed.message == REASON


def test_withdraw_and_reinstate_with_a_reason(staff, season, players):
    assert seasons.start_season(season, rng=random.Random(4))
    entry = Entry.objects.get(player=players[0])
    act(staff, "entry", "withdraw", [entry], reason=REASON)
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None and entry.withdrawal_reason == REASON
    [withdrawn] = logged(Kind.LEAGUE_WITHDRAW)
    assert withdrawn.target == players[0] and withdrawn.message == REASON
    log = staff.get("/admin/moderation/moderationaction/").content.decode()
    assert f"Test league, season 1 — {REASON}" in log.replace("&#x27;", "'")
    response = act(staff, "entry", "withdraw", [entry], reason=REASON)
    assert "already withdrawn" in said(response) and len(logged(Kind.LEAGUE_WITHDRAW)) == 1
    # No game was finished: all struck, the running ones aborted, so the withdrawal can no longer be taken back.
    mine = Match.objects.filter(league_game__division=entry.division_id, player0=players[0])
    assert all(match.status == Match.Status.ABORTED for match in mine)
    response = act(staff, "entry", "reinstate", [entry], reason=REASON)
    assert "cannot be resumed" in said(response) and not logged(Kind.LEAGUE_REINSTATE)


def test_reinstate_a_withdrawal_that_ended_no_game(staff, season, players):
    assert seasons.start_season(season, rng=random.Random(5))
    entry = Entry.objects.get(player=players[1])
    # Withdrawn with no game of theirs left running (all ended by other means): taking it back is possible.
    Entry.objects.filter(pk=entry.pk).update(withdrawn_at=timezone.now(), withdrawal_reason="by mistake")
    act(staff, "entry", "reinstate", [entry], reason=REASON)
    entry.refresh_from_db()
    assert entry.withdrawn_at is None
    [reinstated] = logged(Kind.LEAGUE_REINSTATE)
    assert reinstated.target == players[1] and reinstated.message == REASON


def test_a_non_staff_user_reaches_no_league_admin(season, players):
    client = Client()
    client.force_login(players[0])
    for model in ("series", "season", "entry", "division", "leaguegame"):
        assert client.get(f"/admin/competitions/{model}/").status_code in (302, 403)
    response = client.post("/admin/competitions/season/", {"action": "start_now", "_selected_action": [season.pk]})
    assert response.status_code in (302, 403) and Season.objects.get(pk=season.pk).status == Season.Status.OPEN


def test_every_league_admin_list_and_page_answers(staff, season, players):
    assert seasons.start_season(season, rng=random.Random(6))
    entry = Entry.objects.first()
    for url in (
        "/admin/competitions/series/",
        f"/admin/competitions/series/{season.series_id}/change/",
        "/admin/competitions/season/",
        f"/admin/competitions/season/{season.pk}/change/",
        "/admin/competitions/division/",
        "/admin/competitions/entry/",
        f"/admin/competitions/entry/{entry.pk}/change/",
        "/admin/competitions/leaguegame/",
    ):
        assert staff.get(url).status_code == 200, url


def test_override_a_finished_game_re_rates_it_and_marks_the_table(staff, season, players):
    assert seasons.start_season(season, rng=random.Random(7))
    game = LeagueGame.objects.filter(division__season=season).select_related("match").first()
    match = game.match
    running = act(staff, "leaguegame", "override", [game], reason=REASON, winner=0)
    assert "Only a finished game" in said(running) and not logged(Kind.LEAGUE_OVERRIDE)
    endings.resign(match.pk, match.player0)  # the first seat resigns: the second won
    act(staff, "leaguegame", "override", [game], reason=REASON, winner=0)
    match.refresh_from_db()
    game.refresh_from_db()
    assert match.winner == 0 and match.result_note == REASON and game.override_note == REASON
    assert match.rated and RatingChange.objects.filter(match=match).count() == 2  # re-rated: one change a player
    [overridden] = logged(Kind.LEAGUE_OVERRIDE)
    assert overridden.match == match and overridden.message == REASON
    again = act(staff, "leaguegame", "override", [game], reason=REASON, winner=0)
    assert "already has that result" in said(again) and len(logged(Kind.LEAGUE_OVERRIDE)) == 1


def test_bad_input_is_asked_again_or_refused_never_a_500(staff, season, players):
    other = a_season(a_series("Other league"), number=1)
    foreign = Division.objects.create(season=other, level=1, index=0)
    page = act(staff, "season", "postpone", [season], reason=REASON, starts_at="next tuesday, maybe")
    assert "Enter a valid date/time." in page.content.decode()
    response = act(staff, "season", "preview_draw", [season, other])
    assert "one season" in said(response)
    act(staff, "season", "preview_draw", [season], reason=REASON)
    entry = Entry.objects.filter(division__season=season).first()
    page = act(staff, "entry", "move_division", [entry], reason=REASON, division=foreign.pk)
    assert "Select a valid choice." in page.content.decode()
    response = act(staff, "entry", "withdraw", [entry], reason=REASON)  # the season has not started
    assert "not running" in said(response)
    assert Entry.objects.get(pk=entry.pk).division == entry.division and entry.withdrawn_at is None
    kinds = set(ModerationAction.objects.values_list("kind", flat=True))
    assert kinds == {Kind.SEASON_DRAW}
    assert staff.get("/admin/moderation/moderationaction/").status_code == 200
