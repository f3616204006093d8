"""Time-control terms as plain data: checked here before they reach a challenge or a match."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from daymove.clocks.models import TimeControl
from daymove.errors import Refused

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
DEFAULT_TERMS = {"kind": TimeControl.Kind.PER_MOVE.value, "days": 3}
MAX_BANK_DAYS = 60
MAX_INCREMENT_DAYS = 14
NOT_WHOLE = {
    "days": gettext_noop("The days per move must be a whole number of days."),
    "initial": gettext_noop("The initial time bank must be a whole number of days."),
    "increment": gettext_noop("The time added per move must be a whole number of days."),
    "cap": gettext_noop("The time bank cap must be a whole number of days."),
}


def _whole(data: dict, name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool):
        raise Refused(gettext(NOT_WHOLE[name]))
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(gettext(NOT_WHOLE[name])) from None


def check_terms(data: dict | None) -> dict:
    """The terms in canonical form (the default when empty); Refused with a reason if they are not allowed."""
    if not data:
        return dict(DEFAULT_TERMS)
    kind = data.get("kind")
    if kind == TimeControl.Kind.PER_MOVE:
        days = _whole(data, "days")
        if days not in DAYS_PER_MOVE:
            raise Refused(
                gettext("Choose %(choices)s days per move.") % {"choices": ", ".join(map(str, DAYS_PER_MOVE))}
            )
        return {"kind": kind, "days": days}
    if kind == TimeControl.Kind.BANK:
        initial = _whole(data, "initial")
        increment = _whole(data, "increment")
        cap = _whole(data, "cap")
        if not 1 <= initial <= MAX_BANK_DAYS:
            raise Refused(gettext("The initial time bank must be 1 to %(most)s days.") % {"most": MAX_BANK_DAYS})
        if not 0 <= increment <= MAX_INCREMENT_DAYS:
            raise Refused(gettext("The time added per move must be 0 to %(most)s days.") % {"most": MAX_INCREMENT_DAYS})
        if not initial <= cap <= MAX_BANK_DAYS:
            raise Refused(
                gettext("The cap must be at least the initial time bank and at most %(most)s days.")
                % {"most": MAX_BANK_DAYS}
            )
        if increment == 0 and initial < 3:
            raise Refused(gettext("A time bank with nothing added per move needs at least 3 days."))
        return {"kind": kind, "initial": initial, "increment": increment, "cap": cap}
    raise Refused(gettext("Choose days per move or a time bank."))


def apply_terms(clock: TimeControl, terms: dict) -> None:
    """Copy checked terms onto a clock row (not saved)."""
    clock.kind = terms["kind"]
    if terms["kind"] == TimeControl.Kind.BANK:
        clock.bank_initial_days = terms["initial"]
        clock.bank_increment_days = terms["increment"]
        clock.bank_cap_days = terms["cap"]
    else:
        clock.days_per_move = terms["days"]
