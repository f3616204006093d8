from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "daymove.clocks"
    label = "clocks"
    verbose_name = "Clocks and vacations"
