from django.urls import path

from daymove.live import views

urlpatterns = [
    path("live/events/", views.events, name="live_events"),
    path("live/missed/", views.missed, name="live_missed"),
    path("live/turns/", views.turn_count, name="turn_count"),
]
