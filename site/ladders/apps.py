from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "daymove.ladders"
    label = "ladders"
    verbose_name = "Ladders"
