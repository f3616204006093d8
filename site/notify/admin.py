from django.contrib import admin

from daymove.notify.models import EmailPreferences


@admin.register(EmailPreferences)
class EmailPreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "turn_emails", "digest_hour", "reminders", "game_over", "challenges"]
    list_filter = ["turn_emails", "reminders"]
    raw_id_fields = ["user"]
