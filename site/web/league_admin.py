"""Admin of the leagues: series (created, changed, paused, resumed), seasons (the division draw previewed and stored,
started, postponed, closed), entries (moved between divisions before the start, withdrawn, reinstated) and league
games (a result overridden).

Each action asks for a reason on a confirmation page, then goes through `daymove.moderation.league_actions`, which
calls the league's service and logs it in the moderation log; a refusal is shown as a message, never a 500. Rows
change only through those actions: the admin edits no season, entry or league game directly.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from daymove.clocks.terms import check_terms
from daymove.competitions import seasons
from daymove.competitions.models import REASON_MAX_LENGTH, Division, Entry, LeagueGame, Season, Series
from daymove.errors import Refused
from daymove.moderation import league_actions
from games.base import BadOptions
from games.registry import all_games

TEMPLATE = "admin/competitions/league_action.html"


class ReasonForm(forms.Form):
    """Why the staff act: required, kept in the moderation log (and shown to the player where it concerns them)."""

    reason = forms.CharField(
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        label=_("Reason"),
        help_text=_("Kept in the moderation log; a withdrawn player reads it."),
    )


class PostponeForm(ReasonForm):
    starts_at = forms.DateTimeField(
        label=_("New start"), help_text=_("In the site's time zone (UTC), e.g. 2026-12-01 18:00.")
    )


class MoveForm(ReasonForm):
    division = forms.ModelChoiceField(queryset=Division.objects.none(), label=_("To division"))

    def __init__(self, *args, season_id=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["division"].queryset = Division.objects.filter(season_id=season_id).order_by("index")
        self.fields["division"].label_from_instance = lambda division: (
            gettext("Division %(number)s") % {"number": division.index + 1}
        )


class OverrideForm(ReasonForm):
    winner = forms.TypedChoiceField(
        label=_("Result"),
        coerce=int,
        choices=[(0, _("The first seat won")), (1, _("The second seat won")), (-1, _("Draw"))],
    )


def _confirm(modeladmin, request, queryset, *, form_class, title, intro, button, apply, rows=None, form_kwargs=None):
    """The confirmation page of an action (the objects, the form); once valid, apply it to each selected object,
    with each refusal or success said in a message. Returns the page, or None (back to the list)."""
    form = form_class(request.POST if "confirm" in request.POST else None, **(form_kwargs or {}))
    objects = list(queryset)
    if form.is_valid():
        for obj in objects:
            try:
                apply(obj, form.cleaned_data)
            except Refused as refusal:
                words = gettext("%(object)s: %(refusal)s") % {"object": obj, "refusal": refusal.message}
                modeladmin.message_user(request, words, messages.WARNING)
                continue
            modeladmin.log_change(request, obj, f"{title} (reason: {form.cleaned_data['reason']})")
            modeladmin.message_user(
                request, gettext("%(done)s: %(object)s.") % {"done": title, "object": obj}, messages.SUCCESS
            )
        return None
    context = modeladmin.admin_site.each_context(request) | {
        "title": title,
        "intro": intro,
        "opts": modeladmin.model._meta,
        "objects": objects,
        "rows": rows,
        "form": form,
        "button": button,
        "action": request.POST.get("action", ""),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, TEMPLATE, context)


class ReadOnly:
    """Rows that change only through the actions: shown, never added, edited or deleted here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        # The actions need "change"; an object's own page only shows it.
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request, obj=None):
        return False


class SeriesForm(forms.ModelForm):
    class Meta:
        model = Series
        fields = [
            "slug",
            "name",
            "game",
            "options",
            "time_control",
            "division_size",
            "double_round_robin",
            "vacation_cap_days",
            "rated",
            "bots_allowed",
        ]
        # Options and clock terms are JSON, the same in every language.
        json = {"translate": "no", "rows": 3, "cols": 60}
        widgets = {
            "game": forms.Select(choices=[]),
            "options": forms.Textarea(attrs=json),
            "time_control": forms.Textarea(attrs=json),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].widget.choices = [(game.slug, game.name) for game in all_games().values()]

    def clean_game(self):
        slug = self.cleaned_data["game"]
        if slug not in all_games():
            raise forms.ValidationError(gettext("Choose one of the site's games."))
        return slug

    def clean_time_control(self):
        try:
            return check_terms(self.cleaned_data["time_control"])
        except Refused as refusal:
            raise forms.ValidationError(refusal.message) from None

    def clean(self):
        data = super().clean()
        game = all_games().get(data.get("game"))
        if game is not None and "options" in data:
            try:
                data["options"] = game.normalize_options(data["options"] or {})
            except BadOptions as error:
                self.add_error("options", gettext("These options do not fit the game: %(error)s") % {"error": error})
        return data


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    form = SeriesForm
    list_display = ["name", "game", "division_size", "double_round_robin", "rated", "bots_allowed", "paused"]
    list_filter = ["game", "paused"]
    search_fields = ["name", "slug"]
    readonly_fields = ["paused", "created"]
    actions = ["pause", "resume"]

    def has_delete_permission(self, request, obj=None):
        return False  # its seasons are history: pause it instead

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        league_actions.series_saved(obj, request.user, created=not change)

    @admin.action(description=_("Pause (no new season starts)…"), permissions=["change"])
    def pause(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=gettext("Paused"),
            intro=gettext("No new season of these series starts until they are resumed; running seasons go on."),
            button=gettext("Pause"),
            apply=lambda series, data: league_actions.set_paused(series, True, request.user, data["reason"]),
        )

    @admin.action(description=_("Resume…"), permissions=["change"])
    def resume(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=gettext("Resumed"),
            intro=gettext("The next season of these series starts on its date again."),
            button=gettext("Resume"),
            apply=lambda series, data: league_actions.set_paused(series, False, request.user, data["reason"]),
        )


def _draw_rows(season: Season) -> list[str]:
    """The division draw of an open season as it would be made now, in words (top division first)."""
    groups = seasons.draw(season)
    if not groups:
        registered = len(seasons.entrants(season))
        words = ngettext(
            "Nobody can be drawn yet: %(count)s player registered.",
            "Nobody can be drawn yet: %(count)s players registered.",
            registered,
        )
        return [words % {"count": registered}]
    return [
        gettext("Division %(number)s: %(players)s")
        % {
            "number": index,
            "players": ", ".join(
                f"{entry.player.username} ({entry.rating_at_start:.0f}{'?' if entry.provisional else ''})"
                for entry in group
            ),
        }
        for index, group in enumerate(groups, 1)
    ]


@admin.register(Season)
class SeasonAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["__str__", "status", "starts_at", "started_at", "closes_by", "closed_at", "waiting_for"]
    list_filter = ["status", "series"]
    list_select_related = ["series"]
    actions = ["preview_draw", "start_now", "postpone", "close_now"]

    @admin.action(description=_("Preview the division draw (and store it, to move players)…"), permissions=["change"])
    def preview_draw(self, request, queryset):
        season = queryset.select_related("series").first()
        if queryset.count() != 1 or season.status != Season.Status.OPEN:
            words = gettext("Preview the draw of one season open for registration.")
            self.message_user(request, words, messages.WARNING)
            return None
        return _confirm(
            self,
            request,
            queryset.select_related("series"),
            form_class=ReasonForm,
            title=gettext("Draw stored"),
            intro=gettext(
                "The divisions as they would be drawn now. Storing the draw lets you move players between "
                "divisions (Entries) before the start; if anyone joins or leaves meanwhile, the start draws afresh."
            ),
            button=gettext("Store this draw"),
            rows=_draw_rows(season),
            apply=lambda season, data: league_actions.store_draw(season, request.user, data["reason"]),
        )

    @admin.action(description=_("Start now…"), permissions=["change"])
    def start_now(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("series"),
            form_class=ReasonForm,
            title=gettext("Started"),
            intro=gettext("Every game of every division starts at once; each player gets one email."),
            button=gettext("Start the season"),
            apply=lambda season, data: league_actions.start(season, request.user, data["reason"]),
        )

    @admin.action(description=_("Postpone…"), permissions=["change"])
    def postpone(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("series"),
            form_class=PostponeForm,
            title=gettext("Postponed"),
            intro=gettext(
                "The season starts at the new moment instead; registered players are reminded again before it."
            ),
            button=gettext("Postpone"),
            apply=lambda season, data: league_actions.postpone(season, data["starts_at"], request.user, data["reason"]),
        )

    @admin.action(description=_("Close now…"), permissions=["change"])
    def close_now(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("series"),
            form_class=ReasonForm,
            title=gettext("Closed"),
            intro=gettext(
                "Final places and movement are written now; games still running go on and count for ratings, "
                "and a player whose movement they could change stays in their division."
            ),
            button=gettext("Close the season"),
            apply=lambda season, data: league_actions.close(season, request.user, data["reason"]),
        )


@admin.register(Division)
class DivisionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["__str__", "level", "number", "index"]
    list_filter = ["season__series", "season__status"]
    list_select_related = ["season__series"]


@admin.register(Entry)
class EntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = [
        "player",
        "division",
        "seat",
        "rating_at_start",
        "timeouts",
        "withdrawn_at",
        "results_struck",
        "final_place",
        "movement",
    ]
    list_filter = ["division__season__status", "division__season__series"]
    search_fields = ["player__username"]
    list_select_related = ["player", "division__season__series"]
    actions = ["move_division", "withdraw", "reinstate"]

    @admin.action(description=_("Move to another division (before the start)…"), permissions=["change"])
    def move_division(self, request, queryset):
        season_ids = set(queryset.values_list("division__season_id", flat=True))
        if len(season_ids) != 1:
            self.message_user(request, gettext("Move players of one season at a time."), messages.WARNING)
            return None
        return _confirm(
            self,
            request,
            queryset.select_related("player", "division__season__series"),
            form_class=MoveForm,
            form_kwargs={"season_id": season_ids.pop()},
            title=gettext("Moved"),
            intro=gettext(
                "Only a stored draw of a season not yet started can change (Seasons: preview the draw, store it)."
            ),
            button=gettext("Move"),
            apply=lambda entry, data: league_actions.move(entry, data["division"], request.user, data["reason"]),
        )

    @admin.action(description=_("Withdraw from the season…"), permissions=["change"])
    def withdraw(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("player", "division__season__series"),
            form_class=ReasonForm,
            title=pgettext("from a league season", "Withdrawn"),
            intro=gettext(
                "With fewer than half of their games finished, all their games are struck (unfinished ones "
                "aborted); with half or more, their results stand and their unfinished games are forfeit wins for "
                "the opponents. The player is emailed the reason."
            ),
            button=gettext("Withdraw"),
            apply=lambda entry, data: league_actions.withdraw(entry, request.user, data["reason"]),
        )

    @admin.action(description=_("Reinstate (take the withdrawal back)…"), permissions=["change"])
    def reinstate(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("player", "division__season__series"),
            form_class=ReasonForm,
            title=gettext("Reinstated"),
            intro=gettext("Possible while the season runs and the withdrawal has ended none of the player's games."),
            button=gettext("Reinstate"),
            apply=lambda entry, data: league_actions.reinstate(entry, request.user, data["reason"]),
        )


@admin.register(LeagueGame)
class LeagueGameAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["__str__", "round", "counted", "forfeit_winner", "override_note"]
    list_filter = ["division__season__status", "division__season__series", "counted"]
    search_fields = ["=match__id", "match__player0__username", "match__player1__username"]
    list_select_related = ["division__season__series", "match"]
    raw_id_fields = ["match"]
    actions = ["override"]

    @admin.action(description=_("Override the result…"), permissions=["change"])
    def override(self, request, queryset):
        return _confirm(
            self,
            request,
            queryset.select_related("division__season__series", "match__player0", "match__player1"),
            form_class=OverrideForm,
            title=gettext("Result overridden"),
            intro=gettext(
                "Only a finished game counted as played can be given another result: the match is re-rated if "
                "rated, reads as declared by the moderators with the reason, and the table marks it."
            ),
            button=gettext("Override the result"),
            apply=lambda game, data: league_actions.override(
                game, None if data["winner"] < 0 else data["winner"], request.user, data["reason"]
            ),
        )
