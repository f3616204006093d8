"""Forms for challenges and moves."""

from __future__ import annotations

from django import forms

from daymove.play.catalog import choosable_options
from games.base import Game

SEAT_CHOICES = [("random", "Random seat")]


class ChallengeForm(forms.Form):
    """A challenge for one game: its options, the opponent (blank = anyone) and the seat."""

    opponent = forms.CharField(
        required=False, max_length=150,
        help_text="Leave blank for an open challenge anyone may accept.",
    )
    seat = forms.ChoiceField()

    def __init__(self, game: Game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
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
