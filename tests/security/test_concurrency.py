"""Races through the real code paths, on whichever database the suite runs on (SQLite here; PostgreSQL
when DATABASE_URL names one, as `.ci/run` does under CI).

- Many simultaneous submissions for one ply, through the HTTP layer (a django.test.Client per
  thread, each with its own database connection): exactly one move is applied, the identical twins
  of the applied move are answered as repeats (the same redirect), every other legal move is refused
  with 409, the illegal one with 400 or 409, and never a 500.
- A timeout sweep racing a last-second move: exactly one of them wins, the match replays to its
  cached position, and the ratings change at most once.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.urls import reverse

from daymove.clocks.models import MatchClock
from daymove.errors import Conflict
from daymove.outbox.models import Job
from daymove.play import lookups
from daymove.play.models import Match, Move
from daymove.play.replaycheck import replay_mismatch
from daymove.ratings.models import Rating, RatingChange
from daymove.round import challenges, endings, moves
from daymove.round.timeouts import sweep_timeouts
from tests.support.clocks import T0
from tests.support.threads import THREADS, run_together

pytestmark = pytest.mark.django_db(transaction=True)


def start_match(creator, opponent, terms=None) -> Match:
    challenge = challenges.create_challenge(
        creator, "abande", {}, opponent.username, creator_seat=0, rated=True, time_control=terms
    )
    return challenges.accept_challenge(challenge.pk, opponent)


def test_simultaneous_posts_for_one_ply_apply_exactly_one(alice, bob):
    match = start_match(alice, bob)
    clients = {}
    for user in (alice, bob):
        clients[user.pk] = []
        for _ in range(THREADS):
            client = Client()
            client.force_login(user)
            clients[user.pk].append(client)
    url = reverse("play_move", args=[match.pk])
    rng = random.Random(8)
    for round_ in range(6):
        match = lookups.get_match(match.pk)
        ply, mover = match.ply, match.players[match.to_move]
        legal = match.rules.legal_move_strings(match.position())
        a, b, c, d = rng.sample(legal, 4)
        illegal = "z99"
        texts = [a, a, a, b, b, c, d, illegal]
        rng.shuffle(texts)

        def post(client, text, ply=ply):
            response = client.post(url, {"move": text, "ply": ply})
            return response.status_code, response.get("Location")

        results = run_together([lambda cl=cl, t=t: post(cl, t) for cl, t in zip(clients[mover.pk], texts)])
        assert not [r for r in results if isinstance(r, Exception)], results

        match.refresh_from_db()
        assert match.ply == ply + 1, f"round {round_}: {results}"
        applied = Move.objects.get(match=match, ply=ply)
        assert applied.notation in (a, b, c, d) and applied.seat == 1 - match.to_move
        for text, (status, location) in zip(texts, results):
            if text == applied.notation:
                assert (status, location) == (302, match.get_absolute_url()), (text, status)  # applied or repeat
            elif text == illegal:
                assert status in (400, 409), (text, status)
            else:
                assert status == 409, (text, status, applied.notation)
        assert replay_mismatch(match, match.notations()) is None
    assert Move.objects.filter(match=match).count() == 6
    # Each applied move recorded its follow-up work once: one "your turn" email per position, never two.
    keys = list(
        Job.objects.filter(key__startswith=f"mail:{match.pk}:", key__contains=":your_turn:").values_list(
            "key", flat=True
        )
    )
    assert sorted(int(key.split(":")[2]) for key in keys) == list(range(7))  # the start, then after each move
    assert connection.vendor in ("sqlite", "postgresql")


def test_a_timeout_racing_a_last_second_move_has_exactly_one_winner(alice, bob):
    rng = random.Random(5)
    winners = []
    with time_machine.travel(T0, tick=True) as traveller:
        for round_ in range(8):
            match = start_match(alice, bob, {"kind": "per_move", "days": 1})
            for _ in range(2 + round_ % 2):  # both have moved, so the timeout is a (rated) loss
                match = lookups.get_match(match.pk)
                text = match.rules.legal_move_strings(match.position())[0]
                moves.submit_move(match.pk, match.players[match.to_move], text, match.ply)
            match = lookups.get_match(match.pk)
            ply, seat = match.ply, match.to_move
            deadline = MatchClock.objects.get(match=match).deadline_of(seat)
            traveller.move_to(deadline + timedelta(milliseconds=200))
            ratings_before = {r.user_id: r.games for r in Rating.objects.filter(game="abande")}
            last_move = match.rules.legal_move_strings(match.position())[-1]
            # The first two rounds give one side a head start (so both outcomes are seen); the rest start together.
            jitter = [[0, 0.5], [0.5, 0]][round_] if round_ < 2 else [rng.random() / 200, rng.random() / 200]

            def sweep(jitter=jitter):
                time.sleep(jitter[0])
                return sweep_timeouts()

            def move(jitter=jitter, match=match, seat=seat, last_move=last_move, ply=ply):
                time.sleep(jitter[1])
                return moves.submit_move(match.pk, match.players[seat], last_move, ply)

            swept, moved = run_together([sweep, move])
            match.refresh_from_db()
            assert not isinstance(swept, Exception), swept
            move_won = isinstance(moved, moves.MoveResult)
            if not move_won:
                assert isinstance(moved, Conflict), moved
            assert (swept == 1) != move_won, f"round {round_}: sweep ended {swept}, move {moved!r}"
            if move_won:
                assert match.is_active and match.ply == ply + 1
                assert not RatingChange.objects.filter(match=match).exists()
            else:
                assert (match.status, match.result_reason, match.winner) == (Match.Status.FINISHED, "timeout", 1 - seat)
                assert match.ply == ply and not Move.objects.filter(match=match, ply=ply).exists()
                assert RatingChange.objects.filter(match=match).count() == 2  # one change per player, once
                assert Job.objects.filter(key__startswith=f"mail:{match.pk}:", key__contains=":game_over:").count() == 2
            ratings_after = {r.user_id: r.games for r in Rating.objects.filter(game="abande")}
            for user in (alice, bob):
                assert ratings_after.get(user.pk, 0) - ratings_before.get(user.pk, 0) == (0 if move_won else 1)
            assert replay_mismatch(match, match.notations()) is None
            winners.append("move" if move_won else "timeout")
            if match.is_active:
                endings.resign(match.pk, alice)  # out of the way of the next round's sweep
    assert winners[:2] == ["timeout", "move"] and len(winners) == 8
