from django.contrib import admin

from daymove.clocks.models import CalendarFeed, MatchClock, Vacation


@admin.register(MatchClock)
class MatchClockAdmin(admin.ModelAdmin):
    list_display = ["match", "kind", "running_seat", "deadline0", "deadline1"]
    list_filter = ["kind"]
    raw_id_fields = ["match"]


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
