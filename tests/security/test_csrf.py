"""Every POST without a CSRF token is refused with 403 and changes nothing.

The URLs and bodies are the security policy's (test_url_matrix.POLICY, which covers every URL):
each is posted by every role with a body that would be accepted with a token. The one
exceptions are the one-click unsubscribe URL (RFC 8058): mail providers post to it without a
session or a token, so it is csrf-exempt and its signed token is the proof instead; and the mail
providers' webhooks, proved by the provider's signature or basic authentication (anymail).
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from daymove.notify.models import preferences_of
from daymove.notify.unsubscribe import make_token
from tests.support.url_policy import CASES, case_id, prepare_case, url_patterns
from tests.support.world import ROLES, changed_tables, snapshot

CSRF_EXEMPT = {"unsubscribe", "mailgun_inbound", "postmark_inbound", "mailgun_tracking", "postmark_tracking"}
_FORM_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_HTMX_TOKEN = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name,index",
    [c for c in CASES if c[0] not in CSRF_EXEMPT],
    ids=[case_id(c) for c in CASES if c[0] not in CSRF_EXEMPT],
)
def test_a_post_without_a_csrf_token_is_refused(name, index):
    case, world, url = prepare_case(name, index)
    before = snapshot()
    problems = []
    for role in ROLES:
        with transaction.atomic():
            client = world.client(role, enforce_csrf_checks=True)
            client.get(url)  # the CSRF cookie is set, as in a browser; only the token is missing
            response = client.post(url, case.data(world))
            if response.status_code != 403:
                problems.append(f"{role}: {response.status_code}")
            changes = changed_tables(before, snapshot())
            if changes:
                problems.append(f"{role}: changed {changes}")
            transaction.set_rollback(True)
    assert not problems, f"POST {url} without a CSRF token: " + "; ".join(problems)


def test_every_csrf_exempt_view_is_known():
    """Only the views listed here may skip the CSRF check."""
    exempt = {
        name for name, view in url_patterns() if not name.startswith("admin:") and getattr(view, "csrf_exempt", False)
    }
    assert exempt == CSRF_EXEMPT


@pytest.mark.django_db
def test_the_pages_own_tokens_are_accepted(world):
    """The other side of the check: a form's token, and the header htmx sends, are enough."""
    player = world.users["player"]
    client = world.client("player", enforce_csrf_checks=True)
    page = client.get(reverse("player_settings")).content.decode()
    body = {
        "time_zone": "Europe/Paris",
        "turn_emails": "digest",
        "digest_hour": "6",
        "reminders": "",
        "game_over": "on",
        "challenges": "on",
        "csrfmiddlewaretoken": _FORM_TOKEN.search(page).group(1),
    }
    assert client.post(reverse("player_settings"), body).status_code == 302
    assert preferences_of(player).digest_hour == 6

    page = client.get(world.match.get_absolute_url()).content.decode()
    header = _HTMX_TOKEN.search(page).group(1)
    response = client.post(
        reverse("play_move", args=[world.match.pk]),
        {"move": world.legal_move(), "ply": world.match.ply},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=header,
    )
    assert response.status_code == 200
    world.match.refresh_from_db()
    assert world.match.ply == 3


@pytest.mark.django_db
def test_one_click_unsubscribe_needs_no_session_but_its_signed_token(world):
    """RFC 8058: the mail provider posts without cookies or a CSRF token; a forged token changes nothing."""
    player = world.users["player"]
    mail_provider = Client(enforce_csrf_checks=True)
    before = snapshot()
    for forged in (make_token(player.pk, "game_over")[:-4] + "abcd", "not-a-token", make_token(player.pk, "nonsense")):
        response = mail_provider.post(reverse("unsubscribe", args=[forged]), {"List-Unsubscribe": "One-Click"})
        assert response.status_code == 400
    assert changed_tables(before, snapshot()) == []

    assert preferences_of(player).wants("game_over")
    response = mail_provider.post(
        reverse("unsubscribe", args=[make_token(player.pk, "game_over")]), {"List-Unsubscribe": "One-Click"}
    )
    assert response.status_code == 200
    player.refresh_from_db()  # preferences are read once per user object: read the stored ones again
    assert not preferences_of(player).wants("game_over")
    assert preferences_of(player).wants("your_turn")  # only the kind the token names
