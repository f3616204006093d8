"""What a ladder push says: one line, built from what the ladder email would say now (nothing once it is stale)."""

from __future__ import annotations

from daymove.notify.ladder_mail import BUILDERS


def _line(kind: str, words: dict) -> str:
    if kind == "ladder_challenged":
        return (
            f"{words['challenger']} challenges you: the match has started{', your move' if words['your_move'] else ''}."
        )
    if kind == "ladder_passed":
        return f"{words['by']} passed you: you are on place {words['place']}."
    if kind == "ladder_moved":
        if words["idle"]:
            return f"Idle: you dropped to place {words['to_place']}."
        return f"The moderators moved you to place {words['to_place']}."
    return f"You leave the ladder in {words['days_left']} days unless a ladder game of yours ends."


def ladder_message(payload: dict, user) -> tuple[dict | None, str]:
    """The push of a ladder tiding and where it leads (the match, or the ladder), or None if its news is stale."""
    kind = payload["kind"]
    words = BUILDERS[kind](payload, user)
    if words is None:
        return None, ""
    url = words["match"].get_absolute_url() if kind == "ladder_challenged" else words["ladder"].get_absolute_url()
    return {"title": str(words["ladder"]), "body": _line(kind, words)}, url
