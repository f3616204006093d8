"""One game's record, downloaded from the match page: JSON and plain text, hidden tiles only as the viewer may see
them (C#I Sequence: a running game's record hides what the viewer cannot know; a finished one shows everything)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daymove.round import endings
from tests.factories import UserFactory
from tests.support.games import played_match


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_record_holds_moves_result_players_options_and_dates():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match("abande", alice, bob, plies=4, options={"board": "hex"})
    endings.resign(match.pk, bob)
    match.refresh_from_db()
    response = _client().get(reverse("match_record_json", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="daymove-abande-{match.pk}.json"'
    assert "no-store" in response["Cache-Control"]
    record = response.json()
    assert record["moves"] == match.notations() and len(record["moves"]) == match.ply
    assert record["options"] == {"board": "hex"} and record["status"] == "finished" and record["winner"] == 0
    assert [p["username"] for p in record["players"]] == ["alice", "bob"]
    assert record["result"] == match.result_text() and record["your_seat"] is None
    assert record["created"] == match.created.isoformat() and record["finished"] == match.finished_at.isoformat()
    text = _client(bob).get(reverse("match_record_text", args=[match.pk])).content.decode()
    assert '[Game "Abande"]' in text and f'[Match "{match.pk}"]' in text and f'[Result "{match.result_text()}"]' in text
    assert [line.split(". ", 1)[1] for line in text.splitlines() if line[:1].isdigit()] == match.notations()


@pytest.mark.django_db
def test_a_running_hidden_game_shows_each_viewer_only_their_view_and_the_end_shows_all():
    alice, bob, carol = UserFactory(username="alice"), UserFactory(username="bob"), UserFactory(username="carol")
    match = played_match("ci-sequence", alice, bob, plies=8)
    notations = match.notations()
    views = {}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol), ("anonymous", None)):
        record = _client(user).get(reverse("match_record_json", args=[match.pk])).json()
        text = _client(user).get(reverse("match_record_text", args=[match.pk])).content.decode()
        expected = match.history_for(match.seat_of(user), notations)
        assert record["moves"] == expected, name
        assert [line.split(". ", 1)[1] for line in text.splitlines() if line[:1].isdigit()] == expected, name
        views[name] = expected
    assert views["carol"] == views["anonymous"] != notations  # a spectator does not see the hidden tiles
    assert views["alice"] != views["bob"]  # each player sees their own tiles, not the other's
    endings.resign(match.pk, bob)
    for user in (alice, bob, carol, None):
        assert _client(user).get(reverse("match_record_json", args=[match.pk])).json()["moves"] == notations


@pytest.mark.django_db
def test_the_match_page_links_its_record_and_a_missing_match_has_none():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = played_match("parity", alice, bob, plies=2)
    page = _client().get(match.get_absolute_url()).content.decode()
    assert (
        reverse("match_record_json", args=[match.pk]) in page and reverse("match_record_text", args=[match.pk]) in page
    )
    assert _client().get(reverse("match_record_json", args=[99999])).status_code == 404
    assert _client().get(reverse("match_record_text", args=[99999])).status_code == 404
