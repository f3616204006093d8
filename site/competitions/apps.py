from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    name = "daymove.competitions"
    label = "competitions"
    verbose_name = _("Competitions")

    def ready(self):
        # The calendar feed (clocks, below this app) lists a player's league dates through its sources.
        from daymove.clocks import away_caps
        from daymove.clocks.calendar import add_source
        from daymove.competitions.calendar import league_events
        from daymove.competitions.vacation_caps import league_caps

        add_source(league_events)
        # A series' vacation cap limits the time away that stops its games' clocks (clocks, below this app, ask it).
        away_caps.register(league_caps)
