"""A ladder game takes replies by email and conditional moves as any other match: a reply to its turn email plays
the move, the reply's if-then line plans the next, and the plan answers the opponent (through the inbound path the
SMTP receiver hands a message to)."""

from __future__ import annotations

from email import policy
from email.parser import BytesParser

import pytest
from django.core import mail

from daymove.inbound.replies import receive
from daymove.ladders.models import LadderGame
from daymove.play.models import Match
from daymove.round import moves
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.factories import UserFactory
from tests.support.clocks import play_one
from tests.support.ladders import a_ladder, line_up
from tests.support.replies import thunderbird
from tests.support.turn_emails import past_the_grace


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_a_reply_to_a_ladder_games_turn_email_plays_the_move_and_plans_the_next(db, on_commit):
    ladder = a_ladder()
    line_up(ladder, [UserFactory(username="defender"), UserFactory(username="climber")])
    mail.outbox.clear()
    with on_commit():
        match = play_one(challenge_on_ladder(ladder, UserFactory(username="climber"), "defender"))
    past_the_grace()
    mover, other = match.players[match.to_move], match.players[1 - match.to_move]
    [email] = [m for m in mail.outbox if m.to == [mover.email] and f"#{match.pk} " in m.subject]
    rules, state = match.rules, match.position()
    mine = rules.legal_move_strings(state)[0]
    state = rules.play(state, mine)
    theirs = rules.legal_move_strings(state)[0]
    planned = rules.legal_move_strings(rules.play(state, theirs))[0]
    with on_commit():
        raw = thunderbird(email, f"{mine}\nif {theirs} then {planned}", mover.email)
        receive(BytesParser(policy=policy.default).parsebytes(raw), raw, email.reply_to)
    match = Match.objects.get(pk=match.pk)
    assert match.ply == 2 and match.moves.get(ply=1).notation == mine
    with on_commit():
        moves.submit_move(match.pk, other, theirs, 2)  # the planned-for move: the plan answers it
    match = Match.objects.get(pk=match.pk)
    assert match.ply == 4 and match.moves.get(ply=3).notation == planned and match.is_active
    assert [m for m in mail.outbox if m.to == [mover.email] and m.subject.startswith("Planned reply played")]
    assert LadderGame.objects.get(match=match).is_open  # still the ladder's game, its result to come
