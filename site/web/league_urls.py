"""A league player's own actions, under /leagues/ beside the league pages (see league_views)."""

from django.urls import path

from daymove.web import league_views

app_name = "leagues"

urlpatterns = [
    path("<slug:slug>/<int:number>/<int:division>/withdraw/", league_views.withdraw, name="withdraw"),
]
