from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "daymove.ratings"
    label = "ratings"
    verbose_name = "Ratings"
