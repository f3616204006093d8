"""Support's read-only lists of analyses and plans, per match. While a match with hidden information is
on, the moves stay hidden (a player's own moves there are secret); only their shape is shown."""

from __future__ import annotations

from django.contrib import admin

from daymove.plans import trees
from daymove.plans.models import AnalysisTree, ConditionalPlan


@admin.display(description="lines")
def lines_shown(row) -> str:
    """The lines, or only how many and how long while the match hides something."""
    lines = trees.lines(row.tree)
    if row.match.is_active and row.match.rules.hidden_information:
        longest = max((len(line) for line in lines), default=0)
        return f"{len(lines)} line(s), up to {longest} move(s): shown when the match has ended"
    return "; ".join(" ".join(line) for line in lines)


class ReadOnly(admin.ModelAdmin):
    list_select_related = ["match", "owner"]
    search_fields = ["=match__id", "owner__username"]
    exclude = ["tree", "note"]  # the note names moves: `lines_shown` says what may be shown

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ConditionalPlan)
class ConditionalPlanAdmin(ReadOnly):
    list_display = ["match", "owner", "status", "ply", lines_shown, "updated"]
    list_filter = ["status"]
    readonly_fields = [lines_shown]


@admin.register(AnalysisTree)
class AnalysisTreeAdmin(ReadOnly):
    list_display = ["match", "owner", "root_ply", lines_shown, "published", "updated"]
    readonly_fields = [lines_shown]
