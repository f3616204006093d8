from django.contrib import admin

from daymove.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings change only through rated results; the admin reads them."""

    list_display = ["user", "game", "rating", "deviation", "volatility", "games", "updated", "established_until"]
    list_filter = ["game"]
    search_fields = ["user__username"]
    list_select_related = ["user"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # ratings and records would disagree


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """What each rated result did to a rating: history, read only (moderators annul a result from a report)."""

    list_display = ["match", "user", "game", "score", "rating_before", "rating_after", "created"]
    list_filter = ["game"]
    search_fields = ["user__username", "=match__id"]
    list_select_related = ["user", "match"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # ratings and records would disagree
