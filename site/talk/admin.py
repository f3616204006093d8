"""Chat moderation. Private notes are not in the admin: only their author may read them."""

from django.contrib import admin, messages
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from daymove.talk.models import ChatMessage
from daymove.talk.services import set_hidden


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["created", "match", "author", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["text", "author__username", "=match__id"]
    list_select_related = ["author", "match"]
    readonly_fields = ["match", "author", "text", "hidden", "created"]
    actions = ["hide", "unhide"]

    def has_add_permission(self, request):
        return False

    def _set_hidden(self, request, queryset, hidden: bool, verb: str):
        count = 0
        for message in queryset.filter(hidden=not hidden).select_related("match"):
            if set_hidden(message, hidden):
                self.log_change(request, message, verb)
                count += 1
        said = ngettext("%(verb)s: %(count)s message.", "%(verb)s: %(count)s messages.", count)
        self.message_user(request, said % {"verb": verb, "count": count}, messages.SUCCESS)

    @admin.action(description=_("Hide the messages from the players"), permissions=["change"])
    def hide(self, request, queryset):
        self._set_hidden(request, queryset, True, gettext("Message hidden"))

    @admin.action(description=_("Show the messages again"), permissions=["change"])
    def unhide(self, request, queryset):
        self._set_hidden(request, queryset, False, gettext("Message shown again"))
