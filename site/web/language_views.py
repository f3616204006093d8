"""The language switcher in every page's footer: Django's set_language, which also saves a player's choice."""

from __future__ import annotations

from django.conf import settings
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from daymove.players.models import Player


@require_POST
def set_language(request):
    """Set the language cookie and go back; for a signed-in player, make it their setting too (else it would win)."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Player.objects.filter(user=request.user).exclude(language=language).update(language=language)
    return response
