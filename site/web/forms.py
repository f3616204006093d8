"""Forms for challenges and moves."""

from __future__ import annotations

from django import forms
from django.urls import reverse

from daymove.clocks.forms import clean_time_control, time_control_fields
from daymove.play.catalog import choosable_options
from games.base import Game

SEAT_CHOICES = [("random", "Random seat")]


class ChallengeForm(forms.Form):
    """A challenge for one game: its options, the opponent (blank = anyone), the seat and the time control."""

    opponent = forms.CharField(
        required=False,
        max_length=150,
        help_text="Leave blank for an open challenge anyone may accept.",
    )
    seat = forms.ChoiceField()
    rated = forms.BooleanField(
        required=False,
        help_text="Changes both players' ratings; needs a verified email address on both sides.",
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
        self.fields["seat"].choices = SEAT_CHOICES + [
            (str(i), f"{name} ({'moves first' if i == 0 else 'moves second'})")
            for i, name in enumerate(game.seat_names)
        ]
        self.option_values = {}
        for name, labels in choosable_options(game).items():
            self.option_values[name] = {str(value): value for value in labels}
            self.fields[f"option_{name}"] = forms.ChoiceField(
                label=name.replace("_", " ").capitalize(),
                choices=[(str(value), label) for value, label in labels.items()],
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
