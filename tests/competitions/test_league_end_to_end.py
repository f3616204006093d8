"""A league season from end to end through the site's own services on the embedded defaults (outbox jobs handed to
Celery, which runs them in the test process; mail kept by Django's test backend; the SMTP receiver on the
loopback): the series is created, players join through the league page, beat reminds them and starts the season,
games are played (one move by an email reply), one ends on time through the timeout sweep, one player withdraws,
the table and badges follow, the rest of the games end, beat closes the season with its movement and opens the
next, and every league email reaches each player once."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.clocks.models import MatchClock
from daymove.competitions import clinch, seasons, tasks
from daymove.competitions.models import Division, Entry, LeagueGame, Season
from daymove.competitions.tables import division_table
from daymove.outbox import jobs
from daymove.play import lookups
from daymove.play.models import Match
from daymove.round import endings, leagues, moves
from daymove.round.tasks import sweep_timeouts_task
from tests.factories import UserFactory
from tests.support.leagues import a_series, entry_of
from tests.support.replies import send_smtp, thunderbird
from tests.support.turn_emails import past_the_grace

# The SMTP receiver reads the database from its own thread; the whole season takes some 40 s (make test runs it).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def joined(series, players) -> None:
    """Each player joins every season through the league page's form."""
    for player in players:
        client = Client()
        client.force_login(player)
        response = client.post(reverse("competitions:registration", args=[series.slug]), {"mode": "recurring"})
        assert response.status_code == 302, response.content[:500]


def games_of(division: Division) -> list[Match]:
    return [g.match for g in LeagueGame.objects.filter(division=division).select_related("match").order_by("pk")]


def active(division: Division) -> list[Match]:
    return [m for m in games_of(division) if lookups.get_match(m.pk).is_active]


def later_joiner_to_move(match: Match) -> bool:
    """Whether the player to move joined after their opponent (and so is the one who should lose this game)."""
    match = lookups.get_match(match.pk)
    return match.players[match.to_move].pk > match.players[1 - match.to_move].pk


def subjects(player) -> Counter:
    return Counter(m.subject for m in mail.outbox if m.to == [player.email])


def test_a_season_from_joining_to_the_next_season(receiver):
    series = a_series("Weekly league")
    players = [UserFactory(username=f"entrant{i}") for i in range(11)]  # two divisions: 6 and 5
    joined(series, players)
    season = seasons.next_season(series)

    with time_machine.travel(season.starts_at - timedelta(days=2), tick=False):
        assert tasks.remind() == 1 and tasks.remind() == 0  # beat runs it every sweep; the reminder goes once
    with time_machine.travel(season.starts_at + timedelta(minutes=1), tick=True):
        tasks.start_due_seasons()
        season.refresh_from_db()
        assert season.status == Season.Status.RUNNING
        top, second = season.divisions.order_by("index")
        assert [Entry.objects.filter(division=d).count() for d in (top, second)] == [6, 5]
        table = division_table(top)
        assert all(line.status is clinch.Status.IN_THE_RACE and line.points == 0 for line in table.lines)

        # A move by email: the first mover plays on the site, the opponent answers the turn email. Seats are drawn by
        # lot, so the games are chosen for who loses them: always the later joiner, which keeps the tables strict.
        first = lookups.get_match(next(m for m in games_of(top) if later_joiner_to_move(m)).pk)
        mover, answerer = first.players[first.to_move], first.players[1 - first.to_move]
        opening = first.rules.legal_move_strings(first.position())[0]
        moves.submit_move(first.pk, mover, opening, first.ply)
        past_the_grace()
        turn = [m for m in mail.outbox if m.to == [answerer.email] and m.reply_to][-1]
        assert season.series.name in turn.subject or season.series.name in turn.body  # the email names the league
        played = lookups.get_match(first.pk)
        reply = played.rules.legal_move_strings(played.position())[0]
        send_smtp(receiver, thunderbird(turn, reply, answerer.email), answerer.email, turn.reply_to)
        assert lookups.get_match(first.pk).ply == 2
        endings.resign(first.pk, mover)
        assert division_table(top).line_of(answerer).points == 1

        # A timeout through the sweep: this game's deadline has passed (the others' have not).
        late_game = lookups.get_match(next(m for m in active(top) if later_joiner_to_move(m)).pk)
        late = late_game.players[late_game.to_move]
        MatchClock.objects.filter(match=late_game).update(
            **{f"deadline{late_game.to_move}": late_game.updated - timedelta(seconds=1)}
        )
        assert sweep_timeouts_task() == 1
        late_game = lookups.get_match(late_game.pk)
        assert late_game.result_reason == "timeout" and entry_of(top, late).timeouts == 1
        assert division_table(top).line_of(late).lost == 1

        # A withdrawal before any game of theirs ended: every game of theirs is struck, the running ones aborted.
        leaver = Entry.objects.filter(division=second).order_by("seat").first().player
        assert leagues.withdraw_self(entry_of(second, leaver), leaver)
        assert entry_of(second, leaver).results_struck
        assert {m.status for m in games_of(second) if leaver in m.players} == {Match.Status.ABORTED}
        assert division_table(second).line_of(leaver).withdrawn

        # The rest of the games end, the player who joined first winning each: the tables are strictly ordered.
        for division in (top, second):
            for match in active(division):
                endings.resign(match.pk, max(match.players, key=lambda user: user.pk))
        tables = {division: division_table(division) for division in (top, second)}
        assert tables[second].lines[0].status is clinch.Status.PROMOTED
        assert tables[top].lines[-1].status is clinch.Status.RELEGATED

        tasks.close_due_seasons()
        assert tasks.close_due() == 0  # closed once
        season.refresh_from_db()
        assert season.status == Season.Status.CLOSED
        assert Entry.objects.filter(division=second, movement=Entry.Movement.UP).count() == 1
        assert Entry.objects.filter(division=top, movement=Entry.Movement.DOWN).count() == 1
        following = Season.objects.get(series=series, number=2)
        assert following.status == Season.Status.OPEN and following.starts_at > season.closed_at
        jobs.sweep()  # beat's sweep again: nothing goes twice

    name = str(season)
    for player in players:
        mine = subjects(player)
        league = {subject: count for subject, count in mine.items() if name in subject}
        assert sorted(league.values()) == [1] * len(league), (player, league)
        kinds = [s for s in league if "starts" in s], [s for s in league if "has started" in s]
        assert [len(k) for k in kinds] == [1, 1], (player, league)
        assert sum("has closed" in s for s in league) == 1, (player, league)
        assert sum("withdrawn" in s for s in league) == (player == leaver)
