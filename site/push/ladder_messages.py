"""What a ladder push says: one line, built from what the ladder email would say now (nothing once it is stale)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from daymove.notify.ladder_mail import BUILDERS


def _line(kind: str, words: dict) -> str:
    """The push's line, in the active language (the recipient's: push.sender)."""
    if kind == "ladder_challenged":
        if words["your_move"]:
            return gettext("%(name)s challenges you: the match has started, your move.") % {"name": words["challenger"]}
        return gettext("%(name)s challenges you: the match has started.") % {"name": words["challenger"]}
    if kind == "ladder_passed":
        return gettext("%(name)s passed you: you are on place %(place)s.") % {
            "name": words["by"],
            "place": words["place"],
        }
    if kind == "ladder_moved":
        if words["idle"]:
            return gettext("Idle: you dropped to place %(place)s.") % {"place": words["to_place"]}
        return gettext("The moderators moved you to place %(place)s.") % {"place": words["to_place"]}
    days = words["days_left"]
    return ngettext(
        "You leave the ladder in %(days)s day unless a ladder game of yours ends.",
        "You leave the ladder in %(days)s days unless a ladder game of yours ends.",
        days,
    ) % {"days": days}


def ladder_message(payload: dict, user) -> tuple[dict | None, str]:
    """The push of a ladder tiding and where it leads (the match, or the ladder), or None if its news is stale."""
    kind = payload["kind"]
    words = BUILDERS[kind](payload, user)
    if words is None:
        return None, ""
    url = words["match"].get_absolute_url() if kind == "ladder_challenged" else words["ladder"].get_absolute_url()
    return {"title": str(words["ladder"]), "body": _line(kind, words)}, url
