"""The offerer hears a declined draw: on the match page, live, and (see test_push.py) by push; no email."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.live.models import Notice
from daymove.live.notices import OFFER, match_topic
from daymove.play import draws
from tests.support.clocks import play_one, start

DECLINED = "bob declined your draw offer."


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def actions(client, match, **version) -> str:
    """The live actions part as the page asks for it after an "offer" event (the version it had before)."""
    url = reverse("match_part", args=[match.pk, "actions"])
    response = client.get(url, {"ply": match.ply, "status": "active", **version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def declined(alice, bob):
    """alice (seat 0) offered a draw on bob's turn, and bob declined it."""
    match = play_one(start(alice, bob))
    draws.offer_draw(match.pk, alice)
    alices_page = client_of(alice)
    assert "You offered a draw" in alices_page.get(match.get_absolute_url()).content.decode()
    draws.decline_draw(match.pk, bob)
    return match, alices_page


def test_the_offerers_page_shows_the_decline(declined, bob):
    match, alices_page = declined
    page = alices_page.get(match.get_absolute_url()).content.decode()
    assert DECLINED in page and "You offered a draw" not in page
    assert "Offer a draw…" in page  # and she may offer again
    assert "declined your draw offer" not in client_of(bob).get(match.get_absolute_url()).content.decode()


def test_an_open_page_hears_the_decline_live(declined):
    match, alices_page = declined
    assert Notice.objects.filter(topic=match_topic(match.pk), event=OFFER).count() == 2  # the offer, the decline
    assert DECLINED in actions(alices_page, match, offer="0")  # the part the page held showed her offer


def test_the_decline_stays_news_until_the_offerer_moves_or_offers_again(declined, alice, bob):
    match, alices_page = declined
    match = play_one(match)  # bob moves: alice has not seen it yet, the decline is still news for her
    assert DECLINED in alices_page.get(match.get_absolute_url()).content.decode()
    draws.offer_draw(match.pk, alice)  # she offers again: the page says so instead
    page = alices_page.get(match.get_absolute_url()).content.decode()
    assert "You offered a draw" in page and DECLINED not in page
    play_one(match)  # alice moves (the offer stands until bob moves)
    match = play_one(match)  # bob moves: her second offer lapsed, nothing was declined
    assert DECLINED not in alices_page.get(match.get_absolute_url()).content.decode()


def test_no_email_tells_of_a_decline(declined, alice):
    assert not [m for m in mail.outbox if m.to == [alice.email] and "declined" in m.body]
