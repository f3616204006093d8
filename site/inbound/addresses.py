"""Reply addresses: one per player, match, ply and action, signed so that nobody can forge or guess one.

The local part reads `move-<match>-<ply>-<user>-<signature>`: the signature is an HMAC of the rest under
the site's SECRET_KEY, in lower-case base32 because some mail servers lower-case the local part.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

ACTIONS = ("move", "resign")  # "resign" addresses take the confirming second reply of a resignation
SIGNATURE_LENGTH = 16  # base32 characters: 80 bits
_LOCAL_PART = re.compile(r"^(?P<action>[a-z]+)-(?P<match>\d+)-(?P<ply>\d+)-(?P<user>\d+)-(?P<signature>[a-z2-7]+)$")


@dataclass(frozen=True)
class ReplyAddress:
    """What a reply address says: whose reply, to which match, at which ply, for what."""

    action: str
    match_id: int
    ply: int
    user_id: int


class Tampered(ValueError):
    """An address at the reply domain that the site did not make (altered or invented)."""


def _signature(action: str, match_id: int, ply: int, user_id: int) -> str:
    digest = salted_hmac("daymove.inbound.reply-address", f"{action}:{match_id}:{ply}:{user_id}").digest()
    return base64.b32encode(digest).decode().lower()[:SIGNATURE_LENGTH]


def reply_address(match_id: int, ply: int, user_id: int, action: str = "move") -> str:
    """The address a player replies to with their move (or their confirmation) at `ply` of a match."""
    signature = _signature(action, match_id, ply, user_id)
    return f"{action}-{match_id}-{ply}-{user_id}-{signature}@{settings.DAYMOVE_REPLY_DOMAIN}"


def is_ours(address: str) -> bool:
    """Whether the address is at the reply domain."""
    return address.rpartition("@")[2].lower() == settings.DAYMOVE_REPLY_DOMAIN.lower()


def read_address(address: str) -> ReplyAddress:
    """What a reply address at the reply domain says; Tampered if its signature does not hold."""
    local = address.rpartition("@")[0].lower()
    found = _LOCAL_PART.match(local)
    if found is None or found["action"] not in ACTIONS:
        raise Tampered(address)
    reply = ReplyAddress(found["action"], int(found["match"]), int(found["ply"]), int(found["user"]))
    if not constant_time_compare(
        found["signature"], _signature(reply.action, reply.match_id, reply.ply, reply.user_id)
    ):
        raise Tampered(address)
    return reply
