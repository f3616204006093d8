from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    name = "daymove.competitions"
    label = "competitions"
    verbose_name = "Competitions"

    def ready(self):
        from daymove.clocks import away_caps
        from daymove.competitions.vacation_caps import league_caps

        away_caps.register(league_caps)  # a series' vacation cap limits the time away that stops its games' clocks
