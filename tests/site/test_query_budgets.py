"""Query budgets of the hot paths (issue 31): a later feature cannot add a query to them silently.

Each budget is the number of queries the path makes today for the costliest game; `docs/performance.md` lists them.
A path that needs more must say why, raising its number here and there.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.registry import all_games
from tests.factories import UserFactory
from tests.support.games import played_match

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
BUDGETS = {
    "match page, to move": 5,
    "match page, waiting": 5,
    "match page, signed-in spectator": 4,
    "match page, visitor": 2,
    "lobby": 6,
    "lobby, visitor": 2,
    "move": 18,
    "live play part, after a move": 5,
    "live head part, after a move": 4,
    "live actions part, unchanged": 3,
    "nav's turn count": 2,
}


def _clients(match, alice, bob, carol):
    clients = {"alice": Client(), "bob": Client(), "carol": Client(), "visitor": Client()}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol)):
        clients[name].force_login(user)
    for client in clients.values():  # the first request of a session warms caches no later request needs
        client.get(match.get_absolute_url())
    return clients


def _paths(match, clients):
    """(name, client, method, path, data, extra) of every hot path, in the order they are measured."""
    url = match.get_absolute_url()
    version = f"?ply={match.ply}&status={match.status}"
    text = match.rules.legal_move_strings(match.position())[0]
    part = lambda name, query: reverse("match_part", args=[match.pk, name]) + query  # noqa: E731
    return [
        ("match page, to move", clients["alice"], "get", url, None, {}),
        ("match page, waiting", clients["bob"], "get", url, None, {}),
        ("match page, signed-in spectator", clients["carol"], "get", url, None, {}),
        ("match page, visitor", clients["visitor"], "get", url, None, {}),
        ("lobby", clients["alice"], "get", reverse("lobby"), None, {}),
        ("lobby, visitor", clients["visitor"], "get", reverse("lobby"), None, {}),
        ("nav's turn count", clients["alice"], "get", reverse("turn_count"), None, HTMX),
        ("live actions part, unchanged", clients["bob"], "get", part("actions", version + "&offer="), None, HTMX),
        (
            "move",
            clients["alice"],
            "post",
            reverse("play_move", args=[match.pk]),
            {"move": text, "ply": match.ply},
            HTMX,
        ),
        ("live play part, after a move", clients["bob"], "get", part("play", version), None, HTMX),
        ("live head part, after a move", clients["bob"], "get", part("head", version), None, HTMX),
    ]


@pytest.mark.parametrize("slug", list(all_games()))
def test_every_hot_path_keeps_within_its_query_budget(slug, django_assert_max_num_queries, settings):
    alice, bob, carol = UserFactory(username="alice"), UserFactory(username="bob"), UserFactory(username="carol")
    match = played_match(slug, alice, bob)
    clients = _clients(match, alice, bob, carol)
    for name, client, method, path, data, extra in _paths(match, clients):
        with django_assert_max_num_queries(BUDGETS[name]):
            response = getattr(client, method)(path, data, **extra)
        assert response.status_code in (200, 204), (name, response.status_code)
