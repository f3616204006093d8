"""Pages and emails rendered in the pseudo-language hold no English the catalogues do not translate.

Coverage grows by adding to PAGES and EMAILS: each page is a name, its address in the scene below and who looks;
each email a kind sent in the scene. What is still English on purpose until its messages exist is left out by name
in PENDING, each with the reason, so that the list of what remains is here to read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client, TestCase
from django.urls import reverse

from daymove.inbound.models import Bounce
from daymove.moderation.models import ModerationAction
from daymove.notify.mailer import send_email_job
from daymove.notify.models import EmailPreferences
from daymove.play.challenges import create_challenge
from daymove.play.models import Challenge
from daymove.players.models import Player
from daymove.push import sender
from daymove.push.models import PushSubscription
from daymove.round import draws, endings
from games.registry import all_games
from tests.factories import PASSWORD
from tests.support.catalogues import compile_catalogues
from tests.support.clocks import PER_MOVE_3, T0, play_one, start
from tests.support.pseudo import pseudo_language, untranslated
from tests.support.turn_emails import past_the_grace

compile_catalogues()

PENDING: dict[str, tuple[str, ...]] = {}  # nothing is knowingly left in English


@dataclass(frozen=True)
class Scene:
    """alice to move against bob, a finished match of theirs, bob's open challenge and one to alice."""

    players: dict
    match: object
    finished: object

    @property
    def names(self) -> list[str]:
        return list(self.players)


@dataclass(frozen=True)
class Page:
    name: str
    url: Callable[[Scene], str]
    viewer: str | None = None
    pending: str = ""  # a key of PENDING


PAGES = [
    Page("lobby, anonymous", lambda s: reverse("lobby")),
    Page("lobby", lambda s: reverse("lobby"), "alice"),
    Page("log in", lambda s: reverse("account_login")),
    Page("sign up", lambda s: reverse("account_signup")),
    Page("password reset", lambda s: reverse("account_reset_password")),
    Page("profile settings", lambda s: reverse("profile_settings"), "alice"),
    Page("account", lambda s: reverse("account"), "alice"),
    Page("change password", lambda s: reverse("account_change_password"), "alice"),
    Page("email addresses", lambda s: reverse("account_email"), "alice"),
    Page("match, to move", lambda s: s.match.get_absolute_url(), "alice", "match"),
    Page("match, waiting", lambda s: s.match.get_absolute_url(), "bob", "match"),
    Page("match, watching", lambda s: s.match.get_absolute_url(), None, "match"),
    Page("match, finished", lambda s: s.finished.get_absolute_url(), "alice", "match"),
    Page("profile", lambda s: reverse("profile", args=["bob"]), "alice"),
    Page("own profile", lambda s: reverse("profile", args=["alice"]), "alice"),
    Page("profile, anonymous", lambda s: reverse("profile", args=["bob"]), None),
    Page("archive", lambda s: reverse("site_archive")),
    Page("archive, searched", lambda s: reverse("site_archive") + "?result=running&sort=oldest"),
    Page("player's archive", lambda s: reverse("player_archive", args=["bob"]), "alice"),
    Page("own archive, nothing found", lambda s: reverse("player_archive", args=["alice"]) + "?result=drawn", "alice"),
    Page("challenge form", lambda s: reverse("new_challenge", args=[s.match.game]), "alice"),
    Page("challenge form, to bob", lambda s: reverse("new_challenge", args=[s.match.game]) + "?opponent=bob", "alice"),
    Page("push settings", lambda s: reverse("push_settings"), "alice"),
    Page("leaderboard", lambda s: reverse("leaderboard", args=[s.match.game])),
    Page("watch", lambda s: reverse("watch")),
    Page("watch, one game", lambda s: reverse("watch") + f"?game={s.match.game}", "alice"),
    Page("lobby, warned and bouncing", lambda s: reverse("lobby"), "carol"),
]


@pytest.fixture
def scene(alice, bob, carol, django_capture_on_commit_callbacks) -> Scene:
    # carol's mail bounces and a moderator warned her: every page of hers says so until she acts
    Bounce.objects.create(address="carol@carol", user=carol, diagnostic="carol")
    ModerationAction.objects.create(target=carol, kind=ModerationAction.Kind.WARN, message="carol")
    with django_capture_on_commit_callbacks(execute=True):
        match = play_one(play_one(start(bob, alice)))
        match = play_one(match)  # alice to move, a few moves in
        finished = endings.resign(start(alice, bob).pk, alice)
        create_challenge(bob, match.game, {}, None, rated=False)
        create_challenge(bob, match.game, {}, "alice", rated=False)
    return Scene({"alice": alice, "bob": bob, "carol": carol}, match, finished)


def _client(scene: Scene, viewer: str | None, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if viewer is not None:
        client.force_login(scene.players[viewer])
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_word_of_the_page_is_translated(scene, page):
    with pseudo_language() as language:
        response = _client(scene, page.viewer, language).get(page.url(scene))
        assert response.status_code == 200
        left = untranslated(response.content.decode(), scene.names, skip=PENDING.get(page.pending, ()))
    assert not left, f"English on {page.name}: {sorted(set(left))}"


@dataclass(frozen=True)
class Email:
    kind: str
    send: Callable[[Scene, str], list]  # sends it in the scene to a reader of the language; the emails to check


def _turn_email(scene: Scene, language: str) -> list:
    """bob moves in a new match against alice, who reads the language; the grace passes with her not looking."""
    alice = scene.players["alice"]
    Player.objects.filter(user=alice).update(language=language)
    with time_machine.travel(T0, tick=False) as traveller:
        match = start(scene.players["bob"], alice)
        traveller.shift(timedelta(hours=1))
        play_one(match)
        mail.outbox.clear()
        past_the_grace()
    return [m for m in mail.outbox if m.to == [alice.email]]


def _sign_up_email(scene: Scene, language: str) -> list:
    """Someone signs up in the language (allauth sends the confirmation during the request)."""
    mail.outbox.clear()
    form = {"username": "dora", "email": "dora@example.com", "password1": PASSWORD, "password2": PASSWORD}
    Client(HTTP_ACCEPT_LANGUAGE=language).post(reverse("account_signup"), form)
    return [m for m in mail.outbox if m.to == ["dora@example.com"]]


def _reader(scene: Scene, language: str):
    """alice, reading the language, with an empty outbox."""
    alice = scene.players["alice"]
    Player.objects.filter(user=alice).update(language=language)
    mail.outbox.clear()
    return alice


def _job(kind: str, user, **payload) -> list:
    """The worker runs one email job of `kind` for `user`, as the outbox hands it over; the emails it sent."""
    send_email_job({"kind": kind, "user": user.pk, **payload})
    return [m for m in mail.outbox if m.to == [user.email]]


def _alice_to_move(scene: Scene, game: str | None = None):
    """A new match with a clock in which bob has moved and alice is to move."""
    kwargs = {"game": game} if game else {}
    with TestCase.captureOnCommitCallbacks(execute=True):
        return play_one(start(scene.players["bob"], scene.players["alice"], PER_MOVE_3, **kwargs))


def _game_over_email(scene: Scene, language: str) -> list:
    """bob resigns a match against alice: the worker tells her she won."""
    alice = _reader(scene, language)
    match = _alice_to_move(scene)
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        endings.resign(match.pk, scene.players["bob"])
    return [m for m in mail.outbox if m.to == [alice.email]]


def _reminder_email(scene: Scene, language: str) -> list:
    alice = _reader(scene, language)
    match = _alice_to_move(scene)
    mail.outbox.clear()
    return _job("reminder", alice, match=match.pk, ply=match.ply, hours=24)


def _draw_offer_email(scene: Scene, language: str) -> list:
    """bob offers a draw in a game that has them, alice to move."""
    alice = _reader(scene, language)
    game = next(slug for slug, rules in sorted(all_games().items()) if rules.draws_by_agreement)
    match = _alice_to_move(scene, game)
    with TestCase.captureOnCommitCallbacks(execute=True):
        draws.offer_draw(match.pk, scene.players["bob"])
    mail.outbox.clear()
    return _job("draw_offer", alice, match=match.pk, ply=match.ply)


def _challenge_email(scene: Scene, language: str) -> list:
    alice = _reader(scene, language)
    challenge = Challenge.objects.filter(opponent=alice, status=Challenge.Status.OPEN).first()
    return _job("challenge", alice, challenge=challenge.pk)


def _digest_email(scene: Scene, language: str) -> list:
    alice = _reader(scene, language)
    _alice_to_move(scene)
    EmailPreferences.objects.update_or_create(user=alice, defaults={"turn_emails": "digest"})
    mail.outbox.clear()
    return _job("digest", alice, date="2026-03-02")


def _planned_reply_email(scene: Scene, language: str) -> list:
    """alice's planned reply was the last move of the scene's match (played after bob's)."""
    alice = _reader(scene, language)
    return _job("planned_reply", alice, match=scene.match.pk, ply=scene.match.ply - 1)


def _plan_dropped_email(scene: Scene, language: str) -> list:
    """bob's last move was not in alice's plan: its lines are dropped (the reason, `why`, is PENDING_WHY)."""
    alice = _reader(scene, language)
    return _job("plan_dropped", alice, match=scene.match.pk, ply=scene.match.ply, why="", dropped=[["x1", "x2"]])


EMAILS = [
    Email("your_turn", _turn_email),
    Email("sign-up confirmation", _sign_up_email),
    Email("game_over", _game_over_email),
    Email("reminder", _reminder_email),
    Email("draw_offer", _draw_offer_email),
    Email("challenge", _challenge_email),
    Email("digest", _digest_email),
    Email("planned_reply", _planned_reply_email),
    Email("plan_dropped", _plan_dropped_email),
]


@pytest.mark.django_db
@pytest.mark.parametrize("email", EMAILS, ids=lambda e: e.kind)
def test_every_word_of_the_email_is_translated(scene, email, django_capture_on_commit_callbacks):
    with pseudo_language() as language, django_capture_on_commit_callbacks(execute=True):
        sent = email.send(scene, language)
    assert sent, "no email was sent"
    names = [*scene.names, "dora", "dora@example.com"]
    for message in sent:
        assert not untranslated(message.subject, names, html=False), message.subject
        body, html = message.body, message.alternatives[0][0] if message.alternatives else ""
        assert not untranslated(body, names, html=False), body
        assert not untranslated(html, names), html


PUSHES = {
    "your_turn": lambda s: {"match": s.match.pk, "ply": s.match.ply},
    "game_over": lambda s: {"match": s.finished.pk, "ply": s.finished.ply},
    "draw_declined": lambda s: {"match": s.match.pk, "ply": s.match.ply},
    "challenge": lambda s: {"challenge": Challenge.objects.filter(opponent=s.players["alice"]).first().pk},
}


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(PUSHES))
def test_every_word_of_the_push_is_translated(scene, kind, monkeypatch):
    """The push job, as the worker runs it for alice reading the pseudo-language (the push service left out)."""
    sent = []
    monkeypatch.setattr(sender, "private_pem", lambda: "a key")
    monkeypatch.setattr(sender, "deliver", lambda device, message: sent.append(message))
    alice = scene.players["alice"]
    device = PushSubscription.objects.create(user=alice, endpoint="https://push.example/a", p256dh="k", auth="a")
    with pseudo_language() as language:
        Player.objects.filter(user=alice).update(language=language)
        payload = {"kind": kind, "user": alice.pk, "device": device.pk, "ply": 0} | PUSHES[kind](scene)
        sender.send_push_job(payload)
    [message] = sent
    for text in (message["title"], message["body"]):
        assert not untranslated(text, scene.names, html=False), text
