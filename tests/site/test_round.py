"""The round: who listens to play's news, and the order in which a move and an ending have their effects.

What a move or an ending causes is called by `daymove.round` in a stated order, in the change's
transaction; only then is it announced, and only email (notify), push and live updates listen.
"""

from __future__ import annotations

import importlib
import pkgutil
import weakref
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.db.models.signals import post_save
from django.dispatch import Signal

import daymove
from daymove.clocks.models import MatchClock
from daymove.errors import Refused
from daymove.moderation.models import ModerationAction
from daymove.outbox.models import Job
from daymove.plans import conditional
from daymove.plans.models import ConditionalPlan
from daymove.plans.signals import reply_played
from daymove.play import lookups, signals
from daymove.play.models import Challenge, Match, Move
from daymove.ratings.models import Rating, RatingChange
from daymove.round import challenges, endings, moves
from daymove.round.timeouts import sweep_timeouts
from tests.factories import UserFactory
from tests.support.clocks import DAY, T0, legal_after, play_one, start

# The news of play (its own signals, and those of what a move sets going: the clocks' deadlines, the plans'
# replies) is for the fan-out alone. Not play's news: a player leaving or blocking another (players', safety's:
# each app forgets or withdraws its own rows), a chat line (talk's), the mass-timeout rule (ratings', logged by
# moderation): who acts on those is each app's own business.
PLAY_NEWS = ("daymove.play.signals", "daymove.clocks.signals", "daymove.plans.signals")
FAN_OUT = {"notify", "push", "live"}


def _signals_of_daymove() -> dict[str, Signal]:
    """Every signal a daymove app declares in its `signals` module, by dotted name."""
    found = {}
    for app in pkgutil.iter_modules(daymove.__path__):
        try:
            module = importlib.import_module(f"daymove.{app.name}.signals")
        except ModuleNotFoundError:
            continue
        for name, value in vars(module).items():
            if isinstance(value, Signal):
                found[f"{module.__name__}.{name}"] = value
    return found


def _listeners(signal: Signal) -> list[str]:
    """The dotted names of the functions connected to `signal`."""
    names = []
    for entry in signal.receivers:
        function = entry[1]() if isinstance(entry[1], weakref.ReferenceType) else entry[1]
        if function is not None:
            names.append(f"{function.__module__}.{function.__qualname__}")
    return sorted(names)


def test_only_email_push_and_live_listen_to_the_news_of_play():
    listeners = {name: _listeners(signal) for name, signal in _signals_of_daymove().items()}
    assert set(PLAY_NEWS) <= {name.rsplit(".", 1)[0] for name in listeners}
    play_news = {name: found for name, found in listeners.items() if name.rsplit(".", 1)[0] in PLAY_NEWS}
    assert play_news["daymove.play.signals.turn_passed"]  # the list is read, not empty by mistake
    others = {name: [f for f in found if f.split(".")[1] not in FAN_OUT] for name, found in play_news.items()}
    assert {name: found for name, found in others.items() if found} == {}, f"every listener: {listeners}"


@pytest.fixture
def log():
    """What happened, in order: deadlines set, reminder and bot jobs recorded, moves stored, the announcements."""
    happened = []

    def on_clock(sender, instance, **kwargs):
        match = instance.match
        happened.append(("deadline", match.ply, instance.deadline_of(match.to_move) is not None))

    def on_job(execute, sql, params, many, context):
        # Jobs are inserted once per key, some without a model save (outbox.jobs.record_later): the INSERT is watched.
        if sql.startswith("INSERT") and f'"{Job._meta.db_table}"' in sql:
            said = [str(value) for value in params]
            kind = "bot job" if "bot_turn" in said else "reminder job" if any("reminder" in s for s in said) else None
            if kind and happened[-1:] != [kind]:  # one entry for a turn's reminders, however many
                happened.append(kind)
        return execute(sql, params, many, context)

    def on_move(sender, instance, created, **kwargs):
        if created:
            happened.append(("move", instance.ply))

    def on_turn(sender, match, awaited, **kwargs):
        happened.append(("turn passed", match.ply, awaited))

    def on_reply(sender, match, ply, **kwargs):
        happened.append(("reply played", ply))

    connected = [
        (post_save, on_clock, {"sender": MatchClock}),
        (post_save, on_move, {"sender": Move}),
        (signals.turn_passed, on_turn, {}),
        (reply_played, on_reply, {}),
    ]
    for signal, function, options in connected:
        signal.connect(function, weak=False, **options)
    with connection.execute_wrapper(on_job):
        yield happened
    for signal, function, options in connected:
        signal.disconnect(function, **options)


def test_life_of_a_move_deadline_bot_job_planned_reply_the_announcement_then_the_jobs_for_later(alice, bob, bot, log):
    match = play_one(start(alice, bob))  # bob to move; alice plans her reply to his move
    expected = legal_after(match)[0]
    reply = legal_after(match, expected)[0]
    conditional.plan_line(match.pk, alice, [expected, reply], 0, match.ply)
    log.clear()

    moves.submit_move(match.pk, bob, expected, match.ply)

    assert log == [
        ("move", 1),
        ("deadline", 2, True),  # bob's move: alice's deadline, then her planned reply
        ("move", 2),
        ("turn passed", 2, True),  # announced once all of that is recorded (her plan's email replaces "your turn")
        ("reply played", 2),
        ("deadline", 3, True),  # alice's reply: bob's deadline, then it is announced
        ("turn passed", 3, False),
        # Both turns' reminders and bob's turn email (all due later) in one insert, still in the move's transaction.
        "reminder job",
    ]

    # Against a bot: the clock, then the bot's turn, then the announcement.
    challenge = challenges.create_challenge(alice, "abande", {}, bot.username, creator_seat=0, rated=False)
    against_bot = lookups.get_match(challenge.match.pk)
    log.clear()
    moves.submit_move(against_bot.pk, alice, legal_after(against_bot)[0], 0)
    assert log == [
        ("move", 0),
        ("deadline", 1, False),  # a bot has no deadline, so no reminder
        "bot job",
        ("turn passed", 1, False),
    ]


def test_life_of_an_ending_rating_mass_timeout_rule_clock_plans_then_the_announcement(db, monkeypatch, settings):
    settings.DAYMOVE_MASS_TIMEOUT_MATCHES = 2
    carol = UserFactory(username="carol")
    opponents = [UserFactory(username=name) for name in ("olga", "piet")]
    steps = []
    for name in ("rate_match", "keep_opponents_ratings", "stop_clock", "close_plans"):
        real = getattr(endings, name)
        monkeypatch.setattr(endings, name, lambda match, real=real, name=name: steps.append(name) or real(match))

    def at_announcement(sender, match, **kwargs):
        """What the fan-out finds when it hears of the ending: everything the ending causes is already there."""
        clock = MatchClock.objects.get(match=match)
        steps.append(
            (
                "announced",
                RatingChange.objects.filter(match=match).count(),
                ModerationAction.objects.filter(kind=ModerationAction.Kind.MASS_TIMEOUT).count(),
                clock.running_seat,
                list(ConditionalPlan.objects.filter(match=match).values_list("status", flat=True)),
            )
        )

    signals.match_finished.connect(at_announcement, weak=False)
    try:
        with time_machine.travel(T0, tick=False) as traveller:
            matches = []
            for opponent in opponents:
                challenge = challenges.create_challenge(
                    opponent, "abande", {}, "carol", 0, rated=True, time_control={"kind": "per_move", "days": 1}
                )
                match = challenges.accept_challenge(challenge.pk, carol)
                for _ in range(3):
                    match = play_one(match)
                matches.append(match)
            # carol's opponent plans a reply that her timeout will never call for
            olga_match = matches[0]
            planned = legal_after(olga_match)[0]
            conditional.plan_line(olga_match.pk, opponents[0], [planned, legal_after(olga_match, planned)[0]], 0, 3)
            traveller.shift(DAY + timedelta(hours=1))
            assert sweep_timeouts() == 2
    finally:
        signals.match_finished.disconnect(at_announcement)

    step = ["rate_match", "keep_opponents_ratings", "stop_clock", "close_plans"]
    assert steps[:5] == [*step, ("announced", 2, 0, None, [ConditionalPlan.Status.DROPPED])]
    # the second timeout reaches the threshold: the rule takes back both opponents' gains before it is announced
    assert steps[5:] == [*step, ("announced", 1, 1, None, [])]
    assert not RatingChange.objects.filter(user__in=opponents).exists()
    assert all(row.games == 0 for row in Rating.objects.filter(user__in=opponents))
    assert [Match.objects.get(pk=m.pk).result_reason for m in matches] == ["timeout", "timeout"]


def test_a_refused_time_control_is_checked_before_the_challenge_is_made(alice, bob):
    with pytest.raises(Refused, match="days per move"):
        challenges.create_challenge(
            alice, "abande", {}, "bob", rated=False, time_control={"kind": "per_move", "days": 4}
        )
    assert not Challenge.objects.exists()
