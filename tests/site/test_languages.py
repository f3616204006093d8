"""The site's language: the player's setting, then the cookie, then Accept-Language, then English; the footer's
switcher and the setting in Settings; the setting applied at login; emails in each recipient's own language."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from daymove.play import lookups
from daymove.play.rules_pages import rules_page_for
from daymove.players.models import Player
from daymove.push import sender
from daymove.push.models import PushSubscription
from daymove.round import endings
from games.registry import all_games
from tests.factories import PASSWORD
from tests.support.catalogues import compile_catalogues
from tests.support.clocks import T0, play_one, start
from tests.support.turn_emails import past_the_grace

compile_catalogues()

COOKIE = settings.LANGUAGE_COOKIE_NAME


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def speak(user, language: str) -> None:
    Player.objects.filter(user=user).update(language=language)


@pytest.mark.django_db
def test_a_visitor_gets_english_unless_the_browser_or_the_cookie_asks_otherwise():
    assert lang_of(Client().get("/")) == "en"
    polish_browser = Client(HTTP_ACCEPT_LANGUAGE="pl,en;q=0.5")
    page = polish_browser.get("/")
    assert lang_of(page) == "pl" and "Zaloguj się" in page.content.decode()
    polish_browser.cookies[COOKIE] = "en"  # the cookie (the footer's choice) wins over the browser
    assert lang_of(polish_browser.get("/")) == "en"
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="de,fr").get("/")) == "en"  # no catalogue: English


@pytest.mark.django_db
def test_the_players_setting_wins_over_cookie_and_browser_and_blank_is_automatic(alice):
    client = Client(HTTP_ACCEPT_LANGUAGE="pl")
    client.force_login(alice)
    client.cookies[COOKIE] = "pl"
    speak(alice, "en")
    assert lang_of(client.get("/")) == "en"
    speak(alice, "")
    assert lang_of(client.get("/")) == "pl"
    speak(alice, "pl")
    client.cookies[COOKIE] = "en"
    page = client.get("/")
    assert lang_of(page) == "pl" and page["Content-Language"] == "pl"


@pytest.mark.django_db
def test_the_footer_switches_by_a_post_with_each_language_named_in_itself(alice):
    client = Client(enforce_csrf_checks=True)
    page = client.get("/watch/").content.decode()
    footer = page[page.index("<footer") :]
    assert 'action="/language/"' in footer and "csrfmiddlewaretoken" in footer
    assert '<button class="link" name="language" value="pl" lang="pl"' in footer and ">Polski</button>" in footer
    assert 'aria-current="true">English</strong>' in footer  # the language in use is not a button
    assert client.get("/language/").status_code == 405  # a link cannot switch it
    token = client.cookies["csrftoken"].value
    answer = client.post("/language/", {"language": "pl", "next": "/watch/", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302 and answer.url == "/watch/"
    assert client.cookies[COOKIE].value == "pl"
    polish = client.get("/watch/")
    assert (
        lang_of(polish) == "pl"
        and 'lang="en" aria-describedby="language-label">English</button>' in polish.content.decode()
    )
    client.force_login(alice)  # signed in, the switcher is the setting too (else the setting would win)
    client.post("/language/", {"language": "en", "next": "/", "csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert Player.objects.get(user=alice).language == "en"


@pytest.mark.django_db
def test_the_language_is_chosen_in_the_settings(alice):
    client = Client()
    client.force_login(alice)
    settings_page = client.get(reverse("player_settings")).content.decode()
    assert 'name="language"' in settings_page and ">Polski</option>" in settings_page
    client.post(reverse("profile_settings"), {"about": "", "games_listed": "on", "language": "pl"})
    assert Player.objects.get(user=alice).language == "pl"
    assert lang_of(client.get("/")) == "pl"
    client.post(reverse("profile_settings"), {"about": "", "games_listed": "on", "language": "xx"})
    assert Player.objects.get(user=alice).language == "pl"  # not a language of the site: refused


@pytest.mark.django_db
def test_the_setting_is_applied_at_login_and_kept_after_logging_out(alice):
    speak(alice, "pl")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    answer = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert answer.status_code == 302 and client.cookies[COOKIE].value == "pl"
    assert lang_of(client.get("/")) == "pl"
    client.post(reverse("account_logout"))
    assert lang_of(client.get("/")) == "pl"


def turn_emails_of(user, match):
    """The emails to `user` about `match` that are not about its challenge."""
    return [m for m in mail.outbox if m.to == [user.email] and f"#{match.pk}" in m.subject]


@pytest.mark.django_db
def test_one_worker_writes_each_turn_email_in_its_recipients_language(alice, bob, django_capture_on_commit_callbacks):
    """alice reads Polish, bob English: the same run of the worker (no request) writes one of each."""
    speak(alice, "pl")
    with time_machine.travel(T0, tick=False) as traveller:
        with django_capture_on_commit_callbacks(execute=True):
            to_alice, to_bob = start(bob, alice), start(alice, bob)  # the creator moves first
        traveller.shift(timedelta(hours=1))
        with django_capture_on_commit_callbacks(execute=True):
            to_alice, to_bob = play_one(to_alice), play_one(to_bob)
        past_the_grace()  # one sweep of the worker sends both
    [polish] = turn_emails_of(alice, to_alice)
    [english] = turn_emails_of(bob, to_bob)
    assert polish.subject == f"Twój ruch: {to_alice.rules.name} #{to_alice.pk}, przeciwnik: bob"
    assert "Ruch gracza bob: " in polish.body and "Termin ruchu: " in polish.body and " marca 2026" in polish.body
    assert polish.alternatives[0][0].startswith('<!doctype html>\n<html lang="pl">')
    assert english.subject == f"Your turn: {to_bob.rules.name} #{to_bob.pk} against alice"
    assert "alice played " in english.body and " March 2026" in english.body and "Twój" not in english.body


@pytest.mark.django_db
def test_an_automatic_players_emails_are_in_the_language_their_browser_last_read_the_site_in(
    alice, bob, django_capture_on_commit_callbacks
):
    """alice's setting is automatic and her browser reads Polish; bob's browser asks for nothing: English."""
    browser = Client(HTTP_ACCEPT_LANGUAGE="pl,en;q=0.5")
    browser.force_login(alice)
    assert lang_of(browser.get("/")) == "pl"
    with time_machine.travel(T0, tick=False) as traveller:
        with django_capture_on_commit_callbacks(execute=True):
            to_alice, to_bob = start(bob, alice), start(alice, bob)
        traveller.shift(timedelta(hours=1))
        with django_capture_on_commit_callbacks(execute=True):
            to_alice, to_bob = play_one(to_alice), play_one(to_bob)
        past_the_grace()
    [polish] = turn_emails_of(alice, to_alice)
    [english] = turn_emails_of(bob, to_bob)
    assert polish.subject == f"Twój ruch: {to_alice.rules.name} #{to_alice.pk}, przeciwnik: bob"
    assert english.subject == f"Your turn: {to_bob.rules.name} #{to_bob.pk} against alice"


@pytest.mark.django_db
def test_the_browsers_language_is_written_only_when_it_changes(alice):
    browser = Client(HTTP_ACCEPT_LANGUAGE="pl")
    browser.force_login(alice)

    def writes(client) -> int:
        with CaptureQueriesContext(connection) as queries:
            client.get("/")
        return sum(query["sql"].startswith('UPDATE "players_player"') for query in queries)

    assert writes(browser) == 1 and writes(browser) == 0
    browser.cookies[COOKIE] = "en"  # the footer's switcher, before logging in
    assert writes(browser) == 1 and Player.objects.get(user=alice).browser_language == "en"
    speak(alice, "pl")  # a chosen language: the browser's is not recorded
    browser.cookies[COOKIE] = "pl"
    assert writes(browser) == 0 and Player.objects.get(user=alice).browser_language == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(all_games()))
def test_a_rules_page_without_a_translation_is_english_and_says_so(slug):
    game = all_games()[slug]
    polish = Client(HTTP_ACCEPT_LANGUAGE="pl").get(reverse("rules", args=[slug])).content.decode()
    english = Client().get(reverse("rules", args=[slug])).content.decode()
    if rules_page_for(game, "pl").fallback:
        assert "Tych zasad nie ma jeszcze w twoim języku" in polish and '<div lang="en">' in polish
    else:
        assert "rozstrzygają zasady w wersji angielskiej" in polish
    assert "Tych zasad" not in english and "<div lang=" not in english


@pytest.mark.django_db
def test_a_refused_move_is_explained_in_the_players_language(alice, bob):
    match = start(alice, bob)
    speak(alice, "pl")
    client = Client()
    client.force_login(alice)
    move = match.rules.legal_move_strings(match.position())[0]
    answer = client.post(reverse("play_move", args=[match.pk]), {"move": move, "ply": match.ply + 5}, follow=True)
    assert "Pozycja zmieniła się od wczytania strony" in answer.content.decode()


@pytest.mark.django_db
def test_one_worker_writes_each_game_over_email_and_push_in_its_recipients_language(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    """alice reads Polish, bob English: the ending's emails and pushes, built by the worker, are each in its reader's
    language, the result sentence the game writes included."""
    speak(alice, "pl")
    pushed = {}
    monkeypatch.setattr(sender, "private_pem", lambda: "a key")
    monkeypatch.setattr(sender, "deliver", lambda device, message: pushed.setdefault(device.user_id, message))
    for user in (alice, bob):
        PushSubscription.objects.create(user=user, endpoint=f"https://push.example/{user.pk}", p256dh="k", auth="a")
    match = start(alice, bob)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        endings.resign(match.pk, bob)
    [polish], [english] = turn_emails_of(alice, match), turn_emails_of(bob, match)
    assert polish.subject == f"Wygrana: {match.rules.name} #{match.pk} z graczem bob"
    assert english.subject == f"You lost: {match.rules.name} #{match.pk} against alice"
    finished = lookups.get_match(match.pk)
    with translation.override("pl"):
        polish_result = finished.result_text()
    with translation.override("en"):
        english_result = finished.result_text()
    assert polish_result != english_result
    assert f"dobiegła końca. {polish_result}." in polish.body and english_result not in polish.body
    assert f"is over. {english_result}." in english.body and "Partia" not in english.body
    assert pushed[alice.pk]["body"] == f"Koniec partii: {polish_result}"
    assert pushed[bob.pk]["body"] == f"Game over: {english_result}"
