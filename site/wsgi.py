"""WSGI entry point (gunicorn daymove.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "daymove.settings")
application = get_wsgi_application()
