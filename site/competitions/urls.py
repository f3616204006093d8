from django.urls import path

from daymove.competitions import views

app_name = "competitions"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.series_page, name="series"),
    path("<slug:slug>/registration/", views.registration, name="registration"),
    path("<slug:slug>/<int:number>/", views.season_page, name="season"),
    path("<slug:slug>/<int:number>/<int:division>/", views.division_page, name="division"),
    path("<slug:slug>/<int:number>/<int:division>/table/", views.division_part, name="division_table"),
    path("<slug:slug>/<int:number>/<int:division>.csv", views.division_csv, name="division_csv"),
    path("<slug:slug>/<int:number>/<int:division>.json", views.division_json, name="division_json"),
]
