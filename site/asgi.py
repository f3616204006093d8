"""ASGI entry point (uvicorn daymove.asgi:application): the pages, and the live updates' event streams."""

import os
import warnings

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "daymove.settings")
# WhiteNoise answers static files with a file iterator that Django reads in a thread under ASGI, and says so
# once per process; that is fine for our few small files.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators")
application = get_asgi_application()
