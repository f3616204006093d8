from django.urls import path

from daymove.push import views

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("settings/push/", views.push_settings, name="push_settings"),
    path("settings/push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("settings/push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
]
