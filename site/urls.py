from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from daymove.health import healthz

handler404 = "daymove.web.not_found.not_found_page"

# The admin logs in through allauth's login page, so its rate limits (ACCOUNT_RATE_LIMITS) apply.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("daymove.ratings.urls")),
    path("", include("daymove.talk.urls")),
    path("", include("daymove.clocks.urls")),
    path("", include("daymove.notify.urls")),
    path("", include("daymove.inbound.urls")),
    path("", include("daymove.push.urls")),
    path("", include("daymove.safety.urls")),
    path("", include("daymove.moderation.urls")),
    path("", include("daymove.live.urls")),
    path("leagues/", include("daymove.competitions.urls")),
    path("leagues/", include("daymove.web.league_urls")),
    path("ladders/", include("daymove.web.ladder_urls")),
    path("", include("daymove.web.urls")),
]
