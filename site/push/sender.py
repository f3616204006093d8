"""The push job: build the notification at sending time and send it, encrypted (RFC 8291), to one device.

A push whose moment has passed (the player moved, the offer was withdrawn or made again) is not sent. A device
the push service says is gone (404, 410) is removed; any other failure is retried by the outbox.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from daymove.competitions.models import Entry, Season
from daymove.competitions.naming import LEAGUE_GAME, league_label
from daymove.notify.models import LADDER_KINDS
from daymove.outbox.jobs import MAIL, handler
from daymove.play.models import Challenge, Match
from daymove.play.turns import waiting_count
from daymove.players.languages import language_of
from daymove.push.events import KIND
from daymove.push.keys import private_pem
from daymove.push.ladder_messages import ladder_message
from daymove.push.models import PushSubscription

TTL = 24 * 60 * 60  # seconds a push service keeps a push for a device that is offline
GONE = (404, 410)


def _match_message(payload: dict, user) -> dict | None:
    match = Match.objects.select_related("player0", "player1", LEAGUE_GAME).filter(pk=payload["match"]).first()
    seat = match.seat_of(user) if match else None
    if seat is None:
        return None
    kind, title = payload["kind"], f"{match.rules.name} #{match.pk}"
    league = league_label(match)
    if league:
        title = f"{title}, {league}"
    opponent = match.players[1 - seat]
    if kind == "game_over":
        if match.is_active:
            return None
        return {"title": title, "body": gettext("Game over: %(result)s") % {"result": match.result_text()}}
    current = match.is_active and match.ply == payload["ply"]
    if kind == "your_turn" and current and match.to_move == seat:
        return {"title": title, "body": gettext("Your turn against %(opponent)s.") % {"opponent": opponent}}
    if kind == "draw_offer" and current and match.draw_offer_seat == 1 - seat:
        return {"title": title, "body": gettext("%(opponent)s offers a draw.") % {"opponent": opponent}}
    if kind == "draw_declined" and match.is_active and match.draw_offer_seat is None:
        body = gettext("%(opponent)s declined your draw offer.") % {"opponent": opponent}
        return {"title": title, "body": body}
    return None


def _season_started(payload: dict, user) -> tuple[dict | None, str]:
    """The season's name and the player's division, while the season runs; and the division page."""
    entry = (
        Entry.objects.select_related("division__season__series")
        .filter(division__season_id=payload["season"], player=user, division__season__status=Season.Status.RUNNING)
        .first()
    )
    if entry is None:
        return None, ""
    opponents = Entry.objects.filter(division_id=entry.division_id).count() - 1
    message = {
        "title": str(entry.division.season),
        "body": ngettext(
            "The season has started: division %(division)s, %(count)s opponent.",
            "The season has started: division %(division)s, %(count)s opponents.",
            opponents,
        )
        % {"division": entry.division.index + 1, "count": opponents},
    }
    return message, entry.division.get_absolute_url()


def message_for(payload: dict, user) -> dict | None:
    """What the push says and where it leads, or None if its news is stale."""
    if payload["kind"] == "season_started":
        message, url = _season_started(payload, user)
    elif payload["kind"] in LADDER_KINDS:
        message, url = ladder_message(payload, user)
    elif payload["kind"] == "challenge":
        found = Challenge.objects.filter(pk=payload["challenge"], opponent=user, status=Challenge.Status.OPEN).first()
        if found is None:
            return None
        body = gettext("%(creator)s challenges you to %(game)s.") % {"creator": found.creator, "game": found.rules.name}
        message = {"title": gettext("A challenge"), "body": body}
        url = reverse("lobby")
    else:
        message = _match_message(payload, user)
        url = reverse("match", args=[payload["match"]])
    if message is None:
        return None
    subject = payload.get("match") or payload.get("challenge") or payload.get("season") or payload.get("ladder")
    tag = f"{payload['kind']}-{subject}"
    return message | {"kind": payload["kind"], "url": url, "tag": tag, "badge": waiting_count(user)}


def deliver(device: PushSubscription, message: dict) -> None:
    """Encrypt and send one push; remove the device if its push service says it is gone."""
    try:
        webpush(
            device.info(),
            json.dumps(message),
            vapid_private_key=Vapid02.from_pem(private_pem().encode()),
            vapid_claims={"sub": settings.DAYMOVE_VAPID_SUBJECT},
            ttl=TTL,
            timeout=10,
        )
    except WebPushException as error:
        if error.response is not None and error.response.status_code in GONE:
            device.delete()
            return
        raise


@handler(KIND, queue=MAIL)
def send_push_job(payload: dict) -> None:
    """Send one device its push (or nothing, if the device, the keys or the news are gone)."""
    device = PushSubscription.objects.filter(pk=payload["device"], user_id=payload["user"]).first()
    user = get_user_model().objects.filter(pk=payload["user"], is_active=True).first()
    if device is None or user is None or not private_pem():
        return
    # Written in the recipient's language (the worker has no request).
    with translation.override(language_of(user)):
        message = message_for(payload, user)
    if message is not None:
        deliver(device, message)
