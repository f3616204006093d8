"""The analysis board on the match page: moves tried for both sides with the board's clicks or typed, variations,
steps back and forth, branches deleted, saved per person; publishing; planning a line; refusals change nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daymove.plans import conditional
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.round import endings
from games.registry import all_games
from tests.factories import MatchFactory
from tests.support.clocks import legal_after, play_one
from tests.support.leaks import names_move

HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def tree_of(match, user, root=None) -> list:
    row = AnalysisTree.objects.filter(match=match, owner=user, root_ply=match.ply if root is None else root).first()
    return row.tree if row else []


def try_move(client, match, move, path=(), root=None):
    data = {"root": match.ply if root is None else root, "l": list(path), "move": move}
    return client.post(reverse("analysis_move", args=[match.pk]), data, **HTMX)


def test_moves_for_both_sides_make_a_tree_of_variations(alice, bob):
    match = play_one(MatchFactory(player0=alice, player1=bob))  # bob to move
    client = client_for(alice)
    first, second = legal_after(match)[:2]
    reply = legal_after(match, first)[0]
    assert try_move(client, match, first).status_code == 200
    response = try_move(client, match, reply, [first])
    assert response.status_code == 200
    try_move(client, match, second)
    assert tree_of(match, alice) == [
        {"m": first, "c": [{"m": reply, "c": []}]},
        {"m": second, "c": []},
    ]
    page = response.content.decode()
    assert 'id="analysis"' in page and "<svg" in page and "Move added to your analysis." in page
    # Step back and forth: the line shown, with links to the start, back and along the main line.
    url = reverse("analysis", args=[match.pk])
    back = client.get(url, {"root": match.ply, "l": [first]}, **HTMX).content.decode()
    assert f"{match.ply + 1}. {first}" in back and "Step back" in back and "Step forward" in back
    assert 'class="current" aria-current="step"' in back
    # Saved for alice only, and across devices: a new session sees it.
    assert first in client_for(alice).get(url, **HTMX).content.decode()
    assert tree_of(match, bob) == []


def test_clicks_on_the_analysis_board_lead_to_a_move(alice, bob):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    move = legal_after(match)[0]
    tokens = match.rules.move_tokens(move)
    url = reverse("analysis", args=[match.pk])
    page = client_for(alice).get(url, {"s": list(tokens)}, **HTMX).content.decode()
    assert f'name="move" value="{move}"' in page and f"Try {move}" in page
    assert 'hx-target="#analysis"' in page


def test_delete_a_branch_and_start_from_a_past_position(alice, bob):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    client = client_for(alice)
    first = legal_after(match)[0]
    reply = legal_after(match, first)[0]
    try_move(client, match, first)
    try_move(client, match, reply, [first])
    response = client.post(
        reverse("analysis_delete", args=[match.pk]), {"root": match.ply, "l": [first, reply]}, **HTMX
    )
    assert response.status_code == 200 and tree_of(match, alice) == [{"m": first, "c": []}]
    opening = match.rules.legal_move_strings(match.rules.initial_state(match.options))[0]
    assert try_move(client, match, opening, root=0).status_code == 200  # from the start of the match
    assert tree_of(match, alice, root=0) == [{"m": opening, "c": []}]


@pytest.mark.parametrize(
    "data,message",
    [
        ({"root": "x", "move": "d4"}, "which position"),
        ({"root": 99, "move": "d4"}, "only from a position of this match"),
        ({"root": 1, "move": "zz"}, "not a legal move"),
        ({"root": 1, "l": ["zz"], "move": "d4"}, "not a legal move"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(alice, bob, data, message):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    response = client_for(alice).post(reverse("analysis_move", args=[match.pk]), data, **HTMX)
    assert response.status_code == 400 and message in response.content.decode()
    assert not AnalysisTree.objects.exclude(tree=[]).exists()


def test_who_may_analyse(alice, bob, carol):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    url = reverse("analysis", args=[match.pk])
    assert client_for(carol).get(url, **HTMX).status_code == 403  # a match in progress: its players only
    assert Client().get(url).status_code == 302  # log in first
    assert try_move(client_for(carol), match, legal_after(match)[0]).status_code == 403
    assert not AnalysisTree.objects.exists()
    page = client_for(carol).get(match.get_absolute_url()).content.decode()
    assert "analysis board" not in page.lower()
    endings.resign(match.pk, bob)
    assert client_for(carol).get(url, **HTMX).status_code == 200  # spectators analyse finished matches
    assert "Open your analysis board" in client_for(carol).get(match.get_absolute_url()).content.decode()


def test_published_analyses_show_once_the_match_has_ended(alice, bob, carol):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    client = client_for(alice)
    first = legal_after(match)[0]
    try_move(client, match, first)
    publish = reverse("analysis_publish", args=[match.pk])
    assert client.post(publish, {"root": match.ply, "published": "1"}, **HTMX).status_code == 200
    assert "Published analyses" not in client_for(carol).get(match.get_absolute_url()).content.decode()
    assert "Published analyses" not in client_for(bob).get(match.get_absolute_url()).content.decode()
    endings.resign(match.pk, bob)
    page = client_for(carol).get(match.get_absolute_url()).content.decode()
    assert "Published analyses" in page and f"<li>{first}</li>" in page
    assert client_for(carol).post(publish, {"root": match.ply, "published": "1"}, **HTMX).status_code == 403


def test_planning_a_line_from_the_board_and_what_the_pages_say(alice, bob):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    client = client_for(alice)
    expected = legal_after(match)[0]
    reply = legal_after(match, expected)[0]
    try_move(client, match, expected)
    page = try_move(client, match, reply, [expected]).content.decode()
    assert "Plan this line" in page
    response = client.post(
        reverse("plan_line", args=[match.pk]), {"root": match.ply, "l": [expected, reply], "version": 0}, **HTMX
    )
    assert response.status_code == 200 and f"{expected} → {reply}" in response.content.decode()
    plan = ConditionalPlan.objects.get(match=match, owner=alice)
    assert plan.is_active
    assert "Your plan waits for your opponent" in client.get(match.get_absolute_url()).content.decode()
    bob_page = client_for(bob).get(match.get_absolute_url()).content.decode()
    assert "plan" not in bob_page.replace("Open your analysis board and planned replies", "").lower()
    # A stale form (version 0 again) is refused, and changes nothing.
    response = client.post(reverse("plan_cancel", args=[match.pk]), {"root": match.ply, "version": 0}, **HTMX)
    assert response.status_code == 409 and "Your plan has changed" in response.content.decode()
    response = client.post(reverse("plan_cancel", args=[match.pk]), {"version": plan.version}, **HTMX)
    assert response.status_code == 200 and "Plan cancelled" in response.content.decode()
    assert not ConditionalPlan.objects.get(pk=plan.pk).is_active


def test_hidden_information_the_board_starts_from_what_the_owner_sees(alice, bob):
    """C#I Sequence: alice tries bob's placements as "an orange tile", never a symbol she cannot know."""
    match = play_one(MatchFactory(game="ci-sequence", player0=alice, player1=bob))
    client = client_for(alice)
    page = client.get(reverse("analysis", args=[match.pk]), **HTMX).content.decode()
    assert 'data-token="O?"' in page and "Orange tile" in page
    assert try_move(client, match, "O?@b2").status_code == 200
    assert try_move(client, match, "Bd@c3", ["O?@b2"]).status_code == 200
    assert tree_of(match, alice) == [{"m": "O?@b2", "c": [{"m": "Bd@c3", "c": []}]}]


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_every_rules_page_explains_both_features(client, slug):
    page = client.get(reverse("rules", args=[slug])).content.decode()
    section = page[page.index("Playing on Daymove") :]
    assert "Analysis board" in section and "Plan this line" in section and "cannot see that you have one" in section


def test_the_admin_lists_plans_per_match_but_never_an_analysis(alice, bob, admin_client):
    match = play_one(MatchFactory(player0=alice, player1=bob))
    expected = legal_after(match)[0]
    reply = legal_after(match, expected)[0]
    try_move(client_for(alice), match, legal_after(match)[1])
    conditional.plan_line(match.pk, alice, [expected, reply], 0, match.ply)
    plans = admin_client.get("/admin/plans/conditionalplan/", {"q": match.pk}).content.decode()
    assert f"{expected} {reply}" in plans  # a perfect-information game: support may read the plan
    analyses = admin_client.get("/admin/plans/analysistree/").content.decode()
    assert "1 line(s), up to 1 move(s)" in analyses and not names_move(analyses, legal_after(match)[1])


def test_an_analysis_has_a_size_limit(alice, bob, monkeypatch):
    monkeypatch.setattr("daymove.plans.analysis.MAX_MOVES", 2)
    match = play_one(MatchFactory(player0=alice, player1=bob))
    client = client_for(alice)
    first, second, third = legal_after(match)[:3]
    try_move(client, match, first)
    try_move(client, match, second)
    response = try_move(client, match, third)
    assert response.status_code == 400 and "holds 2 moves: delete a branch first" in response.content.decode()
    assert [node["m"] for node in tree_of(match, alice)] == [first, second]
