"""The archive's search form: what may be asked of a list of games, checked before any query is made."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.clocks.forms import BANK
from daymove.clocks.models import days_per_move_lazy
from daymove.clocks.terms import DAYS_PER_MOVE
from daymove.play.wording import said
from games.messages import say
from games.registry import all_games, get_game

BOARD_GAME = "abande"  # the one game whose board is a choice
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_CURSOR = re.compile(r"^(\d{1,18})\.(\d{1,12})$")  # both fit a 64-bit integer column
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(9998, 12, 31)  # far enough, and every day of them has a start

PLAYER_RESULTS = [
    ("won", _("Won")),
    ("lost", _("Lost")),
    ("drawn", _("Drawn")),
    ("aborted", _("Aborted")),
    ("running", _("In progress")),
]
SITE_RESULTS = [
    ("decided", _("Won by either side")),
    ("drawn", _("Drawn")),
    ("aborted", _("Aborted")),
    ("running", _("In progress")),
]
SORTS = [
    ("newest", _("Newest first")),
    ("oldest", _("Oldest first")),
    ("longest", _("Longest first")),
    ("shortest", _("Shortest first")),
]
CLOCKS = [(str(days), days_per_move_lazy(days)) for days in DAYS_PER_MOVE] + [(BANK, _("Time bank"))]


def _choices(label: str, values) -> list[tuple[str, str]]:
    return [("", label), *values]


class ArchiveFilter(forms.Form):
    """A search of a player's games (`player` given: results and opponents from their side) or of the site's."""

    game = forms.ChoiceField(required=False, label=_("Game"))
    board = forms.ChoiceField(required=False, label=_("Abande board"))
    opponent = forms.CharField(required=False, max_length=150, label=_("Opponent"))
    result = forms.ChoiceField(required=False, label=_("Result"))
    rated = forms.ChoiceField(
        required=False,
        choices=_choices(_("Rated or casual"), [("yes", _("Rated")), ("no", _("Casual"))]),
        label=_("Rated"),
    )
    clock = forms.ChoiceField(required=False, choices=_choices(_("Any time control"), CLOCKS), label=_("Time control"))
    since = forms.DateField(required=False, label=_("Started from"), widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, label=_("Started until"), widget=forms.DateInput(attrs={"type": "date"}))
    bots = forms.ChoiceField(required=False)
    sort = forms.ChoiceField(required=False, choices=SORTS, label=_("Order"))
    after = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)

    def __init__(self, data=None, *, player=None):
        super().__init__(data)
        self.player = player
        self.fields["game"].choices = _choices(_("Any game"), [(slug, g.name) for slug, g in all_games().items()])
        [board] = [spec for spec in get_game(BOARD_GAME).chosen_option_specs() if spec.name == "board"]
        boards = [(str(value), said(say(label))) for value, label in board.values]
        self.fields["board"].choices = _choices(_("Any board"), boards)
        if player is None:
            del self.fields["opponent"]
            self.fields["result"].choices = _choices(_("Any result"), SITE_RESULTS)
            self.fields["bots"].choices = _choices(
                _("Bots or people"), [("bot", _("With a bot")), ("person", _("People only"))]
            )
            self.fields["bots"].label = _("Players")
        else:
            self.fields["result"].choices = _choices(_("Any result"), PLAYER_RESULTS)
            self.fields["result"].help_text = gettext("From %(player)s's side.") % {"player": player.username}
            self.fields["bots"].choices = _choices(_("Bot or person"), [("bot", _("A bot")), ("person", _("A person"))])
            self.fields["bots"].label = _("Opponent is")

    def clean_opponent(self):
        name = self.cleaned_data["opponent"].strip()
        if not name:
            return None
        opponent = get_user_model().objects.filter(username=name).first()
        if opponent is None:
            raise forms.ValidationError(gettext("There is no player called %(name)s.") % {"name": name})
        return opponent

    def clean_after(self):
        text = self.cleaned_data["after"]
        if not text:
            return None
        found = _CURSOR.match(text)
        if found is None:
            raise forms.ValidationError(gettext("This page's address is damaged: start again from the first page."))
        key, pk = int(found[1]), int(found[2])
        if self.cleaned_data.get("sort", "") not in ("", "newest", "oldest"):
            return key, pk
        try:
            return EPOCH + timedelta(microseconds=key), pk
        except OverflowError:
            raise forms.ValidationError(
                gettext("This page's address is damaged: start again from the first page.")
            ) from None

    def _clean_day(self, name: str):
        day = self.cleaned_data[name]
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            raise forms.ValidationError(
                gettext("Choose a day between %(first)s and %(last)s.")
                % {"first": FIRST_DAY.year, "last": LAST_DAY.year}
            )
        return day

    def clean_since(self):
        return self._clean_day("since")

    def clean_until(self):
        return self._clean_day("until")

    def clean(self):
        data = super().clean()
        if data.get("board") and data.get("game") not in ("", None, BOARD_GAME):
            self.add_error(
                "board", gettext("The board is a choice in %(game)s only.") % {"game": get_game(BOARD_GAME).name}
            )
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", gettext("The end of the date range is before its start."))
        return data


def cursor_of(match, sort: str) -> str:
    """The `after` value that starts the next page after `match` in this order."""
    if sort in ("longest", "shortest"):
        return f"{match.ply}.{match.pk}"
    return f"{(match.created - EPOCH) // timedelta(microseconds=1)}.{match.pk}"
