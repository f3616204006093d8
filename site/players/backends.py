"""The site's login backends: Django's and allauth's, reading a session's user together with their Player row.

Every page of a logged-in player reads the Player (the time zone its dates are shown in) and the facts every page
shows of them (daymove.players.viewer), so fetching them all in one query saves several queries on every request.
"""

from __future__ import annotations

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends as django_backends
from django.contrib.auth import get_user_model

from daymove.players.viewer import with_page_facts


class _UserWithPlayer:
    def get_user(self, user_id):
        """The session's user with their Player and page facts already read, or None (unknown or inactive)."""
        try:
            user = with_page_facts(get_user_model()._default_manager.select_related("player")).get(pk=user_id)
        except get_user_model().DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None


class ModelBackend(_UserWithPlayer, django_backends.ModelBackend):
    """Django's username-and-password backend."""


class AuthenticationBackend(_UserWithPlayer, allauth_backends.AuthenticationBackend):
    """allauth's backend (login by username or email)."""
