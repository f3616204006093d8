"""allauth's emails (confirmation, password reset, account changes) speak in the site's name, in text and HTML."""

from __future__ import annotations

import re
from pathlib import Path

import allauth
import pytest
from allauth.account.adapter import get_adapter
from django.contrib.sites.requests import RequestSite
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

# Every email allauth can send, by its template prefix (account/email/<name>_message.txt).
ALLAUTH_EMAILS = sorted(
    path.name.removesuffix("_message.txt")
    for path in (Path(allauth.__file__).parent / "templates/account/email").glob("*_message.txt")
    if path.name != "base_message.txt"
)


def html_part(message) -> str:
    (html,) = [content for content, kind in message.alternatives if kind == "text/html"]
    return html


def without_links(text: str) -> str:
    return re.sub(r"https?://\S+?(?=[\s\"<])", "LINK", text)


def test_the_sign_up_confirmation_names_daymove_not_the_host_in_text_and_html(mailoutbox):
    data = {"username": "newcomer", "email": "new@example.com", "password1": PASSWORD, "password2": PASSWORD}
    Client().post(reverse("account_signup"), {**data, "time_zone": "UTC"})
    (message,) = mailoutbox
    html = html_part(message)
    link = re.search(r"http://testserver/accounts/confirm-email/[^/\s]+/", message.body).group(0)
    assert f'href="{link}"' in html
    for body in (message.body, html):
        assert "Daymove" in body and "newcomer" in body
        assert "testserver" not in without_links(body) and "Hello from" not in body
    assert message.subject.startswith("Daymove: ")


@pytest.mark.parametrize("name", ALLAUTH_EMAILS)
def test_every_allauth_email_has_an_html_part_and_names_daymove_not_the_host(name, alice):
    request = RequestFactory().get("/")
    request.user = alice
    url = "http://testserver/accounts/somewhere/"
    context = {
        "user": alice,
        "username": alice.username,
        "email": "alice@example.com",
        "current_site": RequestSite(request),
        "request": request,
        "activate_url": url,
        "password_reset_url": url,
        "signup_url": url,
        "code": "ABC123",
        "from_email": "old@example.com",
        "to_email": "alice@example.com",
        "deleted_email": "old@example.com",
        "ip": "192.0.2.1",
        "user_agent": "Firefox",
        "timestamp": "now",
    }
    adapter = get_adapter(request)
    message = adapter.render_mail(f"account/email/{name}", "alice@example.com", context)
    html = html_part(message)
    assert html.startswith("<!doctype html>")
    for body in (message.body, html):
        assert "Daymove" in body, body
        assert "testserver" not in without_links(body) and "Hello from" not in body, body
