"""The ladder pages as visitors, members and non-members see them: rows, challenge buttons or the reason there is
none, the challenge itself (CSRF, refusals, forged input), a player's place history, and the profile's places."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from daymove.clocks import vacations
from daymove.ladders import arithmetic
from daymove.ladders.catalogue import ensure_ladders
from daymove.ladders.models import Ladder, LadderGame
from daymove.ladders.refusals import BLOCKED, CLOSED, UNVERIFIED
from daymove.play.models import Match
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from daymove.safety.models import Block
from daymove.web.ladder_pages import ROWS_PER_PAGE
from tests.factories import MatchFactory, UserFactory
from tests.support.ladders import a_ladder, both_move, challenge_and_end, line_up, names

pytestmark = pytest.mark.django_db

SIZE = 8  # players on the ladder: place 1 is "rung1" ... place 8 is "rung8"


@pytest.fixture
def ladder():
    """The first game's ladder, with SIZE players on it in name order."""
    found = a_ladder()
    line_up(found, [UserFactory(username=f"rung{place}") for place in range(1, SIZE + 1)])
    return found


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page_of(ladder, user=None, **query) -> str:
    response = client_of(user).get(ladder.get_absolute_url(), query)
    assert response.status_code == 200
    return response.content.decode()


def row_of(page: str, place: int) -> str:
    """The table row of one place, as HTML."""
    found = re.search(rf'<tr id="place-{place}"[^>]*>(.*?)</tr>', page, re.S)
    assert found, f"no row for place {place}"
    return found.group(0)


def challenge_button(row: str) -> bool:
    return 'name="defender"' in row and ">Challenge<" in row


def member(place: int):
    return UserFactory(username=f"rung{place}")


# ---- the list of ladders ---------------------------------------------------------------------------------------


def test_the_list_names_every_ladder_its_size_leaders_and_your_place(ladder):
    anonymous = client_of().get(reverse("ladders:index")).content.decode()
    assert ladder.name in anonymous and f"{SIZE} players" in anonymous
    assert all(f"{place}. <a" in anonymous for place in (1, 2, 3)) and "4. <a" not in anonymous
    assert "you are in place" not in anonymous
    assert "you are in place 5" in client_of(member(5)).get(reverse("ladders:index")).content.decode()
    assert "you are not on it yet" in client_of(UserFactory()).get(reverse("ladders:index")).content.decode()


# ---- one ladder: rows, buttons, reasons --------------------------------------------------------------------------


def test_a_visitor_sees_every_row_and_is_asked_to_log_in_with_no_button(ladder):
    page = page_of(ladder)
    for place in range(1, SIZE + 1):
        assert f"rung{place}</a>" in row_of(page, place)
        assert not challenge_button(row_of(page, place))
    assert "Log in</a> or" in page and "your first challenge puts you at the bottom" in page
    assert "time bank: 3 days, +1 a move, at most 7" in page  # the ladder's clock preset, in words
    assert f'data-live-topic="ladder-{ladder.pk}"' in page  # the visitor's page follows the places too


def test_a_member_sees_their_row_and_a_button_on_each_row_in_reach(ladder):
    page = page_of(ladder, member(7))
    assert 'class="you"' in row_of(page, 7) and "(you)" in row_of(page, 7)
    assert "You are in place <strong>7</strong> of 8" in page
    reach = arithmetic.reach(SIZE)
    for place in range(1, SIZE + 1):
        row = row_of(page, place)
        assert challenge_button(row) == (7 - reach <= place < 7), place
    assert "Too far above you: you may challenge up to 5 places up." in row_of(page, 1)
    assert "This player is below you" in row_of(page, 8)
    assert "This is you." not in page  # the row says "(you)" instead
    assert "<details><summary>How this ladder works" in page  # a member has read the rules: folded away


def test_a_non_member_is_told_to_join_by_challenging_and_may_challenge_the_bottom_rows(ladder):
    page = page_of(ladder, UserFactory(username="newcomer"))
    assert "join by challenging" in page and "place 9" in page
    assert "<details open><summary>How this ladder works" in page
    reach = arithmetic.reach(SIZE)
    for place in range(1, SIZE + 1):
        assert challenge_button(row_of(page, place)) == (place > SIZE - reach), place


def test_each_refusal_reason_is_shown_in_words(ladder):
    viewer = member(8)
    # Already playing: a ladder game between rung8 and rung7. Caps: rung8 challenges rung6 too (2 outgoing games).
    challenge_on_ladder(ladder, viewer, "rung7")
    challenge_on_ladder(ladder, viewer, "rung6")
    # Within 14 days: a game between rung8 and rung5 that ended today.
    finished = MatchFactory(player0=viewer, player1=member(5), status=Match.Status.FINISHED)
    LadderGame.objects.create(
        ladder=ladder, match=finished, challenger=viewer, defender=member(5), ended_at=timezone.now()
    )
    # On vacation: rung4 is away from today.
    today = vacations.local_today(member(4))
    vacations.book_vacation(member(4), today, today + timedelta(days=3))
    # Blocked: rung3 blocked rung8.
    Block.objects.create(blocker=member(3), blocked=viewer)
    page = page_of(ladder, viewer)
    assert "You are already playing each other on the ladder." in row_of(page, 7)
    assert "You already have 2 open ladder challenges." in row_of(page, 4 - 1)  # rung3: in reach, but caps first
    assert "This player is on vacation." in row_of(page, 4) and "away" in row_of(page, 4)
    assert "away" not in row_of(page_of(ladder), 4)  # as on a challenge form: told to the signed-in only
    assert "Too far above you" in row_of(page, 1)
    assert "playing 1 ladder game" in row_of(page, 7)
    assert "playing 2 ladder games" in row_of(page, 8)
    # Another challenger sees the defender's cap, the repeat rule and the block.
    other = member(6)
    page = page_of(ladder, other)
    assert "This player is below you" in row_of(page, 7)
    Block.objects.create(blocker=member(2), blocked=other)
    page = page_of(ladder, other)
    assert BLOCKED in row_of(page, 2)


def test_within_14_days_and_their_cap_are_said(ladder):
    viewer = member(8)
    finished = MatchFactory(player0=viewer, player1=member(5), status=Match.Status.FINISHED)
    LadderGame.objects.create(
        ladder=ladder, match=finished, challenger=viewer, defender=member(5), ended_at=timezone.now()
    )
    challenge_on_ladder(ladder, member(7), "rung4")
    challenge_on_ladder(ladder, member(6), "rung4")
    page = page_of(ladder, viewer)
    assert "You played each other on the ladder less than 14 days ago." in row_of(page, 5)
    assert "This player already has 2 open ladder games against challengers." in row_of(page, 4)


def test_an_unverified_player_is_told_once_why_they_cannot_challenge(ladder):
    page = page_of(ladder, UserFactory(username="unverified", verified=False))
    assert page.count(UNVERIFIED) == 1
    assert not any(challenge_button(row_of(page, place)) for place in range(1, SIZE + 1))


# ---- the challenge --------------------------------------------------------------------------------------------


def test_a_challenge_starts_the_game_at_once_and_a_newcomer_joins_at_the_bottom(ladder):
    newcomer = UserFactory(username="newcomer")
    url = reverse("ladders:challenge", args=[ladder.slug])
    response = client_of(newcomer).post(url, {"defender": "rung8"})
    match = Match.objects.get(ladder_game__challenger=newcomer)
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    assert match.status == Match.Status.ACTIVE
    page = page_of(ladder, newcomer)
    assert "(you)" in row_of(page, SIZE + 1)
    assert f"{ladder.rules.name} #{match.pk}</a>" in page  # among the ladder games being played
    assert "joined at place 9" in page  # among the recent changes


def test_a_challenge_needs_the_csrf_token(ladder):
    client = Client(enforce_csrf_checks=True)
    client.force_login(member(8))
    url = reverse("ladders:challenge", args=[ladder.slug])
    assert client.post(url, {"defender": "rung7"}).status_code == 403
    assert not LadderGame.objects.exists()
    page = client.get(ladder.get_absolute_url()).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post(url, {"defender": "rung7", "csrfmiddlewaretoken": token}).status_code == 302
    assert LadderGame.objects.count() == 1


def test_a_refused_challenge_goes_back_to_the_ladder_with_the_reason_and_changes_nothing(ladder):
    client = client_of(member(8))
    url = reverse("ladders:challenge", args=[ladder.slug])
    response = client.post(url, {"defender": "rung1"}, follow=True)
    assert response.redirect_chain[-1][0] == ladder.get_absolute_url()
    assert "Too far above you: you may challenge up to 5 places up." in response.content.decode()
    assert not LadderGame.objects.exists() and not Match.objects.exists()


@pytest.mark.parametrize("defender", ["", "nobody-of-that-name", "x" * 5000, "rung8\x00", "<script>"])
def test_forged_input_gets_a_clear_answer_never_a_500(ladder, defender):
    response = client_of(member(8)).post(reverse("ladders:challenge", args=[ladder.slug]), {"defender": defender})
    assert response.status_code in (302, 400, 404)
    assert not LadderGame.objects.exists()


def test_a_visitor_is_sent_to_log_in_and_a_get_is_not_a_challenge(ladder):
    url = reverse("ladders:challenge", args=[ladder.slug])
    response = client_of().post(url, {"defender": "rung7"})
    assert response.status_code == 302 and response.url.startswith(reverse("account_login"))
    assert client_of(member(8)).get(url, {"defender": "rung7"}).status_code == 405
    assert not LadderGame.objects.exists()


def test_unknown_ladders_and_players_are_not_found_pages(ladder):
    client = client_of(member(8))
    for url in (
        reverse("ladders:ladder", args=["no-such-ladder"]),
        reverse("ladders:player", args=["no-such-ladder", "rung1"]),
        reverse("ladders:player", args=[ladder.slug, "nobody-of-that-name"]),
    ):
        response = client.get(url)
        assert response.status_code == 404 and "no such" in response.content.decode().lower(), url
    response = client.post(reverse("ladders:challenge", args=["no-such-ladder"]), {"defender": "rung7"})
    assert response.status_code == 404


# ---- long ladders, live redraws ------------------------------------------------------------------------------


def test_a_long_ladder_is_read_a_page_at_a_time_and_jumps_to_your_place(ladder):
    newcomers = [UserFactory(username=f"many{n}") for n in range(ROWS_PER_PAGE * 2)]
    line_up(ladder, newcomers)
    size = SIZE + len(newcomers)
    viewer = newcomers[-3]  # near the bottom, on the last page
    page = page_of(ladder, viewer)
    assert f"Places 1–{ROWS_PER_PAGE} of {size}" in page and 'id="place-51"' not in page
    place = size - 2
    assert f'href="?page=3#place-{place}">Show your place' in page
    last = page_of(ladder, viewer, page=3)
    assert "(you)" in row_of(last, place) and 'id="place-1"' not in last
    for forged in ("0", "-1", "999", "abc", "2" * 40):
        assert client_of(viewer).get(ladder.get_absolute_url(), {"page": forged}).status_code == 200, forged
    newcomer_page = page_of(ladder, UserFactory(username="late"))
    assert 'href="?page=3#ladder-rows">Show them' in newcomer_page


def test_the_live_part_alone_answers_htmx_and_follows_a_win(ladder):
    client = client_of(member(8))
    match = both_move(challenge_on_ladder(ladder, member(8), "rung7"))
    part = client.get(ladder.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith('<div id="ladder-live"') and "<html" not in part
    assert "You are in place <strong>8</strong>" in part
    endings.resign(match.pk, member(7))
    part = client.get(ladder.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert "You are in place <strong>7</strong>" in part
    assert "No ladder game is being played." in part


# ---- a player's history, and the profile ----------------------------------------------------------------------


def test_a_players_history_lists_every_change_of_place(ladder):
    match = challenge_and_end(ladder, member(8), member(7), winner=member(8))
    for user in (None, member(8), UserFactory(username="stranger")):
        page = client_of(user).get(reverse("ladders:player", args=[ladder.slug, "rung8"])).content.decode()
        assert "Now in place <strong>7</strong> of 8" in page
        assert "joined at place 8" in page
        assert "place 8 → 7" in page and f"game #{match.pk}" in page
        assert f"rung8&#x27;s place on the {ladder.name} over time, place 1 at the top: from 8 to 7 now" in page
        assert '<svg class="rating-chart"' in page
    never = client_of().get(reverse("ladders:player", args=[ladder.slug, "stranger"])).content.decode()
    assert "has never been on this ladder" in never
    assert "<svg" not in never


def test_the_profile_shows_the_players_ladder_places(ladder):
    page = client_of().get(reverse("profile", args=["rung3"])).content.decode()
    assert ladder.name in page and "place 3 of 8" in page
    assert reverse("ladders:player", args=[ladder.slug, "rung3"]) in page


def test_a_closed_ladder_says_so_once_and_offers_no_button(ladder):
    Ladder.objects.filter(pk=ladder.pk).update(active=False)
    page = page_of(ladder, member(8))
    assert page.count(CLOSED) == 1
    assert not any(challenge_button(row_of(page, place)) for place in range(1, SIZE + 1))
    assert "closed to new challenges" in client_of().get(reverse("ladders:index")).content.decode()


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_pages_ask_as_many_queries_whatever_the_size_of_the_ladder(ladder):
    client = client_of(member(8))
    challenge_on_ladder(ladder, member(8), "rung7")
    urls = (ladder.get_absolute_url(), reverse("ladders:index"), reverse("profile", args=["rung8"]))
    small = [_queries(client, url) for url in urls]
    newcomers = [UserFactory(username=f"many{n}") for n in range(ROWS_PER_PAGE * 2)]
    line_up(ladder, newcomers)
    challenge_on_ladder(ladder, newcomers[-1], newcomers[-2].username)
    challenge_on_ladder(ladder, newcomers[-3], newcomers[-4].username)
    assert [_queries(client, url) for url in urls] == small


def _rows_read(captured) -> list[int]:
    """How many rows each SELECT of a request returned (each run again as it was sent)."""
    with connection.cursor() as cursor:
        read = []
        for query in captured.captured_queries:
            if query["sql"].lstrip().upper().startswith("SELECT"):
                cursor.execute(query["sql"])
                read.append(len(cursor.fetchall()))
    return read


def test_a_page_of_a_long_ladder_reads_its_own_rows_not_the_ladder_in_as_many_queries(ladder):
    member_, newcomer = member(8), UserFactory(username="newcomer")
    cost = {}
    for size in ("short", "long"):
        if size == "long":  # three more pages below, with a game on them
            line_up(ladder, [UserFactory(username=f"many{n}") for n in range(ROWS_PER_PAGE * 3)])
            challenge_on_ladder(ladder, UserFactory(username="many60"), "many40")
        bottom = ladder.get_absolute_url() + f"?page={ladder.rungs.count() // ROWS_PER_PAGE + 1}"
        for name, viewer, url, live in (
            ("member, first page", member_, ladder.get_absolute_url(), False),
            ("member, live refresh", member_, ladder.get_absolute_url(), True),
            ("newcomer, bottom page", newcomer, bottom, False),
            ("visitor, bottom page", None, bottom, True),
        ):
            client = client_of(viewer)  # logging in is not the page's cost (a first login writes more)
            with CaptureQueriesContext(connection) as captured:
                assert client.get(url, headers={"HX-Request": "true"} if live else {}).status_code == 200
            cost[size, name] = len(captured), max(_rows_read(captured))
    for (size, name), (queries, most) in cost.items():
        assert queries == cost["short", name][0], f"{name}: {queries} queries on the long ladder"
        assert most <= ROWS_PER_PAGE + 1, f"{name} on the {size} ladder read {most} rows in one query"


# ---- joining an empty ladder, leaving -----------------------------------------------------------------------------


def test_the_first_player_joins_an_empty_ladder_with_a_button_and_the_next_by_challenging():
    empty = ensure_ladders()[1]
    assert "Log in</a> to be the first on it" in page_of(empty)
    first, second = UserFactory(username="first"), UserFactory(username="second")
    page = page_of(empty, first)
    assert "Be the first on this ladder</button>" in page and "<strong>join by challenging</strong>" not in page
    response = client_of(first).post(reverse("ladders:join", args=[empty.slug]), follow=True)
    assert response.redirect_chain[-1][0] == empty.get_absolute_url()
    assert "(you)" in row_of(response.content.decode(), 1)
    response = client_of(second).post(reverse("ladders:join", args=[empty.slug]), follow=True)
    assert "Join this ladder by challenging someone on it." in response.content.decode()
    assert names(empty) == ["first"]
    assert "<strong>join by challenging</strong>" in page_of(empty, second)
    assert "Be the first" not in page_of(empty, second)


def test_a_member_leaves_behind_a_disclosure_and_the_game_goes_on(ladder):
    match = challenge_on_ladder(ladder, member(4), "rung3")
    assert "Leave this ladder</summary>" in page_of(ladder, member(3))
    assert "Leave this ladder" not in page_of(ladder, UserFactory(username="newcomer"))
    assert "Leave this ladder" not in page_of(ladder)
    response = client_of(member(3)).post(reverse("ladders:leave", args=[ladder.slug]), follow=True)
    assert "You have left the ladder." in response.content.decode()
    assert names(ladder) == [f"rung{place}" for place in (1, 2, 4, 5, 6, 7, 8)]
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE  # played on as an ordinary rated game
    assert client_of(member(3)).post(reverse("ladders:leave", args=[ladder.slug])).status_code == 404
