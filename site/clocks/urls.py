from django.urls import path

from daymove.clocks import views

urlpatterns = [
    path("settings/vacation/", views.book_vacation, name="book_vacation"),
    path("settings/vacation/<int:vacation_id>/cancel/", views.cancel_vacation, name="cancel_vacation"),
    path("settings/calendar/", views.calendar_action, name="calendar_action"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar_feed"),
]
