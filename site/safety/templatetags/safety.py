"""`{{ user|bot_badge }}`: a "bot" mark after a bot's name, so no person can pass for one (or one for a person)."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext, pgettext

from daymove.players.bots import bot_level
from games.bot.levels import level_label
from games.messages import render

register = template.Library()


@register.filter
def bot_level_name(user) -> str:
    """A bot's level in the reader's language, empty for a person."""
    level = bot_level(user)
    if level is None:
        return ""
    return render(level_label(level), gettext, ngettext, pgettext)  # below play: its `said`, spelled out


@register.filter
def bot_badge(user) -> str:
    """The badge for a bot account, empty for a person."""
    level_name = bot_level_name(user)
    if not level_name:
        return ""
    title = gettext("A bot run by the site (%(level)s level)") % {"level": level_name}
    return format_html(' <span class="bot-badge" title="{}">{}</span>', title, pgettext("a badge", "bot"))
