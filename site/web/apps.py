from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebConfig(AppConfig):
    """The pages that show several apps together: the lobby, challenges, the match page, profiles, the account
    page and the match admin. The top layer: it may import every app, and no app imports it."""

    name = "daymove.web"
    label = "web"
    verbose_name = _("Pages")
