from django.contrib import admin

from daymove.clocks.models import CalendarFeed, MatchClock, Vacation


@admin.register(MatchClock)
class MatchClockAdmin(admin.ModelAdmin):
    """Read only: a deadline moves through the match actions (extend), which tell the reminders and open pages."""

    list_display = ["match", "kind", "running_seat", "deadline0", "deadline1"]
    list_filter = ["kind"]
    raw_id_fields = ["match"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["user", "start_date", "end_date", "starts", "ends"]
    raw_id_fields = ["user"]


@admin.register(CalendarFeed)
class CalendarFeedAdmin(admin.ModelAdmin):
    list_display = ["user", "created"]
    exclude = ["token"]  # the token is a password for the feed
    raw_id_fields = ["user"]

    def has_add_permission(self, request):
        return False  # players make their own feed on the settings page
