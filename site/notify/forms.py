"""The settings form (time zone and email choices) and the sign-up form's guessed time zone."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from daymove.clocks.zones import is_zone, zone_choices
from daymove.notify.models import REMINDER_HOURS, EmailPreferences
from daymove.players.models import Player


def _hour_label(hours: int) -> str:
    return ngettext("%(hours)d hour left", "%(hours)d hours left", hours) % {"hours": hours}


class PreferencesForm(forms.Form):
    """Time zone, which emails, reminder thresholds and the digest hour."""

    # The zones' IANA names (cities and regions) are not translated.
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        widget=forms.Select(attrs={"translate": "no"}),
        help_text=_("Deadlines are shown, and the digest sent, in this time zone."),
    )
    turn_emails = forms.ChoiceField(
        label=_("When it is my turn"), choices=EmailPreferences.TurnEmails.choices, widget=forms.RadioSelect
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Send the digest at"), coerce=int, choices=[(h, f"{h:02d}:00") for h in range(24)]
    )
    reminders = forms.BooleanField(label=_("Remind me before a deadline"), required=False)
    reminder_hours = forms.TypedMultipleChoiceField(
        label=_("Remind me when"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[(h, lazy(_hour_label, str)(h)) for h in REMINDER_HOURS],  # in the reader's language
    )
    game_over = forms.BooleanField(label=_("Email me when a match ends"), required=False)
    challenges = forms.BooleanField(label=_("Email me when someone challenges me"), required=False)
    league_reminder = forms.BooleanField(
        label=_("Leagues: remind me 3 days before a season I registered for starts"), required=False
    )
    season_started = forms.BooleanField(
        label=_("Leagues: when a season of mine starts (my division, opponents and first deadlines)"), required=False
    )
    season_closed = forms.BooleanField(
        label=_("Leagues: when a season of mine closes (my place, promotion or relegation, the next start)"),
        required=False,
    )
    season_waiting = forms.BooleanField(
        label=_("Leagues: when a season I registered for waits for more players"), required=False
    )
    league_withdrawn = forms.BooleanField(
        label=_("Leagues: when I am withdrawn from a season (why, and what becomes of my games)"), required=False
    )
    ladder_challenged = forms.BooleanField(
        label=_("Ladders: when someone challenges me (the match has started)"), required=False
    )
    ladder_passed = forms.BooleanField(
        label=_("Ladders: when a challenger's win moves me down a place"), required=False
    )
    ladder_moved = forms.BooleanField(
        label=_("Ladders: when I drop for being idle, or the moderators move me"), required=False
    )
    ladder_idle = forms.BooleanField(label=_("Ladders: a week before I am removed for being idle"), required=False)
    next_game_after_move = forms.BooleanField(
        label=_("After I move, go to my next game where it is my turn"), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = (self.initial or {}).get("time_zone")
        self.fields["time_zone"].choices = zone_choices(keep=self.data.get("time_zone") or current)

    def clean(self):
        data = super().clean()
        if data.get("reminders") and not data.get("reminder_hours"):
            self.add_error("reminder_hours", _("Choose when to be reminded, or turn reminders off."))
        return data


class TimeZoneSignupForm(forms.Form):
    """Extra sign-up field: the browser's time zone, filled in by static/js/timezone.js."""

    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput(attrs={"data-guess-zone": ""}))

    def signup(self, request, user):
        """Called by allauth once the account exists: keep the guessed zone if it is a real one."""
        name = self.cleaned_data.get("time_zone", "")
        if is_zone(name):
            Player.objects.filter(user=user).update(time_zone=name)
