"""What a player says about themself on their profile, and whether their games are listed for others."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from daymove.players.models import ABOUT_MAX_LENGTH, Player


class ProfileSettingsForm(forms.ModelForm):
    """The profile's "about" text, the listing of one's games on the watch page and in the site's archive, and the
    language of the site and of one's emails."""

    # Each language named in itself; automatic follows the browser (emails: the one it last read the site in).
    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        choices=[("", _("Automatic (the browser's language)")), *settings.LANGUAGES],
        help_text=_(
            "The language of the site and of your emails. Automatic: your browser's, and emails in the language "
            "you last read the site in."
        ),
    )

    class Meta:
        model = Player
        fields = ["about", "games_listed", "language"]
        labels = {
            "about": _("About me"),
            "games_listed": _("List my games on the watch page and in the archive of all games"),
        }
        help_texts = {
            "about": format_lazy(
                _("Shown on your profile, at most {count} characters. Anyone may report it."), count=ABOUT_MAX_LENGTH
            ),
            "games_listed": _(
                "Unlisted, your games are still open to anyone who has their address, "
                "and your own archive shows them to you alone."
            ),
        }
        widgets = {"about": forms.Textarea(attrs={"rows": 3, "maxlength": ABOUT_MAX_LENGTH})}

    def clean_about(self):
        return self.cleaned_data["about"].strip()
