"""Hidden information on the surfaces the leak test does not visit, for every game that has some: the admin,
profiles and logs.

tests/site/test_hidden_information_leaks.py plays random games through the site and compares, for each
player, a spectator and an anonymous visitor, the match page, its htmx fragments, replays, click
URLs, a refused move, the lobby, the game downloads (JSON and text) and the emails (your turn —
the mail that tells the mover's opponent about the move —, reminder, digest) with the same pages
in a world the viewer cannot tell apart. It is not repeated here. This file uses the same worlds
(tests/support/leaks.py) for what is left:

- the admin, as staff, while the match is on: the match list (also sorted and searched), the match
  page with its move inline, its history, the move list and each move's page, the outbox jobs the
  moves recorded (their payloads), the "check the replay" action's report, and a move list
  filtered on the notation (the admin must refuse that lookup rather than answer an oracle);
- both players' profile pages, for the players, a spectator and an anonymous visitor;
- the log lines written while the game is played through the site.

Staff are spectators here: the admin shows a match in progress as a spectator would see it.
"""

from __future__ import annotations

import logging
import random

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse

from daymove.outbox.models import Job
from daymove.play.models import Match, Move
from games.registry import all_games
from tests.factories import MatchFactory, UserFactory
from tests.support.leaks import OtherWorld, diff_excerpt, names_move, normalised

HIDDEN_GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items() if game.visibility.hidden]


def admin_requests(match: Match, probe: str) -> list[tuple[str, str, dict]]:
    """What staff can open about the match in the admin; `probe` starts some notation (a lookup to refuse)."""
    changelist = reverse("admin:play_match_changelist")
    moves = reverse("admin:play_move_changelist")
    requests = [
        ("GET", changelist, {}),
        ("GET", changelist, {"q": str(match.pk)}),
        ("GET", changelist, {"o": "-7"}),
        ("GET", reverse("admin:play_match_change", args=[match.pk]), {}),
        ("GET", reverse("admin:play_match_history", args=[match.pk]), {}),
        ("GET", moves, {"q": str(match.pk)}),
        ("GET", moves, {"q": str(match.pk), "o": "4"}),
        ("GET", moves, {"notation__startswith": probe}),
        ("GET", changelist, {"state__contains": probe}),
        ("GET", reverse("admin:outbox_job_changelist"), {"q": f":{match.pk}:"}),
        ("POST", changelist, {"action": "check_replay", "_selected_action": [match.pk]}),
    ]
    # The pages of the latest moves and jobs (earlier ones were compared at earlier plies).
    requests += [
        ("GET", reverse("admin:play_move_change", args=[pk]), {})
        for pk in Move.objects.filter(match=match).order_by("-ply").values_list("pk", flat=True)[:3]
    ]
    jobs = Job.objects.filter(key__contains=f":{match.pk}:").order_by("-pk")
    requests += [
        ("GET", reverse("admin:outbox_job_change", args=[pk]), {}) for pk in jobs.values_list("pk", flat=True)[:3]
    ]
    return requests


def profile_requests(match: Match) -> list[tuple[str, str, dict]]:
    return [("GET", reverse("profile", args=[player.username]), {}) for player in match.players]


def fetch(client: Client, requests) -> list[bytes]:
    LogEntry.objects.all().delete()  # the replay check's log entry would show up on the next history page
    pages = []
    for method, path, data in requests:
        if method == "GET":
            response = client.get(path, data)
        else:
            response = client.post(path, data, follow=True)
        assert response.status_code < 500, (path, data)
        pages.append(normalised(response))
    return pages


@pytest.mark.slow  # two whole games through every admin page (about 15 s): `make test`, not `make check`
@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_admin_profiles_and_logs_do_not_depend_on_hidden_information(caplog, game):
    caplog.set_level(logging.INFO)
    rng = random.Random(8058)
    first, second = UserFactory(username="first"), UserFactory(username="second")
    watcher = UserFactory(username="watcher")
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    match = MatchFactory(game=game.slug, player0=first, player1=second)
    probe = game.legal_move_strings(game.initial_state({}))[0][:2]
    clients = {}
    for name, user in (
        ("first", first),
        ("second", second),
        ("watcher", watcher),
        ("staff", staff),
        ("anonymous", None),
    ):
        clients[name] = Client()
        if user is not None:
            clients[name].force_login(user)
    viewers = {0: ["first"], 1: ["second"], None: ["watcher", "staff", "anonymous"]}
    leaks, worlds, comparisons = [], 0, 0
    secrets = set()  # every move a spectator could not know, at some ply: no log line may name one
    while True:
        match.refresh_from_db()
        notations = match.notations()
        if not match.is_active:
            break
        if match.ply % 3 == 2:
            for seat, names in viewers.items():
                world = OtherWorld(game, match, notations, seat, rng)
                if not world:
                    continue
                if seat is None:
                    secrets |= set(world.secrets)
                worlds += 1
                requests = {
                    name: profile_requests(match) + (admin_requests(match, probe) if name == "staff" else [])
                    for name in names
                }
                real = {name: fetch(clients[name], requests[name]) for name in names}
                with world:
                    for name in names:
                        again = fetch(clients[name], requests[name])
                        for request, body, other in zip(requests[name], real[name], again):
                            comparisons += 1
                            if body != other:
                                leaks.append(
                                    f"ply {match.ply}: {name}'s {request} depends on hidden information\n"
                                    + diff_excerpt(body, other)
                                )
        state = game.initial_state(match.options)
        for text in notations:
            state = game.play(state, text)
        text = rng.choice(game.legal_move_strings(state))
        mover = clients[["first", "second"][match.to_move]]
        assert mover.post(reverse("play_move", args=[match.pk]), {"move": text, "ply": match.ply}).status_code == 302
    assert not leaks, "\n\n".join(leaks[:3])
    assert worlds >= 6 and comparisons > 150, (worlds, comparisons)
    assert Job.objects.filter(key__contains=f":{match.pk}:").exists()  # the job pages were really compared
    assert secrets, "the spectator's worlds hid some moves"
    named = [secret for secret in secrets if names_move(caplog.text, secret)]
    assert not named, f"a log line names a hidden move: {named[:3]}"


@pytest.mark.django_db
@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_admin_refuses_to_filter_moves_on_their_notation(admin_client, game):
    """Filtering or sorting by the notation would be an oracle for hidden moves: the admin must not offer it."""
    match = MatchFactory(game=game.slug)
    first_move = game.legal_move_strings(game.initial_state({}))[0]
    Move.objects.create(match=match, ply=0, seat=0, notation=first_move)
    probe = first_move[:2]
    moves, matches = reverse("admin:play_move_changelist"), reverse("admin:play_match_changelist")
    for url, lookup in (
        (moves, "notation__startswith"),
        (moves, "notation"),
        (moves, "match__state__contains"),
        (matches, "state__contains"),
        (matches, "moves__notation__startswith"),
    ):
        assert admin_client.get(url, {lookup: probe}).status_code == 400, lookup
    assert admin_client.get(moves, {"match__game": game.slug}).status_code == 200  # the offered filter works
    page = admin_client.get(moves).content.decode()
    assert "(hidden until the match ends)" in page and first_move not in page
