from django.urls import path

from daymove.players import views

urlpatterns = [
    path("players/<str:username>/", views.profile_page, name="profile"),
    path("account/", views.account, name="account"),
    path("account/delete/", views.delete, name="delete_account"),
    path("account/games.json", views.download_json, name="download_json"),
    path("account/games.txt", views.download_text, name="download_text"),
]
