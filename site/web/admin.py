"""Admin for challenges, matches, moves and players (whose list shows their ratings).

The cached position holds hidden information in some games, so the admin never shows `state`;
move notation of hidden-information games is hidden while the match is in progress. Matches and
moves are history: they change only through the actions below (a declared result asks for a
reason first), and a match in which anything was played or rated is never deleted.
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db import transaction
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from daymove.clocks.services import extend_deadline
from daymove.errors import Refused
from daymove.live.notices import AWAY, match_changed, players_changed
from daymove.moderation import actions as moderation
from daymove.play import bot_jobs
from daymove.play.models import RESULT_NOTE_MAX_LENGTH, Challenge, Match, Move
from daymove.play.replaycheck import replay_mismatch
from daymove.play.wording import options_said
from daymove.players.models import Player
from daymove.ratings.models import display
from daymove.round import endings
from daymove.web import (
    ladder_admin,  # noqa: F401 - registers the ladders' admin (Django discovers admin.py only)
    league_admin,  # noqa: F401 - registers the leagues' admin (Django discovers admin.py only)
)


def shown_notation(move: Move) -> str:
    """The notation an admin may read: hidden-information moves only once the match is over."""
    if move.match.rules.visibility.hidden and move.match.is_active:
        return gettext("(hidden until the match ends)")
    return move.notation


shown_notation.short_description = _("notation")


class NoLookupsOnSecrets:
    """Refuses list filters on secret fields (`?notation__startswith=Bm`): their answer would reveal hidden moves.

    Django's admin allows lookups on a model's own fields even when they are not shown; these answer 400.
    """

    secret_fields: tuple[str, ...] = ()

    def lookup_allowed(self, lookup, value, request):
        if lookup.split("__", 1)[0] in self.secret_fields:
            return False
        return super().lookup_allowed(lookup, value, request)


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    can_delete = False
    fields = ["ply", "seat", shown_notation, "created"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class ReasonForm(forms.Form):
    """Why the moderators declare a result: required, shown to the players with it."""

    reason = forms.CharField(
        max_length=RESULT_NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        label=_("Reason"),
        help_text=_("Shown with the result on the match page and in the game-over email: both players read it."),
    )


def _has_history(match: Match) -> bool:
    """Whether anything was played or rated in the match (deleting it would make ratings and records disagree)."""
    return match.moves.exists() or match.rating_changes.exists()


def _extend(match: Match, days: int) -> None:
    """Extend the running deadline; the match's open pages and both players' lists show the new one at once."""
    with transaction.atomic():
        extend_deadline(match, days)
        match_changed(match, AWAY)  # the clock part of an open match page asks for itself again
        players_changed(match.player0_id, match.player1_id)


def _run_action(modeladmin, request, queryset, verb: str, action) -> None:
    """Apply `action` to each selected match, log each change, and report what happened."""
    done = 0
    for match in queryset.select_related("player0", "player1"):
        try:
            action(match)
        except Refused as refusal:
            modeladmin.message_user(request, f"#{match.pk}: {refusal.message}", messages.WARNING)
            continue
        modeladmin.log_change(request, match, verb)
        done += 1
    if done:
        said = ngettext("%(verb)s: %(count)s match.", "%(verb)s: %(count)s matches.", done)
        modeladmin.message_user(request, said % {"verb": verb, "count": done}, messages.SUCCESS)


def _replay_report(match: Match) -> tuple[bool, str]:
    """The replay check's finding, without move notation of a hidden-information game in progress."""
    problem = replay_mismatch(match, match.notations())
    if problem is None:
        return True, gettext("Replay check: the moves give the stored position.")
    if match.rules.visibility.hidden and match.is_active:
        return False, gettext("Replay check: the moves do NOT give the stored position (details hidden until the end).")
    return False, gettext("Replay check: %(problem)s.") % {"problem": problem}


@admin.register(Match)
class MatchAdmin(NoLookupsOnSecrets, admin.ModelAdmin):
    secret_fields = ("state",)
    list_display = [
        "number",
        "game_name",
        "player0",
        "player1",
        "status",
        "rated",
        "ply",
        "to_move",
        "result",
        "updated",
    ]
    list_filter = ["game", "status", "rated", "result_reason"]
    search_fields = ["=id", "player0__username", "player1__username"]
    list_select_related = ["player0", "player1"]
    exclude = ["state", "game", "options", "result_reason"]  # the state is secret; the rest is said in words below
    # A match changes only through the services (moves, actions below), never by editing its fields.
    readonly_fields = [
        "game_name",
        "options_in_words",
        "status",
        "rated",
        "player0",
        "player1",
        "ply",
        "to_move",
        "winner",
        "scores",
        "result",
        "draw_offer_seat",
        "created",
        "updated",
        "finished_at",
    ]
    inlines = [MoveInline]
    actions = [
        "abort",
        "declare_first_seat_won",
        "declare_second_seat_won",
        "declare_draw",
        "extend_one_day",
        "extend_three_days",
        "check_replay",
        "requeue_bot_turn",
    ]

    # The game, its options and how it ended in words (the stored codes are the site's, not a reader's).
    @admin.display(description=_("number"), ordering="id")
    def number(self, match):
        return f"#{match.pk}"

    @admin.display(description=_("game"), ordering="game")
    def game_name(self, match):
        return match.rules.name

    @admin.display(description=_("options"))
    def options_in_words(self, match):
        return options_said(match.rules, match.options) or "—"

    @admin.display(description=_("result"), ordering="result_reason")
    def result(self, match):
        return match.result_text() or "—"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        # The actions need "change"; a match's own page only shows it (no form could save it past the services).
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request, obj=None):
        # Also asked for each match of the bulk "delete selected" action, and for a user's matches when deleting one.
        if obj is not None and _has_history(obj):
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        # Django's bulk delete answers a match with moves by blaming the admin's permissions; without it, a match
        # that may go is deleted from its own page, and one with history is aborted or adjudicated instead.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Abort (no result, not rated)"), permissions=["change"])
    def abort(self, request, queryset):
        _run_action(self, request, queryset, gettext("Aborted"), endings.abort)

    def _declare(self, request, queryset, winner: int | None, verb: str, action: str):
        """The confirmation page asking for the reason; once given, declare the result of each selected match."""
        form = ReasonForm(request.POST if "confirm" in request.POST else None)
        if form.is_valid():
            reason = form.cleaned_data["reason"]
            _run_action(
                self,
                request,
                queryset,
                gettext("%(verb)s (reason: %(reason)s)") % {"verb": verb, "reason": reason},
                lambda match: moderation.declare_result(match, winner, request.user, reason),
            )
            return None  # back to the list, with what happened
        matches = list(queryset.select_related("player0", "player1"))
        outcome = {"winner": winner, "scores": None, "reason": "declared-by-admin"}
        rows = [(m, m.rules.result_words(outcome, (m.player0.username, m.player1.username))) for m in matches]
        context = self.admin_site.each_context(request) | {
            "title": gettext("%(verb)s: are you sure?") % {"verb": verb},
            "opts": self.model._meta,
            "rows": rows,
            "form": form,
            "action": action,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/play/match/declare_result.html", context)

    @admin.action(description=_("Declare a result: the first seat won…"), permissions=["change"])
    def declare_first_seat_won(self, request, queryset):
        verb = gettext("Declared a win for the first seat")
        return self._declare(request, queryset, 0, verb, "declare_first_seat_won")

    @admin.action(description=_("Declare a result: the second seat won…"), permissions=["change"])
    def declare_second_seat_won(self, request, queryset):
        verb = gettext("Declared a win for the second seat")
        return self._declare(request, queryset, 1, verb, "declare_second_seat_won")

    @admin.action(description=_("Declare a result: draw…"), permissions=["change"])
    def declare_draw(self, request, queryset):
        return self._declare(request, queryset, None, gettext("Declared a draw"), "declare_draw")

    @admin.action(description=_("Extend the running deadline by 1 day"), permissions=["change"])
    def extend_one_day(self, request, queryset):
        _run_action(self, request, queryset, gettext("Extended the deadline by 1 day"), lambda m: _extend(m, 1))

    @admin.action(description=_("Extend the running deadline by 3 days"), permissions=["change"])
    def extend_three_days(self, request, queryset):
        _run_action(self, request, queryset, gettext("Extended the deadline by 3 days"), lambda m: _extend(m, 3))

    @admin.action(description=_("Check the replay (moves give the stored position)"), permissions=["view"])
    def check_replay(self, request, queryset):
        for match in queryset:
            ok, report = _replay_report(match)
            self.log_change(request, match, report)
            self.message_user(request, f"#{match.pk}: {report}", messages.SUCCESS if ok else messages.ERROR)

    @admin.action(description=_("Re-queue the bot's turn"), permissions=["change"])
    def requeue_bot_turn(self, request, queryset):
        _run_action(self, request, queryset, gettext("Re-queued the bot's turn"), bot_jobs.requeue_bot_turn)


@admin.register(Move)
class MoveAdmin(NoLookupsOnSecrets, admin.ModelAdmin):
    secret_fields = ("notation",)
    list_display = ["match", "ply", "seat", shown_notation, "created"]
    list_filter = ["match__game"]
    search_fields = ["match__id"]
    list_select_related = ["match"]
    readonly_fields = ["match", "ply", "seat", shown_notation, "created"]
    exclude = ["notation"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # a move is history

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "creator", "opponent", "status", "rated", "created"]
    list_filter = ["game", "status", "rated"]
    search_fields = ["creator__username", "opponent__username"]
    list_select_related = ["creator", "opponent"]
    raw_id_fields = ["creator", "opponent", "match"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["user", "active", "ratings", "time_zone", "is_bot", "bot_level", "created"]
    list_filter = ["is_bot", "user__is_active"]
    search_fields = ["user__username", "user__email"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]
    readonly_fields = ["ratings"]
    actions = ["disable_accounts", "enable_accounts"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("user__ratings")

    def has_delete_permission(self, request, obj=None):
        return False  # every page reads a player's profile: disable the account instead

    @admin.display(boolean=True, description=_("active"), ordering="user__is_active")
    def active(self, player):
        return player.user.is_active

    @admin.display(description=_("ratings"))
    def ratings(self, player):
        now = timezone.now()
        rows = sorted(player.user.ratings.all(), key=lambda r: r.game)
        return ", ".join(f"{r.game} {display(r.current(now))} ({r.games})" for r in rows) or "—"

    def _set_active(self, request, queryset, active: bool, verb: str):
        for player in queryset.select_related("user"):
            if player.user.is_active == active:
                continue
            if not active and player.user.pk == request.user.pk:
                self.message_user(request, gettext("You cannot disable your own account."), messages.WARNING)
                continue
            player.user.is_active = active
            player.user.save(update_fields=["is_active"])
            self.log_change(request, player, verb)
            said = gettext("%(verb)s: %(player)s.") % {"verb": verb, "player": player.user.username}
            self.message_user(request, said, messages.SUCCESS)

    @admin.action(description=_("Disable the account (cannot log in; matches stay)"), permissions=["change"])
    def disable_accounts(self, request, queryset):
        self._set_active(request, queryset, False, gettext("Account disabled"))

    @admin.action(description=_("Enable the account again"), permissions=["change"])
    def enable_accounts(self, request, queryset):
        self._set_active(request, queryset, True, gettext("Account enabled"))


admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class AccountAdmin(UserAdmin):
    """Django's user admin, without deleting: a user's matches are history (disable the account instead; a player
    deletes their own through the account-deletion service, which keeps the matches under an anonymous name)."""

    def has_delete_permission(self, request, obj=None):
        return False
