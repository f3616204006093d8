"""No cache may keep an account page: every `/accounts/…` answer says `private, no-store`, logged in or not."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.url_policy import url_patterns

ARGUMENTS = {
    "account_confirm_email": {"key": "forged-key"},
    "account_reset_password_from_key": {"uidb36": "1", "key": "forged-key"},
}


def account_urls() -> list[str]:
    """Every URL of allauth's, with made-up arguments where it takes some."""
    urls = []
    for name, _ in url_patterns():
        if name.startswith("account_"):
            url = reverse(name, kwargs=ARGUMENTS.get(name, {}))
            assert url.startswith("/accounts/"), url
            urls.append(url)
    return urls


@pytest.mark.django_db
@pytest.mark.parametrize("logged_in", [True, False])
def test_every_account_page_is_private_and_not_stored(alice, logged_in):
    client = Client()
    if logged_in:
        client.force_login(alice)
    problems = []
    urls = account_urls()
    assert reverse("account_email") in urls and len(urls) > 10
    for url in urls:
        for response in (client.get(url), client.post(url, {})):
            cache_control = response.get("Cache-Control", "")
            if "no-store" not in cache_control or "private" not in cache_control:
                problems.append(f"{response.request['REQUEST_METHOD']} {url}: {response.status_code} {cache_control!r}")
        if logged_in and url == reverse("account_logout"):
            client.force_login(alice)  # the POST above logged out
    assert not problems, "\n".join(problems)


def test_the_email_page_shows_the_address_only_with_no_store(alice, client):
    client.force_login(alice)
    response = client.get(reverse("account_email"))
    assert "alice@example.com" in response.content.decode()
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
