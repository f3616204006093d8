"""`{% profile_settings_form %}`: the profile part of the settings page, filled in with the player's own values."""

from django import template

from daymove.web.profile_settings import ProfileSettingsForm

register = template.Library()


@register.inclusion_tag("players/partials/profile_settings_form.html", takes_context=True)
def profile_settings_form(context):
    """The form for the signed-in player's "about" text and listing."""
    return {"profile_form": ProfileSettingsForm(instance=context["user"].player), "csrf_token": context["csrf_token"]}
