from django.urls import path

from daymove.web import analysis_views, player_views, views

urlpatterns = [
    path("players/<str:username>/", player_views.profile_page, name="profile"),
    path("account/", player_views.account, name="account"),
    path("account/delete/", player_views.delete, name="delete_account"),
    path("account/games.json", player_views.download_json, name="download_json"),
    path("account/games.txt", player_views.download_text, name="download_text"),
    path("", views.lobby, name="lobby"),
    path("lobby/<slug:part>/", views.lobby_part, name="lobby_part"),
    path("challenges/new/<slug:slug>/", views.new_challenge, name="new_challenge"),
    path("challenges/new/<slug:slug>/expected/", views.expected_change, name="expected_change"),
    path("challenges/<int:challenge_id>/accept/", views.accept_challenge, name="accept_challenge"),
    path("challenges/<int:challenge_id>/decline/", views.decline_challenge, name="decline_challenge"),
    path("challenges/<int:challenge_id>/cancel/", views.cancel_challenge, name="cancel_challenge"),
    path("m/<int:match_id>/", views.match_page, name="match"),
    path("m/<int:match_id>/live/<slug:part>/", views.match_part, name="match_part"),
    path("m/<int:match_id>/move/", views.play_move, name="play_move"),
    path("m/<int:match_id>/resign/", views.resign, name="resign"),
    path("m/<int:match_id>/draw/offer/", views.offer_draw, name="offer_draw"),
    path("m/<int:match_id>/draw/accept/", views.accept_draw, name="accept_draw"),
    path("m/<int:match_id>/draw/decline/", views.decline_draw, name="decline_draw"),
    path("m/<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("m/<int:match_id>/analysis/", analysis_views.analysis_board, name="analysis"),
    path("m/<int:match_id>/analysis/move/", analysis_views.analysis_move, name="analysis_move"),
    path("m/<int:match_id>/analysis/delete/", analysis_views.analysis_delete, name="analysis_delete"),
    path("m/<int:match_id>/analysis/publish/", analysis_views.analysis_publish, name="analysis_publish"),
    path("m/<int:match_id>/plan/line/", analysis_views.plan_line, name="plan_line"),
    path("m/<int:match_id>/plan/remove/", analysis_views.plan_remove, name="plan_remove"),
    path("m/<int:match_id>/plan/cancel/", analysis_views.plan_cancel, name="plan_cancel"),
    path("games/<slug:slug>/rules/", views.rules_page, name="rules"),
]
