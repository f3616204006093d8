"""A league game is named in its turn emails, reminders and pushes; other matches read as before, with no query more."""

from __future__ import annotations

from email import policy
from email.parser import BytesParser

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from daymove.competitions.models import Season
from daymove.competitions.naming import LEAGUE_GAME, league_label, with_league_rounds
from daymove.inbound.replies import receive
from daymove.notify import mailer
from daymove.outbox.models import Job
from daymove.play.models import Match
from daymove.push.sender import message_for
from daymove.round import moves
from tests.factories import UserFactory
from tests.support.clocks import play_one, start
from tests.support.leagues import a_division, a_season, a_series
from tests.support.replies import thunderbird
from tests.support.turn_emails import past_the_grace


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def division(db):
    players = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]
    season = a_season(a_series("Test league"), number=3, status=Season.Status.RUNNING)
    a_division(season, [UserFactory(username=f"top{i}") for i in range(4)], index=0)
    return a_division(season, players, index=1)


def test_a_league_game_is_named_by_series_season_division_and_round_of_rounds(division):
    game = division.games.get(round=2, match__player0__username="ann")
    assert league_label(game.match) == "Test league, season 3, division 2, round 2 of 3"


def test_a_league_game_read_with_its_rounds_is_named_the_same_with_no_query(division):
    for game in division.games.all():
        loaded = with_league_rounds(
            Match.objects.select_related(f"{LEAGUE_GAME}__division__season__series").filter(pk=game.match_id)
        ).get()
        with CaptureQueriesContext(connection) as queries:
            named = league_label(loaded)
        assert named == league_label(game.match)
        assert len(queries) == 0


def test_a_match_of_no_league_is_named_nothing_and_costs_no_query_when_selected(alice, bob):
    match = start(alice, bob)
    assert league_label(match) == ""
    loaded = Match.objects.select_related(LEAGUE_GAME).get(pk=match.pk)
    with CaptureQueriesContext(connection) as queries:
        assert league_label(loaded) == ""
    assert len(queries) == 0


def test_turn_email_and_reminder_of_a_league_game_name_it_and_still_take_replies(division, on_commit):
    game = division.games.filter(round=1).select_related("match").first()
    mail.outbox.clear()
    with on_commit():
        match = play_one(game.match)
    past_the_grace()
    mover = match.players[match.to_move]
    [email] = [m for m in mail.outbox if m.to == [mover.email] and f"#{match.pk} " in m.subject]
    label = "Test league, season 3, division 2, round 1 of 3"
    assert f"({label})" in email.subject
    assert label in email.body and label in email.alternatives[0][0]
    assert email.reply_to and email.reply_to[0].startswith(f"move-{match.pk}-{match.ply}-")
    job = Job.objects.get(key__startswith=f"mail:{match.pk}:{match.ply}:reminder-")
    context = mailer.reminder(job.payload, mover)
    assert context["league"] == label


def test_the_push_of_a_league_game_names_it(division):
    game = division.games.filter(round=3).select_related("match__player0", "match__player1").first()
    match = game.match
    user = match.players[match.to_move]
    message = message_for({"kind": "your_turn", "match": match.pk, "ply": match.ply, "user": user.pk}, user)
    assert message["title"].endswith("Test league, season 3, division 2, round 3 of 3")


def test_a_reply_to_a_league_turn_email_plays_the_move_and_plans_the_next(division, on_commit):
    game = division.games.filter(round=1).select_related("match").first()
    mail.outbox.clear()
    with on_commit():
        match = play_one(game.match)
    past_the_grace()
    mover, other = match.players[match.to_move], match.players[1 - match.to_move]
    [email] = [m for m in mail.outbox if m.to == [mover.email] and f"#{match.pk} " in m.subject]
    rules = match.rules
    state = match.position()
    mine = rules.legal_move_strings(state)[0]
    state = rules.play(state, mine)
    theirs = rules.legal_move_strings(state)[0]
    planned = rules.legal_move_strings(rules.play(state, theirs))[0]
    with on_commit():
        raw = thunderbird(email, f"{mine}\nif {theirs} then {planned}", mover.email)
        receive(BytesParser(policy=policy.default).parsebytes(raw), raw, email.reply_to)
    match.refresh_from_db()
    assert match.ply == 2 and match.moves.get(ply=1).notation == mine
    with on_commit():
        moves.submit_move(match.pk, other, theirs, 2)  # the planned-for move: the plan answers it
    match.refresh_from_db()
    assert match.ply == 4 and match.moves.get(ply=3).notation == planned
    [news] = [m for m in mail.outbox if m.to == [mover.email] and m.subject.startswith("Planned reply played")]
    assert "(Test league, season 3, division 2, round 1 of 3)" in news.subject
