"""Short texts about clocks for lists (kept out of templates so a missing clock reads as nothing)."""

from __future__ import annotations


def time_control_summary(challenge) -> str:
    """The time control a challenge offers, e.g. "3 days per move" ("" if it has none recorded)."""
    clock = getattr(challenge, "clock", None)  # a missing reverse one-to-one raises AttributeError
    return str(clock) if clock is not None else ""
