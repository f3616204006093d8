from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "daymove.play"
    label = "play"
    verbose_name = "Play"
