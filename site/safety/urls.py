from django.urls import path

from daymove.safety import views

urlpatterns = [
    path("players/<str:username>/block/", views.block_player, name="block_player"),
    path("players/<str:username>/unblock/", views.unblock_player, name="unblock_player"),
]
