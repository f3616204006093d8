"""The ladders in the reader's language: every page (a player on the ladder, one not on it, a visitor), every ladder
email and push rendered in the pseudo-language holds no English left unmarked; a Polish player's ladder email is
Polish and an English player's English, from the same worker; the idle warning states the real idle days."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from daymove.clocks.vacations import book_vacation, local_today
from daymove.ladders.idle import sweep_idle
from daymove.ladders.membership import adjust
from daymove.ladders.models import Ladder, Rung
from daymove.players.models import Player
from daymove.push import sender
from daymove.push.models import PushSubscription
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from daymove.web import ladder_pages
from tests.factories import UserFactory
from tests.support.catalogues import compile_catalogues
from tests.support.ladders import a_ladder, both_move, line_up
from tests.support.pseudo import pseudo_language, untranslated

compile_catalogues()

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)
NAMES = ["ann", "ben", "cat", "dan", "eve", "fay", "gus"]  # on the ladder in this order; "zed" is not on it
MODERATORS_WORDS = "Placed by mistake"  # a moderator's reason: never translated
GENITIVE_MONTHS = ("stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września")
GENITIVE_MONTHS += ("października", "listopada", "grudnia")


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def people(db) -> dict:
    return {name: UserFactory(username=name) for name in [*NAMES, "zed"]}


@pytest.fixture
def ladder(people) -> Ladder:
    found = a_ladder()
    line_up(found, [people[name] for name in NAMES])
    return found


def _read_in(person, language: str) -> None:
    Player.objects.filter(user=person).update(language=language)


# ---- pages -------------------------------------------------------------------------------------------------------


@pytest.fixture
def busy(ladder, people, on_commit) -> Ladder:
    """A ladder with its history: a game won (places passed), a game being played, a moderator's adjustment, an idle
    drop, someone away, and a player who left."""
    with on_commit():
        endings.resign(both_move(challenge_on_ladder(ladder, people["cat"], "ann")).pk, people["ann"])
        challenge_on_ladder(ladder, people["gus"], "eve")
        adjust(ladder, people["dan"], 6, MODERATORS_WORDS)
    later = timezone.now() + 31 * DAY
    Rung.objects.exclude(player=people["fay"]).update(last_ended_at=later)  # fay alone is idle
    with time_machine.travel(later, tick=False), on_commit():
        sweep_idle()
    book_vacation(people["ben"], local_today(people["ben"]), local_today(people["ben"]) + 3 * DAY)
    return ladder


@dataclass(frozen=True)
class Page:
    name: str
    url: Callable[[Ladder], str]
    viewer: str | None


LADDER_PAGES = [
    Page("every ladder", lambda ladder: reverse("ladders:index"), None),
    Page("every ladder, a player on one", lambda ladder: reverse("ladders:index"), "cat"),
    Page("every ladder, a player on none", lambda ladder: reverse("ladders:index"), "zed"),
    Page("the ladder", lambda ladder: ladder.get_absolute_url(), None),
    Page("the ladder, a player on it", lambda ladder: ladder.get_absolute_url(), "gus"),
    Page("the ladder, a player not on it", lambda ladder: ladder.get_absolute_url(), "zed"),
    Page("the ladder's second page", lambda ladder: ladder.get_absolute_url() + "?page=2", "ann"),
    Page("a player's history", lambda ladder: reverse("ladders:player", args=[ladder.slug, "dan"]), None),
    Page("an idle player's history", lambda ladder: reverse("ladders:player", args=[ladder.slug, "fay"]), "fay"),
    Page("a history, never on it", lambda ladder: reverse("ladders:player", args=[ladder.slug, "zed"]), "ann"),
]


@pytest.mark.parametrize("page", LADDER_PAGES, ids=lambda p: p.name)
def test_every_word_of_the_ladder_pages_is_translated(busy, people, page, monkeypatch):
    monkeypatch.setattr(ladder_pages, "ROWS_PER_PAGE", 4)  # the pager shows too
    with pseudo_language() as language:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if page.viewer:
            client.force_login(people[page.viewer])
        response = client.get(page.url(busy))
        assert response.status_code == 200
        left = untranslated(response.content.decode(), list(people))
    assert not left, f"English on {page.name}: {sorted(set(left))}"


@pytest.mark.parametrize("viewer", [None, "ann"], ids=["a visitor", "a player"])
def test_every_word_of_an_empty_ladder_is_translated(people, viewer):
    ladder = a_ladder()
    with pseudo_language() as language:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if viewer:
            client.force_login(people[viewer])
        page = client.get(ladder.get_absolute_url()).content.decode()
        left = untranslated(page, list(people))
    assert "ladders:join" not in page and not left, sorted(set(left))


PROFILE_PLACES = re.compile(r'<section aria-labelledby="ladder-places-title">.*?</section>', re.S)


@pytest.mark.parametrize("viewer, owner", [(None, "cat"), ("zed", "zed")], ids=["on ladders", "on none, own"])
def test_every_word_of_the_profiles_ladder_places_is_translated(busy, people, viewer, owner):
    with pseudo_language() as language:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if viewer:
            client.force_login(people[viewer])
        [section] = PROFILE_PLACES.findall(client.get(reverse("profile", args=[owner])).content.decode())
        left = untranslated(section, list(people))
    assert not left, sorted(set(left))


# ---- emails and pushes -------------------------------------------------------------------------------------------


def _challenged(ladder, people, on_commit) -> str:
    with on_commit():
        challenge_on_ladder(ladder, people["dan"], "ben")
    return "ben"


def _passed(ladder, people, on_commit) -> str:
    match = both_move(challenge_on_ladder(ladder, people["dan"], "ben"))
    with on_commit():
        endings.resign(match.pk, people["ben"])
    return "ben"


def _adjusted(ladder, people, on_commit) -> str:
    with on_commit():
        adjust(ladder, people["ann"], 3, MODERATORS_WORDS)
    return "ann"


def _dropped(ladder, people, on_commit) -> str:
    later = timezone.now() + 61 * DAY
    Rung.objects.exclude(player=people["ann"]).update(last_ended_at=later)
    with time_machine.travel(later, tick=False), on_commit():
        sweep_idle()
    return "ann"


def _warned(ladder, people, on_commit) -> str:
    with time_machine.travel(timezone.now() + 100 * DAY, tick=False), on_commit():
        sweep_idle()
    return "ann"


OCCASIONS = {
    "ladder_challenged": _challenged,
    "ladder_passed": _passed,
    "ladder_moved, adjusted": _adjusted,
    "ladder_moved, idle": _dropped,
    "ladder_idle": _warned,
}
BOARD_LINES = re.compile(r"^ {2}.*$", re.M)  # the position in words under a board (the games' part of issue 30)
BOARD_IN_HTML = re.compile(r"<figure.*?</figure>|(?<=⟦Ţĥé þöšîţîöñ:⟧)[^<]*", re.S)


def _emails_to(person, kind: str) -> list:
    """The emails of this kind sent to the person (told by their List-Id)."""
    label = f"<{kind.replace('_', '-')}."
    return [m for m in mail.outbox if m.to == [person.email] and label in m.extra_headers["List-Id"]]


@pytest.mark.parametrize("occasion", sorted(OCCASIONS))
def test_every_word_of_each_ladder_email_is_translated(ladder, people, on_commit, occasion):
    with pseudo_language() as language:
        for person in people.values():
            _read_in(person, language)
        mail.outbox.clear()
        recipient = people[OCCASIONS[occasion](ladder, people, on_commit)]
    [email] = _emails_to(recipient, occasion.split(",")[0])
    html = BOARD_IN_HTML.sub("", email.alternatives[0][0])
    for text, is_html in ((email.subject, False), (BOARD_LINES.sub("", email.body), False), (html, True)):
        left = untranslated(text.replace(MODERATORS_WORDS, ""), list(people), html=is_html)
        assert not left, (occasion, sorted(set(left)), text)


@pytest.mark.parametrize("occasion", sorted(OCCASIONS))
def test_every_word_of_each_ladder_push_is_translated(ladder, people, on_commit, occasion, monkeypatch):
    """Each ladder push, as the worker sends it to a reader of the pseudo-language (the push service left out)."""
    sent = []
    monkeypatch.setattr(sender, "private_pem", lambda: "a key")
    monkeypatch.setattr(sender, "deliver", lambda device, message: sent.append((device.user_id, message)))
    for person in people.values():
        PushSubscription.objects.create(user=person, endpoint=f"https://push.example/{person}", p256dh="k", auth="a")
    with pseudo_language() as language:
        for person in people.values():
            _read_in(person, language)
        recipient = people[OCCASIONS[occasion](ladder, people, on_commit)]
    kind = occasion.split(",")[0]
    [message] = [message for user, message in sent if user == recipient.pk and message["kind"] == kind]
    for text in (message["title"], message["body"]):
        assert not untranslated(text, list(people), html=False), text


def test_a_polish_player_reads_the_ladder_emails_in_polish_and_an_english_player_in_english(ladder, people, on_commit):
    """One ending passes ben (Polish) and cat (English): the same worker writes each their own email."""
    _read_in(people["ben"], "pl")
    _read_in(people["cat"], "en")
    _passed(ladder, people, on_commit)
    [polish], [english] = _emails_to(people["ben"], "ladder_passed"), _emails_to(people["cat"], "ladder_passed")
    with translation.override("pl"):
        named = ladder.in_sentence  # "gry <the game>", with its options if it has several ladders
    assert (
        named.startswith("gry ")
        and polish.subject == f"Gracz dan wyprzedza cię w drabince {named}: jesteś na miejscu 3"
    )
    assert "przesuwasz się z miejsca 2 na 3" in polish.body and "Twoja historia miejsc:" in polish.body
    assert english.subject == f"dan passed you on the {ladder.in_sentence}: you are on place 4"
    assert "you moved from place 3 to 4" in english.body and "Your place history:" in english.body


def test_the_idle_warning_states_the_idle_days_as_they_are_even_when_sent_late(ladder, people, on_commit):
    start = timezone.now()
    _read_in(people["ben"], "pl")
    with time_machine.travel(start + 100 * DAY, tick=False), on_commit():
        sweep_idle()  # the first sweep in 100 idle days: late
    [english] = _emails_to(people["ann"], "ladder_idle")
    assert "for 100 days" in english.body and "almost" not in english.body
    [polish] = _emails_to(people["ben"], "ladder_idle")
    assert "Od 100 dni nie skończyła się żadna twoja partia" in polish.body
    # The removal date in Polish, the month in the genitive.
    assert re.search(rf"\d+ ({'|'.join(GENITIVE_MONTHS)}) \d{{4}}", polish.body)


# ---- the admin ---------------------------------------------------------------------------------------------------

# The admin's side bar lists every app of the site (each app's own names) and its header is the site's; Django itself
# writes English picture texts in its search form and its yes/no icons (alt="True", the "active" column).
ADMIN_ELSEWHERE = ("nav-sidebar", "header", "changelist-search", "field-active")


def _data() -> list[str]:
    """What the admin shows of the ladders' rows as it is: slugs, games and the JSON of their clocks and options."""
    ladders = Ladder.objects.all()
    return [
        text
        for ladder in ladders
        for text in (ladder.slug, ladder.game, json.dumps(ladder.time_control), json.dumps(ladder.options))
    ]


def _admin_pages(ladder, people) -> dict:
    rung = Rung.objects.get(ladder=ladder, player=people["ann"])
    adjust_form = {"action": "adjust_place", "_selected_action": [rung.pk]}
    return {
        "ladders": ("get", reverse("admin:ladders_ladder_changelist"), None),
        "a ladder": ("get", reverse("admin:ladders_ladder_change", args=[ladder.pk]), None),
        "places": ("get", reverse("admin:ladders_rung_changelist"), None),
        "adjusting a place": ("post", reverse("admin:ladders_rung_changelist"), adjust_form),
        "adjusting, no reason": ("post", reverse("admin:ladders_rung_changelist"), adjust_form | {"confirm": "yes"}),
        "ladder games": ("get", reverse("admin:ladders_laddergame_changelist"), None),
        "place changes": ("get", reverse("admin:ladders_placechange_changelist"), None),
    }


ADMIN_PAGES = ["ladders", "a ladder", "places", "adjusting a place", "adjusting, no reason", "ladder games"]
ADMIN_PAGES += ["place changes"]


@pytest.mark.parametrize("page", ADMIN_PAGES)
def test_every_word_the_site_adds_to_the_ladders_admin_is_translated(busy, people, page):
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    method, url, data = _admin_pages(busy, people)[page]
    with pseudo_language() as language:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(staff)
        response = getattr(client, method)(url, data)
        assert response.status_code == 200
        left = untranslated(
            response.content.decode(), [*people, "boss", *_data(), MODERATORS_WORDS], skip=ADMIN_ELSEWHERE
        )
    assert not left, sorted(set(left))
