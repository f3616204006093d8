"""The staff overriding a finished league game's result, with a reason: the match re-rated, the table marked."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from daymove.competitions import signals
from daymove.competitions.models import Division, Entry, LeagueGame
from daymove.competitions.results import timed_out_player
from daymove.competitions.withdrawing import clean_reason, require_staff
from daymove.errors import Conflict, Refused
from daymove.play.models import Match
from daymove.ratings.rerating import rerate_match

DECLARED = "declared-by-admin"


def override_result(league_game: LeagueGame, winner: int | None, reason: str, by) -> LeagueGame:
    """Give a finished league game the result `winner` (a seat; None: a draw) for `reason`; re-rated if rated.

    The match then reads as a result declared by the staff with the reason beside it, and the table marks the
    game with the reason. A timeout overridden no longer counts against the player who timed out.
    """
    require_staff(by)
    reason = clean_reason(reason)
    if winner not in (0, 1, None):
        raise Refused(gettext("Choose the winning seat, or a draw."))
    with transaction.atomic():
        game = LeagueGame.objects.select_for_update().select_related("division").get(pk=league_game.pk)
        match = Match.objects.select_for_update().get(pk=game.match_id)
        if match.status != Match.Status.FINISHED:
            raise Refused(gettext("Only a finished game's result can be overridden; this one has no result."))
        if game.counted != LeagueGame.Counted.RESULT:
            raise Refused(
                gettext(
                    "This game counts as %(counted)s because a player withdrew; its result is the withdrawal's, "
                    "not the board's."
                )
                % {"counted": game.get_counted_display().lower()}
            )
        if match.winner == winner:
            raise Refused(gettext("The game already has that result."))
        timed_out = timed_out_player(match)
        changed = Match.objects.filter(pk=match.pk, status=Match.Status.FINISHED).update(
            winner=winner, result_reason=DECLARED, result_note=reason
        )
        if changed != 1:
            raise Conflict(gettext("The game changed meanwhile; look again."))
        match.winner, match.result_reason, match.result_note = winner, DECLARED, reason
        rerate_match(match)
        if timed_out is not None:
            entry = Entry.objects.select_for_update().filter(division=game.division, player_id=timed_out).first()
            if entry is not None and entry.timeouts:
                entry.timeouts -= 1
                entry.save(update_fields=["timeouts"])
        game.override_note = reason
        game.save(update_fields=["override_note"])
        game.match = match
        signals.table_changed.send(sender=Division, division=game.division)
    return game
