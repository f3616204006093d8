"""Admin for challenges, matches and moves.

The cached position holds hidden information in some games, so the admin never shows `state`;
move notation of hidden-information games is hidden while the match is in progress.
"""

from django.contrib import admin

from daymove.play.models import Challenge, Match, Move


def shown_notation(move: Move) -> str:
    """The notation an admin may read: hidden-information moves only once the match is over."""
    if move.match.rules.hidden_information and move.match.is_active:
        return "(hidden until the match ends)"
    return move.notation


shown_notation.short_description = "notation"


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    can_delete = False
    fields = ["ply", "seat", shown_notation, "created"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "player0", "player1", "status", "ply", "to_move", "result_reason", "updated"]
    list_filter = ["game", "status"]
    search_fields = ["player0__username", "player1__username"]
    list_select_related = ["player0", "player1"]
    raw_id_fields = ["player0", "player1"]
    exclude = ["state"]
    readonly_fields = ["game", "options", "ply", "to_move", "winner", "scores", "result_reason", "created",
                       "updated", "finished_at"]
    inlines = [MoveInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["match", "ply", "seat", shown_notation, "created"]
    list_filter = ["match__game"]
    search_fields = ["match__id"]
    list_select_related = ["match"]
    readonly_fields = ["match", "ply", "seat", shown_notation, "created"]
    exclude = ["notation"]

    def has_add_permission(self, request):
        return False


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "creator", "opponent", "status", "created"]
    list_filter = ["game", "status"]
    search_fields = ["creator__username", "opponent__username"]
    list_select_related = ["creator", "opponent"]
    raw_id_fields = ["creator", "opponent", "match"]
