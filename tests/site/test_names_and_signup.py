"""Sign-up: look-alike and reserved names refused, the same answer for a known and an unknown address."""

import html
import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from daymove.players.accounts import delete_account
from daymove.round.challenges import create_challenge
from daymove.safety.models import NameKey
from daymove.safety.names import name_key
from tests.factories import UserFactory

PASSWORD = "a-long-and-new-password-42"


def sign_up(username: str, email: str, client=None):
    client = client or Client()
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"}
    return client.post(reverse("account_signup"), data, follow=True)


def refusal(response) -> str:
    """The sign-up form's error messages."""
    found = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', response.content.decode(), re.S)
    return html.unescape(" ".join(found))


@pytest.mark.parametrize(
    "name",
    [
        "ALICE",  # case
        "ａｌｉｃｅ",  # fullwidth letters (NFKC)
        "alice\u200b",  # a zero-width space is not a letter: refused by the character rules
        "аlice",  # a Cyrillic а among Latin letters
    ],
)
def test_look_alikes_of_a_taken_name_are_refused(alice, name):
    response = sign_up(name, "newcomer@example.com")
    assert refusal(response), name
    assert not get_user_model().objects.filter(email="newcomer@example.com").exists()


def test_a_whole_name_in_look_alike_letters_of_another_script_is_refused(db):
    UserFactory(username="sea")
    response = sign_up("ѕеа", "newcomer@example.com")  # Cyrillic dze, ie, a
    assert "reads the same as a player's name that is already taken" in refusal(response)


@pytest.mark.parametrize(
    "name", ["bot-strong2", "Bot_Club", "chessbot", "admin", "site-admin", "Moderator7", "daymove", "deleted-a1b2c3"]
)
def test_reserved_names_are_refused(db, name):
    response = sign_up(name, "newcomer@example.com")
    assert "reserved" in refusal(response), name


@pytest.mark.parametrize("name", ["Renée", "Сергей", "李小龍", "bobby_tables", "robert.2"])
def test_names_in_one_alphabet_are_welcome(db, name):
    response = sign_up(name, "newcomer@example.com")
    assert not refusal(response), (name, refusal(response))
    user = get_user_model().objects.get(username=name)
    assert NameKey.objects.get(user=user).key == name_key(name)


def test_keys_follow_renames_and_deleted_accounts_free_their_names(alice):
    assert NameKey.objects.get(user=alice).key == "alice"
    delete_account(alice)
    alice.refresh_from_db()
    assert NameKey.objects.get(user=alice).key.startswith("deleted-")
    assert not refusal(sign_up("Alice", "alice2@example.com"))  # the old name is free again


def test_keys_fold_case_width_and_look_alike_letters():
    assert name_key("ＡＬＩＣＥ") == name_key("Alice") == name_key("аlice") == "alice"
    assert name_key("Straße") == "strasse"


def test_sign_up_gives_the_same_answer_for_a_known_and_an_unknown_address(alice, mailoutbox):
    known = sign_up("newcomer1", "alice@example.com")
    unknown = sign_up("newcomer2", "nobody-yet@example.com")
    assert [r[1] for r in known.redirect_chain] == [r[1] for r in unknown.redirect_chain] == [302]
    assert known.redirect_chain[0][0] == unknown.redirect_chain[0][0]

    def page(response, address):
        text = response.content.decode().replace(address, "ADDRESS")
        # Each session's own tokens, and when the page was drawn (its live updates' stream starts there).
        text = re.sub(
            r'"X-CSRFToken": "[^"]+"|value="[^"]{20,}"|[?&](?:amp;)?t=[\d.]+|data-live-(?:since|viewer)="[^"]*"',
            "TOKEN",
            text,
        )
        return re.sub(r"newcomer[12]", "NAME", text)

    assert page(known, "alice@example.com") == page(unknown, "nobody-yet@example.com")
    assert "already registered" not in known.content.decode()
    # Alice's verified address stays hers alone: the new account cannot verify it.
    assert EmailAddress.objects.filter(email="alice@example.com", verified=True).get().user == alice
    assert [m.to for m in mailoutbox] == [["alice@example.com"], ["nobody-yet@example.com"]]
    # Even following the confirmation link sent to alice does not give her address to the new account.
    link = re.search(r"/accounts/confirm-email/[^/\s]+/", mailoutbox[0].body).group(0)
    Client().post(link)
    newcomer = get_user_model().objects.get(username="newcomer1")
    assert not EmailAddress.objects.filter(user=newcomer, verified=True).exists()


def test_bots_are_marked_as_bots_and_people_are_not(alice, bot):
    match = create_challenge(alice, "abande", {}, bot.username, rated=False).match
    client = Client()
    client.force_login(alice)
    badge = 'class="bot-badge"'
    for url in (reverse("lobby"), match.get_absolute_url(), reverse("profile", args=[bot.username])):
        assert client.get(url).content.decode().count(badge) >= 1, url
    alices = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "<h1>alice</h1>" in alices and alices.count(badge) == 1  # only beside the bot in her recent match
