"""Demo ladders: every game's ladders with the seeded players on them, joined through the ladder services."""

from __future__ import annotations

from daymove.ladders.catalogue import ensure_ladders
from daymove.ladders.membership import join_empty
from daymove.ladders.models import Rung
from daymove.play.signals import replaying_history
from daymove.round.ladder_challenges import challenge_on_ladder


def load_ladder_players(names: list[str], users: dict) -> int:
    """Put these players on every ladder in this order: the first joins the empty ladder, each next one joins by
    challenging the one above (an open ladder game to play); a ladder anyone is on already is left as it is.
    How many ladders were seeded."""
    seeded = 0
    players = [users[name] for name in names]
    with replaying_history():  # demo history: nobody is emailed about it
        for ladder in ensure_ladders():
            if Rung.objects.filter(ladder=ladder).exists():
                continue
            join_empty(ladder, players[0])
            for above, player in zip(players, players[1:]):
                challenge_on_ladder(ladder, player, above.username)
            seeded += 1
    return seeded
