"""Emails recorded as outbox jobs, in the transaction of the change that causes them.

Every email job has a unique key (match, ply, kind, recipient), so a redelivered or swept job
never sends twice. What the email says is built when it is sent (see `mailer`), from the
recipient's own view of the match.
"""

from __future__ import annotations

from datetime import timedelta

from daymove.clocks.models import MatchClock
from daymove.notify.allowances import challenge_email_allowed
from daymove.notify.models import preferences_of
from daymove.outbox.jobs import record, reschedule
from daymove.play.models import Challenge, Match
from daymove.play.signals import is_replaying_history
from daymove.players.bots import is_bot

KIND = "email"


def email_key(match_id, ply: int, kind: str, user_id: int) -> str:
    """The outbox key of one email: one per (match, ply, kind, recipient)."""
    return f"mail:{match_id}:{ply}:{kind}:{user_id}"


def _against_bot(match: Match) -> bool:
    return any(is_bot(user) for user in match.players)


def _record_email(kind: str, key: str, user, run_after=None, **payload) -> None:
    if is_replaying_history():
        return
    record(KIND, key, {"kind": kind, "user": user.pk, **payload}, run_after=run_after)


def challenge_created(challenge) -> None:
    """Tell the named opponent of a direct challenge (people only, within the hourly email allowances)."""
    opponent = challenge.opponent
    if opponent is None or is_bot(opponent) or not preferences_of(opponent).wants("challenge"):
        return
    if not challenge_email_allowed(challenge.creator, opponent):
        challenge.email_held = True  # the challenger is told that no email went out
        return
    _record_email(
        "challenge", email_key(f"c{challenge.pk}", 0, "challenge", opponent.pk), opponent, challenge=challenge.pk
    )


def match_started(match: Match) -> None:
    """A match has started: tell the challenger if they move first (whoever accepted is on the page)."""
    creator_id = Challenge.objects.filter(match=match).values_list("creator_id", flat=True).first()
    to_move = match.players[match.to_move] if match.to_move is not None else None
    turn_passed(match, first_turn_for_creator=to_move is not None and to_move.pk == creator_id)


def turn_passed(match: Match, *, first_turn_for_creator: bool = False, awaited: bool = False) -> None:
    """The turn has passed: "your turn" to the player to move (their reminders follow the deadline the clock set).

    Against a bot no "your turn" email is sent (the bot answers within seconds, while the player is on
    the page); reminders still are, as the player's deadline runs. Nor is one to a player whose plan
    waited for this move: they get the plan's email instead (`reply_played` or `plan_dropped`).
    """
    if not match.is_active or match.to_move is None or awaited:
        return
    user = match.players[match.to_move]
    if is_bot(user):
        return
    wants_turn_email = match.ply > 0 or first_turn_for_creator
    if wants_turn_email and not _against_bot(match) and preferences_of(user).wants("your_turn"):
        _record_email(
            "your_turn", email_key(match.pk, match.ply, "your_turn", user.pk), user, match=match.pk, ply=match.ply
        )


def reminder_kind(hours: int) -> str:
    return f"reminder-{hours}h"


def schedule_reminders(match: Match) -> None:
    """Record (or move) the reminders of the player to move at the thresholds they chose."""
    clock = MatchClock.objects.filter(match=match).first()
    seat = match.to_move
    if clock is None or seat is None or not match.is_active:
        return
    deadline = clock.deadline_of(seat)
    user = match.players[seat]
    preferences = preferences_of(user)
    if deadline is None or not preferences.reminders:
        return
    for hours in sorted(set(preferences.reminder_hours)):
        key = email_key(match.pk, match.ply, reminder_kind(hours), user.pk)
        run_after = deadline - timedelta(hours=hours)
        if reschedule(key, run_after):
            continue  # a deadline moved (vacation): the pending reminder moves with it
        if run_after > clock.turn_started:  # a threshold longer than the whole turn says nothing new
            _record_email("reminder", key, user, run_after=run_after, match=match.pk, ply=match.ply, hours=hours)


def draw_offered(match: Match, seat: int) -> None:
    """Tell the opponent of `seat` about its draw offer (one email per ply: offering again sends no more).

    Only an offer made while the opponent is to move needs an email of its own: one made on the offerer's
    turn reaches the opponent in the "your turn" email of the offerer's move. It follows the "your turn"
    preference, since an offer is answered on the match page, like a move.
    """
    user = match.players[1 - seat]
    if match.to_move == seat or is_bot(user) or not preferences_of(user).wants("your_turn"):
        return
    _record_email(
        "draw_offer",
        email_key(match.pk, match.ply, "draw_offer", user.pk),
        user,
        match=match.pk,
        ply=match.ply,
        seat=seat,
    )


def match_finished(match: Match) -> None:
    """Tell both players the result (not in matches against a bot: the player is watching)."""
    if _against_bot(match):
        return
    for user in match.players:
        if preferences_of(user).wants("game_over"):
            _record_email(
                "game_over", email_key(match.pk, match.ply, "game_over", user.pk), user, match=match.pk, ply=match.ply
            )


def reply_played(match: Match, owner, ply: int) -> None:
    """Tell the owner that their planned reply was played at `ply` (instead of "your turn")."""
    if is_bot(owner) or _against_bot(match) or not preferences_of(owner).wants("your_turn"):
        return
    _record_email("planned_reply", email_key(match.pk, ply, "planned_reply", owner.pk), owner, match=match.pk, ply=ply)


def plan_dropped(match: Match, owner, why: str, dropped: list[list[str]]) -> None:
    """Tell the owner why their plan was dropped and which lines went (it is their turn)."""
    if is_bot(owner) or _against_bot(match) or not preferences_of(owner).wants("your_turn"):
        return
    _record_email(
        "plan_dropped",
        email_key(match.pk, match.ply, "plan_dropped", owner.pk),
        owner,
        match=match.pk,
        ply=match.ply,
        why=why,
        dropped=dropped,
    )
