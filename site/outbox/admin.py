from django.contrib import admin

from daymove.outbox.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["key", "kind", "status", "attempts", "run_after", "done_at"]
    list_filter = ["kind", "status"]
    search_fields = ["key"]
    readonly_fields = ["kind", "key", "payload", "attempts", "claimed_at", "done_at", "last_error", "created"]
