"""Form fields for time controls (used by the challenge form) and the vacation booking form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.clocks.models import TimeControl, days_per_move_lazy
from daymove.clocks.terms import DAYS_PER_MOVE, DEFAULT_TERMS, MAX_BANK_DAYS, MAX_INCREMENT_DAYS, check_terms
from daymove.errors import Refused

BANK = "bank"
CLOCK_CHOICES = [(str(days), days_per_move_lazy(days)) for days in DAYS_PER_MOVE] + [(BANK, _("Time bank (set below)"))]


def time_control_fields() -> dict[str, forms.Field]:
    """The fields a form needs to choose a time control (add them to the form's fields)."""
    return {
        "clock": forms.ChoiceField(
            label=_("Time control"),
            choices=CLOCK_CHOICES,
            initial=str(DEFAULT_TERMS["days"]),
            required=False,  # left out: the default days per move
            help_text=_("Each move's deadline, or a bank of days that every move adds to."),
        ),
        # Marked data-bank: the page shows them only while "Time bank" is the time control chosen (site.css).
        "bank_initial": forms.IntegerField(
            label=_("Time bank: days at the start"),
            required=False,
            min_value=1,
            max_value=MAX_BANK_DAYS,
            initial=7,
            widget=forms.NumberInput(attrs={"data-bank": ""}),
        ),
        "bank_increment": forms.IntegerField(
            label=_("Time bank: days added per move"),
            required=False,
            min_value=0,
            max_value=MAX_INCREMENT_DAYS,
            initial=1,
            widget=forms.NumberInput(attrs={"data-bank": ""}),
        ),
        "bank_cap": forms.IntegerField(
            label=_("Time bank: at most (days)"),
            required=False,
            min_value=1,
            max_value=MAX_BANK_DAYS,
            initial=14,
            widget=forms.NumberInput(attrs={"data-bank": ""}),
        ),
    }


def clean_time_control(form: forms.Form) -> dict | None:
    """The chosen terms from a bound form's cleaned data; adds the form error and returns None if not allowed."""
    data = form.cleaned_data
    if "clock" not in data:
        return None  # the field already has its error
    if not data["clock"]:
        return check_terms(None)
    if data["clock"] == BANK:
        terms = {
            "kind": TimeControl.Kind.BANK,
            "initial": data.get("bank_initial"),
            "increment": data.get("bank_increment"),
            "cap": data.get("bank_cap"),
        }
        if None in terms.values():
            form.add_error("clock", gettext("A time bank needs its days at the start, days per move and cap."))
            return None
    else:
        terms = {"kind": TimeControl.Kind.PER_MOVE, "days": data["clock"]}
    try:
        return check_terms(terms)
    except Refused as refusal:
        form.add_error("clock", refusal.message)
        return None


class VacationForm(forms.Form):
    """Book days away: first and last day, inclusive, in your own time zone."""

    start = forms.DateField(label=_("First day away"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Last day away"), widget=forms.DateInput(attrs={"type": "date"}))
