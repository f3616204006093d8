"""Withdrawing a player from a league season, and taking a withdrawal back while nothing irreversible has happened.

What becomes of the games is the rule in `withdrawals`; here are the rows. The games still running are ended by
`daymove.round.leagues.withdraw` (the one service that withdraws a player), which calls these steps in order:
`mark_withdrawn`, then `forfeit` before ending each game given to the opponent, then `announce`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from daymove.competitions import signals, withdrawals
from daymove.competitions.models import REASON_MAX_LENGTH, Division, Entry, LeagueGame, Season
from daymove.errors import Forbidden, Refused
from daymove.play.models import Match

# Why the site withdraws a player (an admin writes their own reason). Stored as written here, in English, and said in
# the reader's language by `reason_words`.
SECOND_TIMEOUT = gettext_noop("a second timeout this season")
OWN_CHOICE = gettext_noop("withdrew at their own request")
ACCOUNT_CLOSED = gettext_noop("the account was closed")
SITE_REASONS = (SECOND_TIMEOUT, OWN_CHOICE, ACCOUNT_CLOSED)

# How the games a withdrawal ends are recorded on the match (`games.words` words them).
ABORTED_BY_WITHDRAWAL = "aborted-withdrawal"
FORFEIT = "forfeit"


@dataclass(frozen=True)
class Plan:
    """What a withdrawal leaves to end: games to abort, and games to give the opponent (with the seat that wins)."""

    rule: withdrawals.Rule
    aborted: tuple[LeagueGame, ...]
    forfeited: tuple[tuple[LeagueGame, int], ...]


def reason_words(reason: str) -> str:
    """A withdrawal's reason as the reader reads it: the site's own in their language, an admin's as written."""
    return gettext(reason) if reason in SITE_REASONS else reason


def clean_reason(reason: str) -> str:
    """The reason on one line; Refused if empty or too long."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused(gettext("Write the reason: the player and the table show it."))
    if len(reason) > REASON_MAX_LENGTH:
        raise Refused(gettext("Keep the reason within %(count)s characters.") % {"count": REASON_MAX_LENGTH})
    return reason


def require_staff(user) -> None:
    """Only the site's staff act on other players' entries."""
    if user is None or not user.is_authenticated or not user.is_staff:
        raise Forbidden(gettext("Only the site's staff may do this."))


def games_of(entry: Entry) -> list[LeagueGame]:
    """The entry's league games in its division, with their matches."""
    mine = Q(match__player0_id=entry.player_id) | Q(match__player1_id=entry.player_id)
    games = LeagueGame.objects.filter(mine, division_id=entry.division_id)
    return list(games.select_related("match__player0", "match__player1"))


def seat_in(game: LeagueGame, player_id: int) -> int:
    """The seat `player_id` plays in the game's match."""
    return 0 if game.match.player0_id == player_id else 1


def mark_withdrawn(entry: Entry, reason: str) -> Plan | None:
    """Withdraw the entry (compare-and-set) and strike its games if the rule says so; None if already withdrawn."""
    season = Season.objects.filter(divisions=entry.division_id).values_list("status", flat=True).first()
    if season != Season.Status.RUNNING:
        raise Refused(gettext("Only a player in a running season can withdraw: a closed season's table is final."))
    games = games_of(entry)
    finished = [withdrawals.Game(g.pk, g.match.status == Match.Status.FINISHED) for g in games]
    decision = withdrawals.withdraw(finished)
    struck = decision.rule is withdrawals.Rule.STRUCK
    now = timezone.now()
    changed = Entry.objects.filter(pk=entry.pk, withdrawn_at__isnull=True).update(
        withdrawn_at=now, withdrawal_reason=reason, results_struck=struck
    )
    if changed != 1:
        return None
    entry.withdrawn_at, entry.withdrawal_reason, entry.results_struck = now, reason, struck
    if struck:
        LeagueGame.objects.filter(pk__in=decision.struck).update(counted=LeagueGame.Counted.STRUCK)
    running = {g.pk: g for g in games if g.match.status == Match.Status.ACTIVE}
    return Plan(
        rule=decision.rule,
        aborted=tuple(running[pk] for pk in decision.aborted if pk in running),
        forfeited=tuple(
            (running[pk], 1 - seat_in(running[pk], entry.player_id)) for pk in decision.forfeited if pk in running
        ),
    )


def forfeit(game: LeagueGame, winner: int) -> bool:
    """Count the still-running game as a forfeit win for seat `winner`, unrated; False if it has ended meanwhile.

    The match row is changed (and so held) first: the ending that follows in this transaction cannot then lose
    to a last-second move, and a game that ended meanwhile keeps the result it was played to.
    """
    if Match.objects.filter(pk=game.match_id, status=Match.Status.ACTIVE).update(rated=False) != 1:
        return False
    game.match.rated = False
    game.counted, game.forfeit_winner = LeagueGame.Counted.FORFEIT, winner
    game.save(update_fields=["counted", "forfeit_winner"])
    return True


def announce(entry: Entry) -> None:
    """Tell the fan-out: the entry is withdrawn and its division's table has changed."""
    signals.entry_withdrawn.send(sender=Entry, entry=entry, reason=entry.withdrawal_reason)
    signals.announce_table(entry.division)


def why_final(entry: Entry) -> str | None:
    """Why the entry's withdrawal can no longer be taken back, or None while it can.

    It can while the season runs, the account is open and the withdrawal has ended none of the player's games
    (only the table's counting changed): a game aborted or given as a forfeit cannot be resumed.
    """
    if entry.withdrawn_at is None:
        return gettext("%(player)s has not withdrawn.") % {"player": entry.player.username}
    if entry.division.season.status != Season.Status.RUNNING:
        return gettext("The season has closed: its table is final.")
    if not entry.player.is_active:
        return gettext("The account of %(player)s is closed.") % {"player": entry.player.username}
    for game in games_of(entry):
        mine = seat_in(game, entry.player_id)
        lost_by_forfeit = game.counted == LeagueGame.Counted.FORFEIT and game.forfeit_winner != mine
        if lost_by_forfeit or game.match.result_reason == ABORTED_BY_WITHDRAWAL:
            return gettext(
                "The withdrawal has already ended some of the player's games (aborted or given as forfeits), "
                "and an ended game cannot be resumed."
            )
    return None


def reinstate(entry: Entry, reason: str, by) -> Entry:
    """Take back a withdrawal (the staff, with a reason for their log); Refused with why when it can no longer be."""
    require_staff(by)
    reason = clean_reason(reason)
    with transaction.atomic():
        entry = Entry.objects.select_for_update().select_related("division__season", "player").get(pk=entry.pk)
        refusal = why_final(entry)
        if refusal:
            raise Refused(refusal)
        if entry.results_struck:
            struck_others = Entry.objects.filter(division_id=entry.division_id, results_struck=True).exclude(
                pk=entry.pk
            )
            others = set(struck_others.values_list("player_id", flat=True))
            mine = [g.pk for g in games_of(entry) if not others & {g.match.player0_id, g.match.player1_id}]
            LeagueGame.objects.filter(pk__in=mine).update(counted=LeagueGame.Counted.RESULT)
        Entry.objects.filter(pk=entry.pk).update(withdrawn_at=None, withdrawal_reason="", results_struck=False)
        entry.withdrawn_at, entry.withdrawal_reason, entry.results_struck = None, "", False
        signals.table_changed.send(sender=Division, division=entry.division)
    return entry
