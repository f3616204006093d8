"""Forms for challenges and moves."""

from __future__ import annotations

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from daymove.clocks.forms import clean_time_control, time_control_fields
from daymove.play.wording import said
from games.base import Game
from games.messages import N_, say

SEAT_CHOICES = [("random", _("Random seat"))]


def seat_choices(game: Game) -> list[tuple[str, str]]:
    """The seat field's choices: each seat named with what it does first (the game says, for its options)."""
    roles = {game.seat_roles(options) for options in game.option_combinations(chosen_only=True)}
    if len(roles) > 1:  # no game so far: the form cannot know the options the challenger will pick
        roles = {(N_("who moves first depends on the options"),) * 2}
    [seat_roles] = roles
    # Said in the page's language: the games' names and roles are message ids (games.messages).
    return SEAT_CHOICES + [
        (str(seat), f"{said(say(name))} ({said(say(seat_roles[seat]))})") for seat, name in enumerate(game.seat_names)
    ]


class ChallengeForm(forms.Form):
    """A challenge for one game: its options, the opponent (blank = anyone), the seat and the time control."""

    opponent = forms.CharField(
        required=False,
        max_length=150,
        label=_("Opponent"),
        help_text=_("Leave blank for an open challenge anyone may accept."),
    )
    seat = forms.ChoiceField(label=_("Seat"))
    rated = forms.BooleanField(
        required=False,
        label=_("Rated"),
        help_text=_("Changes both players' ratings; needs a verified email address on both sides."),
    )

    def __init__(self, game: Game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        # Typing an opponent's name refreshes the expected rating changes beside the form.
        self.fields["opponent"].widget.attrs.update(
            {
                "hx-get": reverse("expected_change", args=[game.slug]),
                "hx-trigger": "input changed delay:400ms, change",
                "hx-target": "#expected",
                "hx-swap": "outerHTML",
                "autocomplete": "off",
            }
        )
        self.fields["seat"].choices = seat_choices(game)
        self.option_values = {}
        for spec in game.chosen_option_specs():
            self.option_values[spec.name] = {str(value): value for value in spec.choices}
            self.fields[f"option_{spec.name}"] = forms.ChoiceField(
                label=said(say(spec.label)), choices=[(str(value), said(say(label))) for value, label in spec.values]
            )
        self.fields.update(time_control_fields())

    def clean(self):
        data = super().clean()
        self.time_control = clean_time_control(self)  # checked terms, for create_challenge
        return data

    def cleaned_options(self) -> dict:
        """The chosen options with their real (non-string) values."""
        return {name: values[self.cleaned_data[f"option_{name}"]] for name, values in self.option_values.items()}

    def cleaned_seat(self) -> int | None:
        seat = self.cleaned_data["seat"]
        return None if seat == "random" else int(seat)


class MoveForm(forms.Form):
    """A move typed in the game's notation, with the ply the player saw."""

    move = forms.CharField(max_length=64, label="Move")
    ply = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
