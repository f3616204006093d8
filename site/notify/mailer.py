"""The email job: build the email for its recipient at sending time, and send it once.

A job whose moment has passed (the recipient already moved or saw the position on the match page, the
match ended, the challenge was answered) sends nothing; so does one for a kind of email the recipient has
turned off, or for a recipient without a verified address, or whose address bounces.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from daymove.clocks.models import ChallengeClock, MatchClock
from daymove.competitions.naming import LEAGUE_GAME, league_label
from daymove.inbound.addresses import reply_address
from daymove.inbound.bounces import is_bouncing
from daymove.notify import emails, ladder_mail, league_mail
from daymove.notify.content import match_link, match_title, turn_summary, waiting_matches
from daymove.notify.events import KIND, PREFERENCE_OF
from daymove.notify.looks import has_seen
from daymove.notify.models import preferences_of
from daymove.outbox.jobs import BULK, MAIL, handler
from daymove.plans import notes
from daymove.play.models import Challenge, Match
from daymove.play.wording import options_said
from daymove.players.accounts import verified_address
from daymove.players.bots import is_bot
from daymove.players.languages import language_of


def _current_turn(payload: dict, user) -> tuple[Match, int] | None:
    """The match and the user's seat if it is still the user's turn at the job's ply."""
    match = Match.objects.select_related("player0", "player1", LEAGUE_GAME).filter(pk=payload["match"]).first()
    if match is None or not match.is_active or match.ply != payload["ply"]:
        return None
    seat = match.seat_of(user)
    if seat is None or match.to_move != seat:
        return None
    return match, seat


def _turn_context(match: Match, seat: int) -> dict:
    return turn_summary(match, seat, MatchClock.objects.filter(match=match).first())


def your_turn(payload: dict, user) -> dict | None:
    """Still the recipient's turn at the job's ply, and the match page has not shown them that position meanwhile."""
    turn = _current_turn(payload, user)
    if turn is None or has_seen(payload["match"], user, payload["ply"]):
        return None
    return _turn_context(*turn)


def reminder(payload: dict, user) -> dict | None:
    turn = _current_turn(payload, user)
    if turn is None or payload["hours"] not in preferences_of(user).reminder_hours:
        return None
    return _turn_context(*turn) | {"hours": payload["hours"]}


def game_over(payload: dict, user) -> dict | None:
    match = Match.objects.select_related("player0", "player1", LEAGUE_GAME).filter(pk=payload["match"]).first()
    if match is None or match.is_active:
        return None
    seat = match.seat_of(user)
    if seat is None:
        return None
    won = match.winner is not None and match.winner == seat
    lost = match.winner is not None and match.winner != seat
    return {
        "match": match,
        "game_name": match.rules.name,
        "league": league_label(match),
        "match_title": match_title(match),
        "opponent": match.players[1 - seat],
        "result": match.result_text(),
        "won": won,
        "lost": lost,
        "match_url": match_link(match),
    }


def draw_offer(payload: dict, user) -> dict | None:
    """The opponent's draw offer, while it still stands and the recipient has not moved (moving lapses it)."""
    turn = _current_turn(payload, user)
    if turn is None or turn[0].draw_offer_seat != 1 - turn[1]:
        return None
    return _turn_context(*turn)


def planned_reply(payload: dict, user) -> dict | None:
    """The opponent's move and the recipient's planned reply to it, both as the recipient reads them."""
    match = Match.objects.select_related("player0", "player1", LEAGUE_GAME).filter(pk=payload["match"]).first()
    seat = match.seat_of(user) if match else None
    if seat is None:
        return None
    ply = payload["ply"]
    seen = match.history_for(seat, match.notations())
    if len(seen) <= ply:
        return None
    return turn_summary(match, seat, MatchClock.objects.filter(match=match).first()) | {
        "after": seen[ply - 1],
        "reply": seen[ply],
        "your_turn": match.is_active and match.to_move == seat,
    }


def plan_dropped(payload: dict, user) -> dict | None:
    """The opponent's move the plan did not expect, the lines dropped; and the turn, if it is still theirs."""
    match = Match.objects.select_related("player0", "player1", LEAGUE_GAME).filter(pk=payload["match"]).first()
    seat = match.seat_of(user) if match else None
    if seat is None:
        return None
    seen = match.history_for(seat, match.notations())
    return turn_summary(match, seat, MatchClock.objects.filter(match=match).first()) | {
        "after": seen[payload["ply"] - 1] if len(seen) >= payload["ply"] else "",
        "why": notes.said(payload.get("why", "")),
        "dropped": [" ".join(line) for line in payload["dropped"]],
        "your_turn": match.is_active and match.ply == payload["ply"] and match.to_move == seat,
    }


def challenge(payload: dict, user) -> dict | None:
    found = (
        Challenge.objects.select_related("creator")
        .filter(pk=payload["challenge"], opponent=user, status=Challenge.Status.OPEN)
        .first()
    )
    if found is None:
        return None
    return {
        "challenge": found,
        "game_name": found.rules.name,
        "creator": found.creator,
        "summary": options_said(found.rules, found.options),
        "time_control": ChallengeClock.objects.filter(challenge=found).first(),
        "lobby_url": settings.SITE_URL + reverse("lobby"),
    }


def digest(payload: dict, user) -> dict | None:
    matches = waiting_matches(user)
    if not matches:
        return None  # nothing waits: no email today
    return {"matches": matches, "date": payload["date"]}


BUILDERS = {
    "your_turn": your_turn,
    "reminder": reminder,
    "game_over": game_over,
    "challenge": challenge,
    "digest": digest,
    "draw_offer": draw_offer,
    "planned_reply": planned_reply,
    "plan_dropped": plan_dropped,
    **league_mail.BUILDERS,
    **ladder_mail.BUILDERS,
}

# Emails about the recipient's turn: a reply to them plays a move (daymove.inbound).
ANSWERABLE = {"your_turn", "reminder", "draw_offer"}


def email_queue(payload: dict) -> str:
    """Digests are bulk work; every other email is someone's news now."""
    return BULK if payload["kind"] == "digest" else MAIL


@handler(KIND, queue=email_queue)
def send_email_job(payload: dict) -> None:
    """Build and send one email job's email (or nothing, if it is no longer wanted or due)."""
    user = get_user_model().objects.filter(pk=payload["user"], is_active=True).select_related("player").first()
    kind = payload["kind"]
    if user is None or is_bot(user) or not preferences_of(user).wants(PREFERENCE_OF.get(kind, kind)):
        return
    address = verified_address(user)
    if address is None or is_bouncing(address):
        return
    # Built in the recipient's language: what the builder says now (a game's result sentence) is theirs too.
    with translation.override(language_of(user)):
        context = BUILDERS[kind](payload, user)
    if context is not None:
        emails.send(
            kind,
            user,
            address,
            context,
            unsubscribe_kind=PREFERENCE_OF.get(kind),
            message_id=emails.message_id(payload),
            reply_to=reply_address(payload["match"], payload["ply"], user.pk) if kind in ANSWERABLE else None,
            pictures=pictures_in(context),
        )


def pictures_in(context: dict) -> list:
    """The board pictures an email shows: its match's, or each waiting match's in a digest."""
    summaries = context.get("matches", [context])
    return [summary["picture"] for summary in summaries if summary.get("picture")]
