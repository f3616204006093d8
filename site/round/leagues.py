"""What a league asks of the round: a league game's ending counted, and a withdrawal with its games ended.

The decisions are `daymove.competitions`' (the table, the withdrawal rule); ending a match is the round's, so
every game a withdrawal ends goes through `endings.end_match` and so through what any ending causes (rating,
clock stopped, plans closed, the announcement).
"""

from __future__ import annotations

import contextlib

from django.db import transaction
from django.utils.translation import gettext

from daymove.competitions import withdrawing
from daymove.competitions.models import Entry, Season
from daymove.competitions.results import record_league_result
from daymove.competitions.signals import one_table_announcement as announcing_once
from daymove.errors import Conflict, Forbidden, Refused
from daymove.play.models import Match
from daymove.round import endings


def after_ending(match: Match) -> None:
    """The league's step after an ending: the table counts it; a second timeout this season withdraws the player."""
    with announcing_once():  # a second timeout's withdrawal ends more games: the table is announced once
        entry = record_league_result(match)
        if entry is not None:
            withdraw(entry, withdrawing.SECOND_TIMEOUT)


def withdraw(entry: Entry, reason: str, by=None) -> bool:
    """Withdraw the entry from its running season (the site, or the staff `by`); False if it already was.

    With fewer than half of their games finished all of them are struck and the running ones aborted; with half
    or more the running ones become forfeit wins for the opponents, unrated.
    """
    if by is not None:
        withdrawing.require_staff(by)
    reason = withdrawing.clean_reason(reason)
    with transaction.atomic(), announcing_once():  # one table announcement, not one per game it ends
        plan = withdrawing.mark_withdrawn(entry, reason)
        if plan is None:
            return False
        for game in plan.aborted:
            with contextlib.suppress(Conflict):  # it ended meanwhile: struck all the same
                endings.end_match(game.match, None, withdrawing.ABORTED_BY_WITHDRAWAL, aborted=True)
        for game, winner in plan.forfeited:
            if withdrawing.forfeit(game, winner):
                endings.end_match(game.match, winner, withdrawing.FORFEIT)
        withdrawing.announce(entry)
    return True


def withdraw_self(entry: Entry, user) -> bool:
    """The player withdraws from their season themselves; Forbidden for anyone else's entry."""
    if user is None or not user.is_authenticated or entry.player_id != user.pk:
        raise Forbidden(gettext("This is not your entry."))
    if not withdraw(entry, withdrawing.OWN_CHOICE):
        raise Refused(gettext("You have already withdrawn from this season."))
    return True


def leave_leagues(user) -> list[int]:
    """Withdraw a player whose account closes from every running season; the entries withdrawn."""
    running = Entry.objects.filter(
        player=user, withdrawn_at__isnull=True, division__season__status=Season.Status.RUNNING
    ).select_related("division")
    return [entry.pk for entry in running if withdraw(entry, withdrawing.ACCOUNT_CLOSED)]
