from django.urls import path

from daymove.moderation import views

urlpatterns = [
    path("players/<str:username>/report/", views.report_player, name="report_player"),
    path("warnings/<int:action_id>/read/", views.acknowledge_warning, name="acknowledge_warning"),
]
