"""The lobby's open challenges, filtered by game, the creator's rating and the time control."""

from __future__ import annotations

from django import forms
from django.db.models import FloatField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from daymove.clocks.forms import BANK, CLOCK_CHOICES
from daymove.clocks.models import TimeControl
from daymove.ratings import glicko2
from daymove.ratings.models import Rating
from games.registry import all_games


class OpenChallengeFilter(forms.Form):
    """What a player looks for among open challenges; every field may be left empty."""

    game = forms.ChoiceField(required=False)
    min_rating = forms.IntegerField(required=False, min_value=0, max_value=5000, label=_("Rating from"))
    max_rating = forms.IntegerField(
        required=False, min_value=0, max_value=5000, label=pgettext_lazy("a rating range: from … to …", "to")
    )
    clock = forms.ChoiceField(
        required=False, label=_("Time control"), choices=[("", _("Any time control")), *CLOCK_CHOICES]
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("Any game"))] + [(slug, g.name) for slug, g in all_games().items()]

    def apply(self, challenges):
        """The challenges that match the valid filters, each annotated with the creator's rating."""
        rating = Rating.objects.filter(user=OuterRef("creator"), game=OuterRef("game"))
        challenges = challenges.annotate(
            creator_rating=Coalesce(
                Subquery(rating.values("rating")[:1]), Value(glicko2.INITIAL_RATING), output_field=FloatField()
            ),
            creator_established_until=Subquery(rating.values("established_until")[:1]),
        )
        if not self.is_bound or not self.is_valid():
            return challenges
        data = self.cleaned_data
        if data["game"]:
            challenges = challenges.filter(game=data["game"])
        if data["min_rating"] is not None:
            challenges = challenges.filter(creator_rating__gte=data["min_rating"])
        if data["max_rating"] is not None:
            challenges = challenges.filter(creator_rating__lte=data["max_rating"])
        if data["clock"] == BANK:
            challenges = challenges.filter(clock__kind=TimeControl.Kind.BANK)
        elif data["clock"]:
            challenges = challenges.filter(
                clock__kind=TimeControl.Kind.PER_MOVE, clock__days_per_move=int(data["clock"])
            )
        return challenges


def rating_label(challenge, now=None) -> str:
    """The creator's rating as shown beside an annotated open challenge, "?" while provisional."""
    now = now or timezone.now()
    until = challenge.creator_established_until
    provisional = until is None or until <= now
    return f"{round(challenge.creator_rating)}{'?' if provisional else ''}"
