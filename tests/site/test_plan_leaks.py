"""Analyses and conditional plans leak nothing, for every game with hidden information.

A random game is played through the move service. Every few plies, the player not to move keeps
random analyses and a conditional plan (tests/support/leaks.py, PlanWorld); the opponent, a
spectator, an anonymous visitor and the admin fetch their pages with none, and with two different
ones. The opponent's, spectator's and visitor's pages must be the same bytes in all three worlds (so
nobody can tell a plan exists, let alone what is in it), and the admin's lists may not name a move of
the owner's that a spectator could not read.
"""

from __future__ import annotations

import html
import random
from datetime import UTC, datetime

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from daymove.notify.mailer import send_email_job
from daymove.round import moves
from daymove.web.views import LIVE_PARTS
from games.registry import all_games
from tests.factories import MatchFactory, UserFactory
from tests.support.games import game_cases
from tests.support.leaks import OtherWorld, PlanWorld, diff_excerpt, names_move, normalised

HTMX = {"HTTP_HX_REQUEST": "true"}
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)  # pages that say when they were drawn say the same in every world
ADMIN_LISTS = ("/admin/plans/conditionalplan/", "/admin/plans/analysistree/", "/admin/outbox/job/")


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def pages_for(name: str, match, owner) -> list[tuple[str, dict, dict]]:
    """(path, query, headers) of what `name` (the opponent, a spectator, anonymous, the admin) can fetch."""
    if name == "admin":
        return [(path, {}, {}) for path in ADMIN_LISTS] + [(f"/admin/plans/conditionalplan/?q={match.pk}", {}, {})]
    url = match.get_absolute_url()
    stale = {"ply": max(match.ply - 1, 0), "status": "active", "offer": "x"}
    pages = [(url, {}, {}), (url, {"at": max(match.ply - 1, 0)}, HTMX)]
    pages += [(reverse("match_part", args=[match.pk, part]), stale, HTMX) for part in LIVE_PARTS]
    pages.append((reverse("profile", args=[owner.username]), {}, {}))
    pages.append((reverse("analysis", args=[match.pk]), {}, HTMX))  # their own board (or the refusal)
    if name == "opponent":
        pages += [(reverse(page), {}, {}) for page in ("lobby", "download_json", "download_text")]
    return pages


def names(text: str, move: str) -> bool:
    return names_move(text, move) or names_move(html.unescape(text), move)


def fetch(client, pages) -> list[tuple[bytes, str]]:
    out = []
    for path, query, headers in pages:
        response = client.get(path, query, **headers)
        assert response.status_code < 500, path
        out.append((normalised(response), response.content.decode()))
    return out


@pytest.mark.slow  # a sweep of every page and email (about 15 s a case): `make test`, not `make check`
@pytest.mark.django_db
@pytest.mark.parametrize("game,options", game_cases(hidden_only=True))
@time_machine.travel(START, tick=False)
def test_analyses_and_plans_leave_no_trace_for_anyone_else(game, options):
    rng = random.Random(18)
    first, second, watcher = UserFactory(), UserFactory(), UserFactory()
    admin = UserFactory(username=f"admin-{rng.randrange(10**6)}")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    match = MatchFactory(game=game.slug, options=game.normalize_options(options), player0=first, player1=second)
    leaks, comparisons, secrets = [], 0, 0
    while match.is_active and match.ply < 40:
        if match.ply % 3 == 1:
            owner_seat = 1 - match.to_move
            owner = match.players[owner_seat]
            viewers = {
                "opponent": match.players[match.to_move],
                "spectator": watcher,
                "anonymous": None,
                "admin": admin,
            }
            clients = {name: client_of(user) for name, user in viewers.items()}
            plain = {name: fetch(clients[name], pages_for(name, match, owner)) for name in viewers}
            for seed in (1, 2):
                with PlanWorld(match, owner_seat, random.Random(seed * 1000 + match.ply)) as world:
                    secrets += len(world.secrets)
                    for name in viewers:
                        pages = pages_for(name, match, owner)
                        for (path, query, _), (before, plain_text), (after, text) in zip(
                            pages, plain[name], fetch(clients[name], pages)
                        ):
                            where = f"ply {match.ply}, plan world {seed}: {name}'s {path} {query}"
                            if name == "admin":  # the admin lists rows (a plan exists), but not what is in them
                                for secret in world.secrets:
                                    if names(text, secret) and not names(plain_text, secret):
                                        leaks.append(f"{where} names the owner's hidden move {secret!r}")
                                continue
                            comparisons += 1
                            if before != after:
                                leaks.append(f"{where} shows that a plan exists\n" + diff_excerpt(before, after))
        legal = game.legal_move_strings(match.position())
        moves.submit_move(match.pk, match.players[match.to_move], rng.choice(legal), match.ply)
        match.refresh_from_db()
    assert not leaks, "\n\n".join(leaks[:1]) + "\n" + str(len(leaks))
    assert comparisons > 100 and secrets > 10, (comparisons, secrets)


@pytest.mark.django_db
def test_the_checker_notices_a_plan_shown_to_others(monkeypatch):
    """An honest test of the test: with the admin list showing the lines whatever the match, it reports leaks."""
    from daymove.plans import admin as plans_admin

    monkeypatch.setattr(plans_admin.ConditionalPlanAdmin, "list_display", ["match", "owner", "tree"], raising=True)
    game = all_games()["ci-sequence"]
    rng = random.Random(3)
    first, second = UserFactory(), UserFactory()
    admin = UserFactory(username="admin-check")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    match = MatchFactory(game=game.slug, player0=first, player1=second)
    for _ in range(4):
        moves.submit_move(
            match.pk, match.players[match.to_move], rng.choice(game.legal_move_strings(match.position())), match.ply
        )
        match.refresh_from_db()
    owner_seat = 1 - match.to_move
    found = False
    for seed in range(5):
        with PlanWorld(match, owner_seat, random.Random(seed)) as world:
            text = client_of(admin).get("/admin/plans/conditionalplan/").content.decode()
            found |= any(names(text, secret) for secret in world.secrets)
    assert found


@pytest.mark.slow  # plays every plan to its emails (about 8 s a case): `make test`, not `make check`
@pytest.mark.django_db
@pytest.mark.parametrize("game,options", game_cases(hidden_only=True))
@time_machine.travel(START, tick=False)
def test_plan_emails_show_only_what_their_recipient_sees(game, options):
    """The "planned reply played" and "plan dropped" emails, built in the real world and in another world their
    recipient cannot tell from it (`OtherWorld`): the same bytes, and no move the recipient cannot know."""
    rng = random.Random(19)
    first, second = UserFactory(), UserFactory()
    match = MatchFactory(game=game.slug, options=game.normalize_options(options), player0=first, player1=second)
    compared = 0
    while match.is_active and match.ply < 40:
        if match.ply >= 2:
            mover, waiting = match.to_move, 1 - match.to_move
            emails = [
                (waiting, {"kind": "planned_reply", "match": match.pk, "ply": match.ply - 1}),
                (mover, {"kind": "plan_dropped", "match": match.pk, "ply": match.ply, "dropped": [["x"]]}),
            ]
            for seat, payload in emails:
                user = match.players[seat]
                real = email_text(user, payload)
                world = OtherWorld(game, match, match.notations(), seat, rng)
                if not world:
                    continue
                with world:
                    compared += 1
                    assert email_text(user, payload) == real, payload
                assert not any(names(real, secret) for secret in world.secrets), (payload, real)
        legal = game.legal_move_strings(match.position())
        moves.submit_move(match.pk, match.players[match.to_move], rng.choice(legal), match.ply)
        match.refresh_from_db()
    assert compared > 20, compared


def email_text(user, payload) -> str:
    mail.outbox.clear()
    send_email_job({"user": user.pk, **payload})
    assert len(mail.outbox) == 1, payload
    return "\n".join(f"{m.subject}\n{m.body}\n{m.alternatives}" for m in mail.outbox)
