"""The player profile kept beside Django's user."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ABOUT_MAX_LENGTH = 300  # the profile's "about" text: a few lines, not a page


class Player(models.Model):
    """A person or a bot who plays on the site."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    time_zone = models.CharField(max_length=64, default="UTC")
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=32, blank=True)
    next_game_after_move = models.BooleanField(default=False, help_text=_("After a move, go to the next one waiting."))
    games_listed = models.BooleanField(
        default=True, help_text=_("The player's games appear on the watch page and in the site's archive.")
    )
    about = models.CharField(max_length=ABOUT_MAX_LENGTH, blank=True, help_text=_("A few words on the profile."))
    # A code of settings.LANGUAGES (checked by the settings form, so a new language needs no migration); "" follows
    # the browser on pages and, in emails, the browser's last language (else the site's default).
    language = models.CharField(
        max_length=16, blank=True, help_text=_("The language chosen in Settings; blank: automatic.")
    )
    # The language the player's browser last read the site in (their cookie or Accept-Language), written when it
    # changes: emails to a player whose setting is automatic go in it.
    browser_language = models.CharField(
        max_length=16, blank=True, help_text=_("The language the site was last read in, for emails when automatic.")
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        # The lobby lists the bots on every visit: found among any number of players without reading them all.
        indexes = [models.Index(fields=["user"], condition=models.Q(is_bot=True), name="bots")]

    def __str__(self):
        return self.user.username
