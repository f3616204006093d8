"""The ladder page's cost on a ladder of 5,000 players, against one of 50: queries and milliseconds of the page as a
visitor, a member in the middle and a newcomer see it, and of its live refresh (htmx). Not collected with the suite
(a measurement, not a check; the budget is tests/ladders/test_pages.py); run it by name:

    .venv/bin/pytest -q -s tests/ladders/measure_ladder_page.py
"""

from __future__ import annotations

import statistics
import time

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daymove.ladders.models import PlaceChange, Rung
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.support.ladders import a_ladder


def cost(client, url, **headers) -> tuple[int, float]:
    """Queries of one request and its median time in ms over three."""
    times = []
    for _ in range(3):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url, **headers)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    return len(queries.captured_queries), statistics.median(times)


def crowd(ladder, size: int) -> list:
    """`size` verified players on the ladder, written in bulk (joining one by one would take minutes)."""
    now = timezone.now()
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"{ladder.slug}-{n}", email=f"{ladder.slug}-{n}@example.com") for n in range(size)
    )
    EmailAddress.objects.bulk_create(EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users)
    Rung.objects.bulk_create(Rung(ladder=ladder, player=u, place=n, joined_at=now) for n, u in enumerate(users, 1))
    PlaceChange.objects.bulk_create(
        PlaceChange(ladder=ladder, player=u, to_place=n, reason="joined", at=now) for n, u in enumerate(users, 1)
    )
    for n in range(10, size, max(size // 20, 3)):  # open games spread down the ladder
        challenge_on_ladder(ladder, users[n], users[n - 2].username)
    return users


@pytest.mark.django_db
@pytest.mark.parametrize("size", [50, 5000])
def test_measure_the_ladder_page(size):
    ladder = a_ladder()
    users = crowd(ladder, size)
    middle, newcomer = Client(), Client()
    middle.force_login(users[size // 2])
    newcomer.force_login(get_user_model().objects.create(username="newcomer", email="newcomer@example.com"))
    url = ladder.get_absolute_url()
    mine = f"{url}?page={(size // 2) // 50 + 1}"
    for label, client, path, headers in (
        ("visitor, page 1", Client(), url, {}),
        ("member in the middle, their page", middle, mine, {}),
        ("newcomer, page 1", newcomer, url, {}),
        ("newcomer, bottom page (their reach)", newcomer, f"{url}?page={(size - 1) // 50 + 1}", {}),
        ("live refresh (htmx), member", middle, mine, {"HTTP_HX_REQUEST": "true"}),
    ):
        queries, ms = cost(client, path, **headers)
        print(f"\n{size:>5} rungs | {label:<36} | {queries:>3} queries | {ms:8.1f} ms")
