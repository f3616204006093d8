"""seeds/ gives a new user ladders at once: one per game and options, with alice and bob on each."""

import pytest
from django.core.management import call_command

from daymove.ladders.models import Ladder, LadderGame
from daymove.outbox.models import Job
from games.registry import all_games
from tests.support.ladders import names, places_are_a_permutation

pytestmark = pytest.mark.slow  # loads the whole of seeds/ (10-20 s): `make test`, not `make check`


def test_seeds_put_alice_and_bob_on_a_ladder_of_every_game_once_and_email_nobody(db):
    call_command("load_seeds")
    ladders = list(Ladder.objects.all())
    games = LadderGame.objects.count()
    call_command("load_seeds")
    assert Ladder.objects.count() == len(ladders) and LadderGame.objects.count() == games == len(ladders)
    assert {ladder.game for ladder in ladders} == set(all_games())
    for ladder in ladders:
        assert names(ladder) == ["alice", "bob"] and places_are_a_permutation(ladder)
        game = LadderGame.objects.get(ladder=ladder)
        assert (game.challenger.username, game.defender.username, game.ended_at) == ("bob", "alice", None)
        assert game.match.is_active and game.match.game == ladder.game
    assert not Job.objects.filter(key__contains="ladder").exists()
