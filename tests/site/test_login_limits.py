"""Failed-login limits behind a reverse proxy: per client address (trusted proxy count) and per account.

Every request here comes from the proxy's own address (REMOTE_ADDR); the client's address is the
last X-Forwarded-For entry, the one our proxy wrote (ALLAUTH_TRUSTED_PROXY_COUNT = 1).
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD

PROXY = "10.0.0.2"
ATTACKER = "203.0.113.9"
NEIGHBOUR = "198.51.100.7"
LOCKED = "Too many failed logins. For your safety, try again in"


@pytest.fixture
def login_url():
    return reverse("account_login")


def behind_proxy(address: str, forged: str = "") -> Client:
    """A browser at `address` reaching the site through our proxy (which appends the address it saw)."""
    chain = f"{forged}, {address}" if forged else address
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=chain)


def fail(client, login_url, name: str):
    return client.post(login_url, {"login": name, "password": "wrong"}).content.decode()


def test_eleven_failed_logins_through_the_proxy_lock_only_the_attacking_client(alice, bob, login_url, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    attacker = behind_proxy(ATTACKER)
    # Ten names, each guessed once: the per-account limit is never reached, the per-address one is.
    pages = [fail(attacker, login_url, f"guess{i}") for i in range(10)]
    assert not any(LOCKED in page for page in pages)
    assert LOCKED in fail(attacker, login_url, "guess10")  # the 11th
    response = attacker.post(login_url, {"login": "bob", "password": PASSWORD})
    assert response.status_code == 200 and LOCKED in response.content.decode()
    # Another client behind the same proxy logs in at once, and so does bob from there.
    response = behind_proxy(NEIGHBOUR).post(login_url, {"login": "bob", "password": PASSWORD})
    assert response.status_code == 302 and response.url == reverse("lobby")


def test_a_forged_forwarded_for_entry_does_not_move_the_attacker_to_another_address(bob, login_url, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    for i in range(10):
        fail(behind_proxy(ATTACKER, forged=f"192.0.2.{i}"), login_url, f"guess{i}")
    assert LOCKED in fail(behind_proxy(ATTACKER, forged="192.0.2.99"), login_url, "guess99")
    response = behind_proxy(NEIGHBOUR, forged=ATTACKER).post(login_url, {"login": "bob", "password": PASSWORD})
    assert response.status_code == 302


def test_a_forwarded_for_shorter_than_the_proxy_chain_is_counted_under_the_connecting_address(bob, login_url, settings):
    """Two proxies configured, one entry sent (a client reaching the inner proxy directly): no 500, and the
    entry it chose does not give it an allowance of its own."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 2
    for i in range(10):
        assert fail(behind_proxy(f"192.0.2.{i}"), login_url, f"guess{i}")  # each a 200 page, not a 500
    response = behind_proxy("192.0.2.99").post(login_url, {"login": "bob", "password": PASSWORD})
    assert response.status_code == 200 and LOCKED in response.content.decode()
    response = Client(REMOTE_ADDR="10.0.0.3", HTTP_X_FORWARDED_FOR=f"{NEIGHBOUR}, 10.0.0.3")
    assert response.post(login_url, {"login": "bob", "password": PASSWORD}).status_code == 302


def test_without_the_trusted_count_everyone_behind_the_proxy_shares_one_allowance(bob, login_url, settings):
    """Why the setting matters: with no trusted proxy, the proxy's address is everyone's address."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    attacker = behind_proxy(ATTACKER)
    for i in range(10):
        fail(attacker, login_url, f"guess{i}")
    response = behind_proxy(NEIGHBOUR).post(login_url, {"login": "bob", "password": PASSWORD})
    assert LOCKED in response.content.decode()


def test_the_per_account_limit_counts_the_name_and_the_address_together(alice, bob, login_url, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    attacker = behind_proxy(ATTACKER)
    for login in ("alice", "ALICE", "alice@example.com", "Alice@Example.com", "alice"):  # five tries, one account
        assert LOCKED not in fail(attacker, login_url, login)
    page = behind_proxy(NEIGHBOUR).post(login_url, {"login": "alice@example.com", "password": PASSWORD})
    assert page.status_code == 200 and f"{LOCKED} 5 minutes." in page.content.decode()
    # Only alice's account is held: bob logs in from the attacker's own address.
    assert attacker.post(login_url, {"login": "bob", "password": PASSWORD}).status_code == 302


def test_the_wait_counts_down(alice, login_url, settings, time_machine):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    time_machine.move_to("2026-03-02 12:00:00+00:00", tick=False)
    client = behind_proxy(ATTACKER)
    for _ in range(5):
        fail(client, login_url, "alice")
    time_machine.move_to("2026-03-02 12:02:30+00:00", tick=False)
    assert f"{LOCKED} 3 minutes." in fail(client, login_url, "alice")
    time_machine.move_to("2026-03-02 12:05:01+00:00", tick=False)
    assert client.post(login_url, {"login": "alice", "password": PASSWORD}).status_code == 302
