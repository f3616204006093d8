"""Admin for ladders: their settings, who stands where, their games and place history (all read-only but the
settings), and the one change a moderator makes by hand: adjusting a place, with a reason, in the moderation log.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.clocks.terms import check_terms
from daymove.errors import Refused
from daymove.ladders.models import NOTE_MAX_LENGTH, Ladder, LadderGame, PlaceChange, Rung
from daymove.moderation import actions as moderation


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        fields = ["name", "time_control", "active"]

    def clean_time_control(self):
        try:
            return check_terms(self.cleaned_data["time_control"])
        except Refused as refusal:
            raise forms.ValidationError(refusal.message) from None


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    form = LadderForm
    list_display = ["__str__", "slug", "game", "active", "created"]  # its name in the reader's language
    list_filter = ["game", "active"]
    readonly_fields = ["slug", "game", "options", "created"]

    def has_add_permission(self, request):
        return False  # one per game and options, made by daymove.ladders.catalogue

    def has_delete_permission(self, request, obj=None):
        return False  # close it instead (untick "active"): its history stays


class AdjustForm(forms.Form):
    """Where the moderator puts the player, and why (shown in the player's place history)."""

    place = forms.IntegerField(
        min_value=1, label=_("New place"), help_text=_("From 1 (the top); everyone between shifts one place.")
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("Shown in the player's place history and kept in the moderation log."),
    )


@admin.register(Rung)
class RungAdmin(admin.ModelAdmin):
    list_display = ["ladder", "place", "player", "joined_at", "last_ended_at", "idle_drops", "warned_at"]
    list_filter = ["ladder"]
    search_fields = ["player__username"]
    list_select_related = ["ladder", "player"]
    readonly_fields = list_display
    actions = ["adjust_place"]

    def has_add_permission(self, request):
        return False  # players join by challenging

    def has_delete_permission(self, request, obj=None):
        return False  # a place changes only through the services (and the action below)

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request)  # the action needs "change"

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Adjust the place (with a reason)"), permissions=["change"])
    def adjust_place(self, request, queryset):
        rungs = list(queryset.select_related("ladder", "player")[:2])
        if len(rungs) != 1:
            self.message_user(request, gettext("Choose exactly one player to move."), messages.WARNING)
            return None
        [rung] = rungs
        form = AdjustForm(request.POST if "confirm" in request.POST else None)
        if form.is_valid():
            place, reason = form.cleaned_data["place"], form.cleaned_data["reason"]
            try:
                action = moderation.adjust_ladder_place(rung.ladder, rung.player, place, request.user, reason)
            except Refused as refusal:
                self.message_user(request, refusal.message, messages.WARNING)
                return None
            details = action.details
            self.message_user(
                request,
                gettext("%(name)s on the %(ladder)s: place %(from)s → %(to)s.")
                % {
                    "name": rung.player.username,
                    "ladder": rung.ladder.in_sentence,
                    "from": details["from"],
                    "to": details["to"],
                },
                messages.SUCCESS,
            )
            return None
        context = self.admin_site.each_context(request) | {
            "title": gettext("Adjust the place of %(name)s on the %(ladder)s")
            % {"name": rung.player.username, "ladder": rung.ladder.in_sentence},
            "opts": self.model._meta,
            "rung": rung,
            "form": form,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/ladders/rung/adjust_place.html", context)


class HistoryAdmin(admin.ModelAdmin):
    """Rows of history: shown, never added, changed or deleted by hand."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LadderGame)
class LadderGameAdmin(HistoryAdmin):
    list_display = ["match", "ladder", "challenger", "defender", "created", "ended_at", "outcome"]
    list_filter = ["ladder", "outcome"]
    search_fields = ["challenger__username", "defender__username", "=match__id"]
    list_select_related = ["ladder", "challenger", "defender", "match"]
    readonly_fields = [*list_display, "applied_at", "note"]


@admin.register(PlaceChange)
class PlaceChangeAdmin(HistoryAdmin):
    list_display = ["at", "ladder", "player", "from_place", "to_place", "reason", "match", "note"]
    list_filter = ["ladder", "reason"]
    search_fields = ["player__username", "note"]
    list_select_related = ["ladder", "player", "match"]
    readonly_fields = list_display
