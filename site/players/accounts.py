"""Account rules beyond allauth: who may play rated matches, and deleting an account."""

from __future__ import annotations

import contextlib
import secrets

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from daymove.players.models import Player


def has_verified_email(user) -> bool:
    """Whether the user has confirmed an email address (bots, run by the site, need none)."""
    from daymove.play.bots import bot_level  # the play app imports this module

    return bot_level(user) is not None or EmailAddress.objects.filter(user=user, verified=True).exists()


def verified_address(user) -> str | None:
    """The address to write to: the user's verified primary address, or None (never an unverified one)."""
    row = EmailAddress.objects.filter(user=user, verified=True).order_by("-primary", "pk").first()
    return row.email if row else None


def _anonymous_username() -> str:
    User = get_user_model()
    while True:
        name = f"deleted-{secrets.token_hex(3)}"
        if not User.objects.filter(username=name).exists():
            return name


def delete_account(user) -> str:
    """Remove the user's personal data and close the account; their matches stay under an anonymous name.

    The user row is kept (matches point at it) but renamed, emptied and deactivated: email
    addresses, names, password, settings (profile, email choices, vacations, calendar feed),
    private notes and the text of chat messages go. Active matches are resigned and open
    challenges withdrawn, so no opponent waits forever. All or nothing; returns the anonymous name.
    """
    from daymove.clocks.models import CalendarFeed, Vacation
    from daymove.errors import Conflict
    from daymove.notify.models import EmailPreferences
    from daymove.play.models import Challenge, Match
    from daymove.play.moves import resign
    from daymove.talk.models import ChatMessage, PrivateNote

    with transaction.atomic():
        for match_id in Match.objects.filter(Q(player0=user) | Q(player1=user), status=Match.Status.ACTIVE).values_list(
            "pk", flat=True
        ):
            with contextlib.suppress(Conflict):  # it ended meanwhile
                resign(match_id, user)
        Challenge.objects.filter(Q(creator=user) | Q(opponent=user), status=Challenge.Status.OPEN).update(
            status=Challenge.Status.CANCELLED
        )
        ChatMessage.objects.filter(author=user).update(text="")
        PrivateNote.objects.filter(user=user).delete()
        EmailAddress.objects.filter(user=user).delete()
        EmailPreferences.objects.filter(user=user).delete()
        Vacation.objects.filter(user=user).delete()
        CalendarFeed.objects.filter(user=user).delete()
        # A fresh profile resets every setting to its default, including ones added later.
        Player.objects.filter(user=user).delete()
        Player.objects.create(user=user)
        name = _anonymous_username()
        user.username = name
        user.email = ""
        user.first_name = user.last_name = ""
        user.is_active = False
        user.is_staff = user.is_superuser = False
        user.set_unusable_password()
        user.save()
    return name


def find_player(username: str):
    """The active user with this name (any case), or None."""
    return get_user_model().objects.filter(username__iexact=username.strip(), is_active=True).first()
