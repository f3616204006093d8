"""The ladder pages, under /ladders/ (see ladder_views)."""

from django.urls import path

from daymove.web import ladder_views

app_name = "ladders"

urlpatterns = [
    path("", ladder_views.index, name="index"),
    path("<slug:slug>/", ladder_views.ladder, name="ladder"),
    path("<slug:slug>/players/<str:username>/", ladder_views.player, name="player"),
    path("<slug:slug>/challenge/", ladder_views.challenge, name="challenge"),
    path("<slug:slug>/join/", ladder_views.join, name="join"),
    path("<slug:slug>/leave/", ladder_views.leave_ladder, name="leave"),
]
