"""Support's read-only lists of plans and analyses, per match. A plan's moves are listed, except while a match
with hidden information is on (a player's own moves there are secret): then only its shape. An analysis is its
owner's alone: only its shape, ever."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.plans import trees
from daymove.plans.models import AnalysisTree, ConditionalPlan


@admin.display(description=_("lines"))
def shape(row) -> str:
    """How many lines and how long, without a move."""
    lines = trees.lines(row.tree)
    longest = max((len(line) for line in lines), default=0)
    return gettext("%(lines)s line(s), up to %(moves)s move(s)") % {"lines": len(lines), "moves": longest}


@admin.display(description=_("lines"))
def plan_lines(row) -> str:
    """The plan's lines, or only their shape while the match hides something."""
    if row.match.is_active and row.match.rules.visibility.hidden:
        return gettext("%(shape)s: shown when the match has ended") % {"shape": shape(row)}
    return "; ".join(" ".join(line) for line in trees.lines(row.tree))


class ReadOnly(admin.ModelAdmin):
    list_select_related = ["match", "owner"]
    search_fields = ["=match__id", "owner__username"]
    exclude = ["tree", "said", "old_note"]  # the note names moves: `plan_lines` and `shape` say what may be shown

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ConditionalPlan)
class ConditionalPlanAdmin(ReadOnly):
    list_display = ["match", "owner", "status", "ply", plan_lines, "updated"]
    list_filter = ["status"]
    readonly_fields = [plan_lines]


@admin.register(AnalysisTree)
class AnalysisTreeAdmin(ReadOnly):
    list_display = ["match", "owner", "root_ply", shape, "published", "updated"]
    readonly_fields = [shape]
