"""Time-control terms as plain data: checked here before they reach a challenge or a match."""

from __future__ import annotations

from daymove.clocks.models import TimeControl
from daymove.errors import Refused

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
DEFAULT_TERMS = {"kind": TimeControl.Kind.PER_MOVE.value, "days": 3}
MAX_BANK_DAYS = 60
MAX_INCREMENT_DAYS = 14


def _whole(value, what: str) -> int:
    if isinstance(value, bool):
        raise Refused(f"The {what} must be a whole number of days.")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(f"The {what} must be a whole number of days.") from None


def check_terms(data: dict | None) -> dict:
    """The terms in canonical form (the default when empty); Refused with a reason if they are not allowed."""
    if not data:
        return dict(DEFAULT_TERMS)
    kind = data.get("kind")
    if kind == TimeControl.Kind.PER_MOVE:
        days = _whole(data.get("days"), "days per move")
        if days not in DAYS_PER_MOVE:
            raise Refused(f"Choose {', '.join(map(str, DAYS_PER_MOVE))} days per move.")
        return {"kind": kind, "days": days}
    if kind == TimeControl.Kind.BANK:
        initial = _whole(data.get("initial"), "initial time bank")
        increment = _whole(data.get("increment"), "time added per move")
        cap = _whole(data.get("cap"), "time bank cap")
        if not 1 <= initial <= MAX_BANK_DAYS:
            raise Refused(f"The initial time bank must be 1 to {MAX_BANK_DAYS} days.")
        if not 0 <= increment <= MAX_INCREMENT_DAYS:
            raise Refused(f"The time added per move must be 0 to {MAX_INCREMENT_DAYS} days.")
        if not initial <= cap <= MAX_BANK_DAYS:
            raise Refused(f"The cap must be at least the initial time bank and at most {MAX_BANK_DAYS} days.")
        if increment == 0 and initial < 3:
            raise Refused("A time bank with nothing added per move needs at least 3 days.")
        return {"kind": kind, "initial": initial, "increment": increment, "cap": cap}
    raise Refused("Choose days per move or a time bank.")


def apply_terms(clock: TimeControl, terms: dict) -> None:
    """Copy checked terms onto a clock row (not saved)."""
    clock.kind = terms["kind"]
    if terms["kind"] == TimeControl.Kind.BANK:
        clock.bank_initial_days = terms["initial"]
        clock.bank_increment_days = terms["increment"]
        clock.bank_cap_days = terms["cap"]
    else:
        clock.days_per_move = terms["days"]
