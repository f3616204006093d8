"""The moderators' queue: reports (open ones first, oldest first) with a decision on each, and the moderation log."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Case, IntegerField, Q, Value, When
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from daymove.errors import Refused
from daymove.moderation import actions
from daymove.moderation.league_actions import LEAGUE_KINDS
from daymove.moderation.models import ModerationAction, Report
from daymove.play.models import Match
from daymove.talk.models import ChatMessage

CHAT_CONTEXT = 6  # chat lines shown before and after a reported one
ANNULLABLE_SHOWN = 50  # the reported player's latest rated games offered for annulment

DECISIONS = [
    ("", _("No decision yet")),
    ("dismiss", _("Dismiss the report (no action)")),
    ("warn", _("Warn the player (they read the message below)")),
    ("mute", _("Mute their chat")),
    ("close", _("Close their account (matches in progress are resigned)")),
    ("annul", _("Annul the ratings of the games chosen below")),
]


class DecisionForm(forms.ModelForm):
    """A moderator's decision on a report: the report's own fields are read-only."""

    decision = forms.ChoiceField(label=_("Decision"), choices=DECISIONS, required=False)
    message = forms.CharField(
        label=_("Message"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("For a warning: what the player reads."),
    )
    mute_days = forms.IntegerField(required=False, min_value=1, max_value=365, initial=7, label=_("Mute for (days)"))
    games = forms.ModelMultipleChoiceField(
        label=_("Games"),
        queryset=Match.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("For annulling: the player's latest rated games; both sides' rating changes are taken back."),
    )

    class Meta:
        model = Report
        fields = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        reported = self.instance.reported
        rated = Match.objects.involving(reported).filter(rated=True, status=Match.Status.FINISHED)
        latest = list(rated.order_by("-finished_at").values_list("pk", flat=True)[:ANNULLABLE_SHOWN])
        self.fields["games"].queryset = (
            Match.objects.filter(pk__in=latest).select_related("player0", "player1").order_by("-finished_at")
        )
        self.fields["games"].label_from_instance = lambda m: f"#{m.pk} {m.rules.name}: {m.result_text()}"

    def clean(self):
        data = super().clean()
        decision = data.get("decision")
        if decision == "warn" and not (data.get("message") or "").strip():
            self.add_error("message", gettext("Write the warning the player will read."))
        if decision == "mute" and not data.get("mute_days"):
            self.add_error("mute_days", gettext("Say for how many days."))
        if decision == "annul" and not data.get("games"):
            self.add_error("games", gettext("Choose the games whose ratings are annulled."))
        if decision == "close" and (self.instance.reported.is_staff or self.instance.reported.is_superuser):
            self.add_error("decision", gettext("Staff accounts are not closed from the report queue."))
        return data


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    form = DecisionForm
    list_display = ["created", "reported_link", "reason", "reporter", "status", "excerpt"]
    list_filter = ["status", "reason"]
    search_fields = ["reported__username", "reporter__username", "details"]
    list_select_related = ["reported", "reporter", "chat_message"]
    readonly_fields = [
        "created",
        "reporter",
        "reported_link",
        "reason",
        "details",
        "match_link",
        "chat_context",
        "status",
        "closed_at",
        "closed_by",
        "history",
    ]
    fieldsets = [
        (_("Report"), {"fields": readonly_fields}),
        (_("Decision"), {"fields": ["decision", "message", "mute_days", "games"]}),
    ]
    actions = ["dismiss_reports"]

    def has_add_permission(self, request):
        return False  # reports come from players

    def has_delete_permission(self, request, obj=None):
        return False  # the queue is the record of what was reported

    def get_queryset(self, request):
        # The queue: open reports first, oldest first; closed ones after, latest first.
        is_open = Case(When(status=Report.Status.OPEN, then=Value(0)), default=Value(1), output_field=IntegerField())
        return super().get_queryset(request).annotate(closed=is_open).order_by("closed", "created")

    @admin.display(description=_("reported player"), ordering="reported__username")
    def reported_link(self, report):
        url = reverse("admin:players_player_changelist") + f"?q={report.reported.username}"
        return format_html('<a href="{}">{}</a>', url, report.reported.username)

    @admin.display(description=_("reported chat line"))
    def excerpt(self, report):
        line = report.chat_message
        return (line.text[:60] or gettext("(deleted)")) if line else "—"

    @admin.display(description=_("match"))
    def match_link(self, report):
        if report.match_id is None:
            return "—"
        said = gettext("match #%(number)s") % {"number": report.match_id}
        return format_html('<a href="{}">{}</a>', report.match.get_absolute_url(), said)

    @admin.display(description=_("chat around the reported line"))
    def chat_context(self, report):
        line = report.chat_message
        if line is None:
            return "—"
        chat = ChatMessage.objects.filter(match_id=line.match_id).select_related("author")
        earlier = Q(created__lt=line.created) | Q(created=line.created, pk__lt=line.pk)
        later = Q(created__gt=line.created) | Q(created=line.created, pk__gt=line.pk)
        before = list(chat.filter(earlier).order_by("-created", "-pk")[:CHAT_CONTEXT])[::-1]
        after = list(chat.filter(later).order_by("created", "pk")[:CHAT_CONTEXT])
        deleted = gettext("(deleted)")
        rows = [(m.author.username, m.text or deleted, "") for m in before]
        rows.append((line.author.username, line.text or deleted, " ← " + gettext("reported")))
        rows += [(m.author.username, m.text or deleted, "") for m in after]
        return format_html("<ol>{}</ol>", format_html_join("", "<li><b>{}</b>: {}<b>{}</b></li>", rows))

    @admin.display(description=_("earlier actions on this player"))
    def history(self, report):
        reported = report.reported
        on_them = Q(target=reported) | Q(match__player0=reported) | Q(match__player1=reported)
        actions = ModerationAction.objects.filter(on_them).select_related("moderator")
        rows = []
        for a in actions:
            where = " " + gettext("in match #%(number)s") % {"number": a.match_id} if a.match_id else ""
            by = a.moderator or gettext("the site")
            rows.append((a.created.strftime("%Y-%m-%d"), a.get_kind_display(), where, by))
        if not rows:
            return gettext("None.")
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}: {}{} ({})</li>", rows))

    def save_model(self, request, report, form, change):
        """Carry out the decision (the report's own fields never change here)."""
        data = form.cleaned_data
        decision = data.get("decision")
        target, moderator = report.reported, request.user
        try:
            if decision == "dismiss":
                actions.dismiss(report, moderator)
            elif decision == "warn":
                actions.warn(target, moderator, data["message"], report)
            elif decision == "mute":
                actions.mute(target, moderator, data["mute_days"], report)
            elif decision == "close":
                actions.close_account(target, moderator, report)
            elif decision == "annul":
                actions.annul_ratings(target, moderator, data["games"], report)
        except Refused as refusal:
            self.message_user(request, refusal.message, messages.ERROR)
            form.decision_done = ""
            return
        form.decision_done = str(dict(DECISIONS)[decision]) if decision else ""

    def construct_change_message(self, request, form, formsets, add=False):
        # The admin log says what was decided (the report's fields are read-only, so nothing else changes).
        done = getattr(form, "decision_done", "")
        return gettext("Decision: %(decision)s") % {"decision": done} if done else gettext("No decision")

    @admin.action(description=_("Dismiss the selected reports (no action)"), permissions=["change"])
    def dismiss_reports(self, request, queryset):
        count = 0
        done = gettext("Decision: %(decision)s") % {"decision": dict(DECISIONS)["dismiss"]}
        for report in queryset.filter(status=Report.Status.OPEN).select_related("reported"):
            actions.dismiss(report, request.user)
            self.log_change(request, report, done)
            count += 1
        said = ngettext("Dismissed: %(count)s report.", "Dismissed: %(count)s reports.", count) % {"count": count}
        self.message_user(request, said, messages.SUCCESS)


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    """The moderation log: every warning, mute, closure, annulment, dismissal, declared result and ladder place
    adjusted, and the site's mass-timeout rule."""

    list_display = ["created", "kind", "target", "match", "moderator", "report", "until", "summary"]
    list_filter = ["kind"]
    search_fields = ["target__username", "moderator__username", "message", "=match__id"]
    list_select_related = ["target", "moderator", "report", "match__player0", "match__player1"]
    readonly_fields = [
        "created",
        "kind",
        "target",
        "match",
        "moderator",
        "report",
        "message",
        "details",
        "until",
        "seen_at",
    ]
    actions = ["lift_mutes"]

    def has_add_permission(self, request):
        return False  # actions are taken from the report queue (or by the site's rules)

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("what"))
    def summary(self, action):
        if action.kind == ModerationAction.Kind.WARN:
            return action.message[:80]
        if action.kind == ModerationAction.Kind.DECLARE:
            return f"{action.details.get('result', '')} — {action.message}"[:120]
        if action.kind == ModerationAction.Kind.LADDER_PLACE:
            details = action.details
            return f"{details.get('ladder')}: {details.get('from')} → {details.get('to')} — {action.message}"[:120]
        if action.kind in LEAGUE_KINDS:
            return f"{action.details.get('name', '')} — {action.message or action.details.get('what', '')}"[:120]
        return ", ".join(f"{key}: {value}" for key, value in action.details.items())[:120] or "—"

    @admin.action(description=_("Lift the chat mute of these players now"), permissions=["change"])
    def lift_mutes(self, request, queryset):
        for target in {action.target for action in queryset.filter(kind=ModerationAction.Kind.MUTE)}:
            lifted = actions.lift_mute(target, request.user)
            if lifted is not None:
                self.log_change(request, lifted, gettext("Chat mute lifted"))
                said = gettext("Chat mute lifted: %(player)s.") % {"player": target.username}
                self.message_user(request, said, messages.SUCCESS)
