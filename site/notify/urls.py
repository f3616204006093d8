from django.urls import path

from daymove.notify import views

urlpatterns = [
    path("settings/", views.settings_page, name="player_settings"),
    path("email/unsubscribe/<str:token>/", views.unsubscribe_view, name="unsubscribe"),
]
