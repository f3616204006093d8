"""Usernames that cannot pass for someone else: look-alikes of taken names, mixed scripts, reserved names.

Two names are the same name when their keys are equal: the NFKC-casefolded form (fullwidth,
ligature and case variants fold together), with each letter of another script that looks like a
Latin letter read as that letter ("аlice" in Cyrillic and "alice"). A key belongs to one account
(`NameKey`, unique). Names mixing scripts with look-alike letters are refused outright (the
confusable-homoglyphs package, which carries Unicode's confusables table), and so are reserved
names: bot-like names, the site's own and the staff's (`DAYMOVE_RESERVED_NAME_PATTERNS` and
allauth's `ACCOUNT_USERNAME_BLACKLIST`, both compared on the key without separators).
"""

from __future__ import annotations

import logging
import re
import unicodedata

from confusable_homoglyphs import confusables
from django.conf import settings
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext

from daymove.safety.models import NameKey

log = logging.getLogger(__name__)

SEPARATORS = re.compile(r"[-_.+@]")


def _latin_look_alikes(text: str) -> dict[str, str]:
    """Each letter of `text` from another script that has a single Latin look-alike, mapped to it."""
    found = confusables.is_confusable(text, greedy=True, preferred_aliases=["latin"]) or []
    mapping = {}
    for entry in found:
        latin = [h["c"] for h in entry["homoglyphs"] if len(h["c"]) == 1 and h["n"].startswith("LATIN ")]
        if latin:
            mapping[entry["character"]] = latin[0].casefold()
    return mapping


def name_key(username: str) -> str:
    """The form two names are compared in (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())
    look_alikes = _latin_look_alikes(folded)
    return "".join(look_alikes.get(character, character) for character in folded)


def reserved_reason(username: str) -> str | None:
    """Why the name is reserved, or None: bots, staff and the site keep these names for themselves."""
    compact = SEPARATORS.sub("", name_key(username))
    words = {SEPARATORS.sub("", name_key(word)) for word in settings.ACCOUNT_USERNAME_BLACKLIST}
    if compact in words:
        return gettext("This name is reserved for the site. Please choose another.")
    for pattern in settings.DAYMOVE_RESERVED_NAME_PATTERNS:
        if re.search(pattern, compact):
            return gettext("Names like this one are reserved for the site's bots and staff. Please choose another.")
    return None


def validate_not_reserved(username: str) -> None:
    """A validator: refuse reserved names."""
    reason = reserved_reason(username)
    if reason:
        raise ValidationError(reason, code="reserved")


def validate_one_script(username: str) -> None:
    """A validator: refuse names that mix scripts with look-alike letters ("pаypal" with a Cyrillic а)."""
    if confusables.is_dangerous(username):
        raise ValidationError(
            gettext("This name mixes letters of different alphabets that look alike. Please use one alphabet."),
            code="mixed_script",
        )


# allauth's ACCOUNT_USERNAME_VALIDATORS: Django's own character rules, then ours.
USERNAME_VALIDATORS = [UnicodeUsernameValidator(), validate_not_reserved, validate_one_script]


def look_alike_taken(username: str, exclude_user_id=None) -> bool:
    """True if another account's name reads the same as `username`."""
    taken = NameKey.objects.filter(key=name_key(username))
    if exclude_user_id is not None:
        taken = taken.exclude(user_id=exclude_user_id)
    return taken.exists()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def keep_name_key(sender, instance, **kwargs):
    """Store the key of a new or renamed account (a deleted account's anonymous name included)."""
    update_fields = kwargs.get("update_fields")
    if update_fields and "username" not in update_fields:
        return  # e.g. the last login time
    key = name_key(instance.username)
    if NameKey.objects.filter(user=instance, key=key).exists():
        return
    try:
        with transaction.atomic():
            NameKey.objects.update_or_create(user=instance, defaults={"key": key})
    except IntegrityError:
        # Two look-alike sign-ups at the same instant, or a name given by an admin: the account is
        # kept (refusing here would lose it) without a key, and the moderators can rename it.
        log.warning("username %r reads like another account's name", instance.username)
        NameKey.objects.filter(user=instance).delete()
