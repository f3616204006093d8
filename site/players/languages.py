"""The language a player reads the site in: their own setting, else (on a page) the browser's, else English.

LocaleMiddleware reads the language cookie, then Accept-Language; a signed-in player's setting wins over both.
Emails and pushes have no request: they are written in `language_of(user)`, which for an automatic setting is the
language the player's browser last read the site in (recorded here when it changes).
"""

from __future__ import annotations

from allauth.account.signals import user_logged_in
from django.conf import settings
from django.contrib.auth import signals as auth_signals
from django.dispatch import receiver
from django.utils import translation


def chosen(user) -> str:
    """The language the player chose in Settings; "" for automatic, an anonymous visitor or a bot."""
    player = getattr(user, "player", None) if getattr(user, "is_authenticated", False) else None
    language = player.language if player is not None else ""
    return language if language in dict(settings.LANGUAGES) else ""


def language_of(user) -> str:
    """The language of what is sent to `user` with no request to go by: their setting, else the language their
    browser last read the site in, else the site's default."""
    player = getattr(user, "player", None)
    browsed = player.browser_language if player is not None else ""
    return chosen(user) or (browsed if browsed in dict(settings.LANGUAGES) else "") or settings.LANGUAGE_CODE


class PlayerLanguageMiddleware:
    """After LocaleMiddleware and authentication: a signed-in player's own setting is the page's language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = chosen(request.user)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        elif request.user.is_authenticated:
            remember_browser_language(request.user, request.LANGUAGE_CODE)
        return self.get_response(request)


def remember_browser_language(user, language: str) -> None:
    """Record the language an automatic player's browser reads the site in, for their emails: one write when it
    changes (at login, and on the first page after a change), none otherwise."""
    player = getattr(user, "player", None)
    if player is None or player.browser_language == language or language not in dict(settings.LANGUAGES):
        return
    player.browser_language = language
    type(player).objects.filter(pk=player.pk).update(browser_language=language)


@receiver(user_logged_in)
def apply_at_login(sender, request, user, response=None, **kwargs):
    """At login the player's setting becomes the language at once (allauth's "signed in" message included), and the
    cookie's too, so the site stays in it after logging out."""
    language = chosen(user)
    if not language:
        return
    translation.activate(language)
    request.LANGUAGE_CODE = language
    if response is not None:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )


@receiver(auth_signals.user_logged_in)
def remember_at_login(sender, request, user, **kwargs):
    """The browser's language as the player logs in (any way of logging in), so that their pages need no write
    until it changes."""
    if not chosen(user):
        remember_browser_language(user, translation.get_language_from_request(request))
