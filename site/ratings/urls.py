from django.urls import path

from daymove.ratings import views

urlpatterns = [
    path("leaderboard/", views.leaderboard_index, name="leaderboard_index"),
    path("leaderboard/<slug:slug>/", views.leaderboard, name="leaderboard"),
]
