from django.contrib import admin

from daymove.players.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["user", "time_zone", "is_bot", "bot_level", "created"]
    list_filter = ["is_bot"]
    search_fields = ["user__username", "user__email"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]
