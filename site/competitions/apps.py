from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    name = "daymove.competitions"
    label = "competitions"
    verbose_name = "Competitions"

    def ready(self):
        # The calendar feed (clocks, below this app) lists a player's league dates through its sources.
        from daymove.clocks.calendar import add_source
        from daymove.competitions.calendar import league_events

        add_source(league_events)
