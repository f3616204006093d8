from django.apps import AppConfig


class TalkConfig(AppConfig):
    name = "daymove.talk"
    label = "talk"
    verbose_name = "Chat and notes"
