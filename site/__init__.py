"""The Daymove Django project (installed as the package `daymove`; see pyproject.toml)."""

from daymove.celery import app as celery_app

__all__ = ["celery_app"]
