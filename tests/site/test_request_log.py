"""A refused request is logged in one line, and refused pages are the site's own."""

import logging

import pytest
from django.urls import reverse

from games.registry import all_games
from tests.factories import UserFactory
from tests.support.games import played_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    admin = UserFactory(username="moderator", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return client


def test_a_forbidden_admin_page_is_logged_without_a_traceback_and_shown_as_the_sites_page(staff, caplog):
    match = played_match(next(iter(all_games())), UserFactory(), UserFactory(), plies=2)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = staff.get(reverse("admin:play_match_delete", args=[match.pk]))
    assert response.status_code == 403
    assert "Back to the lobby" in response.content.decode()
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records and all(r.exc_info is None for r in records)
    assert "Traceback" not in caplog.text
