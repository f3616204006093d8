from django.contrib import admin, messages
from django.utils import timezone

from daymove.players.models import Player
from daymove.ratings.models import display


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

    @admin.display(boolean=True, description="active", ordering="user__is_active")
    def active(self, player):
        return player.user.is_active

    @admin.display(description="ratings")
    def ratings(self, player):
        now = timezone.now()
        rows = sorted(player.user.ratings.all(), key=lambda r: r.game)
        return ", ".join(f"{r.game} {display(r.current(now))} ({r.games})" for r in rows) or "—"

    def _set_active(self, request, queryset, active: bool, verb: str):
        for player in queryset.select_related("user"):
            if player.user.is_active == active:
                continue
            if not active and player.user.pk == request.user.pk:
                self.message_user(request, "You cannot disable your own account.", messages.WARNING)
                continue
            player.user.is_active = active
            player.user.save(update_fields=["is_active"])
            self.log_change(request, player, verb)
            self.message_user(request, f"{verb}: {player.user.username}.", messages.SUCCESS)

    @admin.action(description="Disable the account (cannot log in; matches stay)", permissions=["change"])
    def disable_accounts(self, request, queryset):
        self._set_active(request, queryset, False, "Account disabled")

    @admin.action(description="Enable the account again", permissions=["change"])
    def enable_accounts(self, request, queryset):
        self._set_active(request, queryset, True, "Account enabled")
