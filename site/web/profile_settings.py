"""What a player says about themself on their profile, and whether their games are listed for others."""

from __future__ import annotations

from django import forms

from daymove.players.models import ABOUT_MAX_LENGTH, Player


class ProfileSettingsForm(forms.ModelForm):
    """The profile's "about" text and the listing of one's games on the watch page and in the site's archive."""

    class Meta:
        model = Player
        fields = ["about", "games_listed"]
        labels = {
            "about": "About me",
            "games_listed": "List my games on the watch page and in the archive of all games",
        }
        help_texts = {
            "about": f"Shown on your profile, at most {ABOUT_MAX_LENGTH} characters. Anyone may report it.",
            "games_listed": "Unlisted, your games are still open to anyone who has their address, "
            "and your own archive shows them to you alone.",
        }
        widgets = {"about": forms.Textarea(attrs={"rows": 3, "maxlength": ABOUT_MAX_LENGTH})}

    def clean_about(self):
        return self.cleaned_data["about"].strip()
