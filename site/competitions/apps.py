from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    name = "daymove.competitions"
    label = "competitions"
    verbose_name = "Competitions"
