"""A missing match or page gets the site's own 404 page, with DEBUG on (`make run`) as in production."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# What Django's debug 404 page shows: every URL pattern of the site.
DEBUG_PAGE = ("Page not found at", "Using the URLconf", "URL patterns")


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("debug", [True, False], ids=["development", "production"])
@pytest.mark.parametrize(
    ("method", "path", "reason"),
    [
        ("get", "/m/999999/", "There is no such match."),  # the match page's own Http404
        ("post", "/m/999999/draw/offer/", "There is no such match."),  # a refusal (NotFound) of the service
        ("get", "/players/nobody-at-all/", "There is no such player."),
        ("get", "/no/such/page/", "There is no page at this address."),  # no URL pattern matches
    ],
)
def test_a_missing_object_or_page_shows_the_sites_404_page(settings, alice, debug, method, path, reason):
    settings.DEBUG = debug
    response = getattr(client_of(alice), method)(path)
    page = response.content.decode()
    assert response.status_code == 404
    assert "<title>Not found · Daymove</title>" in page and 'class="brand"' in page
    assert reason in page
    assert not any(text in page for text in DEBUG_PAGE)


@pytest.mark.parametrize("debug", [True, False], ids=["development", "production"])
def test_an_htmx_refusal_keeps_its_fragment(settings, alice, debug):
    settings.DEBUG = debug
    response = client_of(alice).post("/m/999999/draw/offer/", headers={"HX-Request": "true"})
    assert response.status_code == 404
    assert "There is no such match." in response.content.decode()
    assert "<title>" not in response.content.decode()
