from django.urls import path

from daymove.talk import views

urlpatterns = [
    path("m/<int:match_id>/chat/", views.chat_read, name="chat_read"),
    path("m/<int:match_id>/chat/post/", views.chat_post, name="chat_post"),
    path("m/<int:match_id>/notes/", views.note_save, name="note_save"),
]
