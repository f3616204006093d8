"""The load benchmark's WSGI application: the site, with the URLs of `tools.bench_floor` (the site's and two floors)."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "daymove.settings")
settings.ROOT_URLCONF = "tools.bench_floor"
application = get_wsgi_application()
