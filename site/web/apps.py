from django.apps import AppConfig


class WebConfig(AppConfig):
    """The pages that show several apps together: the lobby, challenges, the match page, profiles, the account
    page and the match admin. The top layer: it may import every app, and no app imports it."""

    name = "daymove.web"
    label = "web"
    verbose_name = "Pages"
