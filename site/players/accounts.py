"""Account rules beyond allauth: who may play rated matches, and deleting an account."""

from __future__ import annotations

import secrets

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction

from daymove.players.bots import is_bot
from daymove.players.models import Player
from daymove.players.signals import account_closing


def has_verified_email(user) -> bool:
    """Whether the user has confirmed an email address (bots, run by the site, need none)."""
    return is_bot(user) or EmailAddress.objects.filter(user=user, verified=True).exists()


def verified_among(users) -> set[int]:
    """The ids of those of `users` who may play rated matches (as `has_verified_email`), in one query."""
    ids = {u.pk for u in users}
    confirmed = set(EmailAddress.objects.filter(user__in=ids, verified=True).values_list("user_id", flat=True))
    return confirmed | {u.pk for u in users if is_bot(u)}


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
    addresses, names, password and settings go here; every app built on players removes what it
    keeps (`account_closing`: active matches resigned, open challenges withdrawn, chat text, notes,
    email choices, vacations, the calendar feed). All or nothing; returns the anonymous name.
    """
    with transaction.atomic():
        account_closing.send(sender=get_user_model(), user=user)
        EmailAddress.objects.filter(user=user).delete()
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
    name = username.strip()
    # No account has a longer name, and SQLite refuses to compare a very long one (LIKE pattern too complex).
    if len(name) > get_user_model()._meta.get_field("username").max_length:
        return None
    return get_user_model().objects.filter(username__iexact=name, is_active=True).first()
