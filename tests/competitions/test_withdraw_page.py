"""Withdrawing from a league season by one's own choice, on the division page: what it will do to the player's games
said before they confirm (both sides of half the games finished, naming the opponents), then done as said; forged,
unconfirmed, stale and repeated POSTs answered with a reason, never a 500."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from daymove.competitions import signals
from daymove.competitions.models import LeagueGame, Season
from daymove.competitions.withdrawal_preview import Preview, describe
from daymove.competitions.withdrawals import Rule
from daymove.play.models import Match
from daymove.round import endings
from tests.factories import UserFactory
from tests.support.leagues import a_division, a_season, a_series, entry_of

pytestmark = pytest.mark.django_db
DISCLOSURE = "Withdraw from this season</summary>"


def test_the_words_say_what_happens_on_each_side_of_half():
    struck = Preview(Rule.STRUCK, finished=1, total=4, aborted=("dan", "ben", "cat"), forfeited=())
    assert describe(struck) == (
        "You have finished 1 of your 4 games, fewer than half, so all of them are struck from the table "
        "(the finished one stays rated); your 3 games still running, against ben, cat and dan, are aborted, unrated."
    )
    forfeits = Preview(Rule.FORFEITS, finished=2, total=4, forfeited=("cat", "ben"), aborted=())
    assert describe(forfeits) == (
        "You have finished 2 of your 4 games, half or more, so your results stand; "
        "your 2 games still running are forfeit wins, unrated, for ben and cat."
    )
    one = Preview(Rule.FORFEITS, finished=3, total=4, forfeited=("eve",), aborted=())
    assert describe(one).endswith("; your 1 game still running is a forfeit win, unrated, for eve.")
    twice = Preview(Rule.FORFEITS, finished=4, total=6, forfeited=("cat", "cat"), aborted=())
    assert describe(twice).endswith("your 2 games still running are forfeit wins, unrated, for cat (2 games).")
    none_begun = Preview(Rule.STRUCK, finished=0, total=1, aborted=("ben",), forfeited=())
    assert describe(none_begun) == (
        "You have finished 0 of your 1 game, fewer than half, so all of them are struck from the table; "
        "your 1 game still running, against ben, is aborted, unrated."
    )


@pytest.fixture
def players():
    return [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan", "eve")]


@pytest.fixture
def division(players):
    """Five players: four games each."""
    return a_division(a_season(a_series("Withdraw league"), status=Season.Status.RUNNING), players)


def games_of(division, player) -> list[Match]:
    rows = LeagueGame.objects.filter(division=division).select_related("match").order_by("pk")
    return [g.match for g in rows if player in g.match.players]


def opponent(match: Match, player):
    return next(p for p in match.players if p != player)


def finish(match: Match, winner) -> None:
    endings.resign(match.pk, opponent(match, winner))


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page_url(division) -> str:
    season = division.season
    return reverse("competitions:division", args=[season.series.slug, season.number, division.index + 1])


def withdraw_url(division) -> str:
    season = division.season
    return reverse("leagues:withdraw", args=[season.series.slug, season.number, division.index + 1])


def said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def post(client, division, **data):
    return client.post(withdraw_url(division), {"confirm": "yes", "rule": "struck"} | data)


def test_under_half_the_page_says_every_game_is_struck_and_which_are_aborted_then_does_it(division, players):
    ann = players[0]
    done, *running = games_of(division, ann)
    finish(done, ann)
    client = client_for(ann)
    page = client.get(page_url(division)).content.decode()
    assert DISCLOSURE in page
    names = " and ".join(sorted(opponent(m, ann).username for m in running)).replace(" and ", ", ", 1)
    assert "1 of your 4 games, fewer than half, so all of them are struck" in page
    assert f"your 3 games still running, against {names}, are aborted, unrated" in page
    assert 'name="confirm" value="yes" required' in page and "csrfmiddlewaretoken" in page
    assert f'action="{withdraw_url(division)}"' in page and 'name="rule" value="struck"' in page

    response = post(client, division)
    assert response.status_code == 302 and response["Location"] == page_url(division)
    assert "You have withdrawn from this season" in said(response) and "are aborted" in said(response)
    entry = entry_of(division, ann)
    assert entry.withdrawn_at is not None and entry.results_struck
    assert {Match.objects.get(pk=m.pk).status for m in running} == {Match.Status.ABORTED}
    assert DISCLOSURE not in client.get(page_url(division)).content.decode()  # withdrawn: nothing more to offer


def test_with_half_finished_the_page_names_who_gets_forfeit_wins_then_gives_them(division, players):
    ann = players[0]
    won, lost, *running = games_of(division, ann)
    finish(won, ann)
    finish(lost, opponent(lost, ann))
    client = client_for(ann)
    page = client.get(page_url(division)).content.decode()
    winners = sorted(opponent(m, ann).username for m in running)
    assert "2 of your 4 games, half or more, so your results stand" in page
    assert f"your 2 games still running are forfeit wins, unrated, for {winners[0]} and {winners[1]}." in page
    response = post(client, division, rule="forfeits")
    assert response.status_code == 302 and "forfeit wins" in said(response)
    for match in running:
        match = Match.objects.get(pk=match.pk)
        assert match.status == Match.Status.FINISHED and match.players[match.winner] != ann and not match.rated
    assert not entry_of(division, ann).results_struck


def test_a_second_post_says_they_already_withdrew_and_changes_nothing(division, players):
    ann = players[0]
    sent = []

    def receiver(sender, entry, **kwargs):
        sent.append(entry.pk)

    signals.entry_withdrawn.connect(receiver)
    try:
        client = client_for(ann)
        assert post(client, division).status_code == 302
        again = post(client, division)
    finally:
        signals.entry_withdrawn.disconnect(receiver)
    assert again.status_code == 302 and "You have already withdrawn from this season." in said(again)
    assert sent == [entry_of(division, ann).pk]


def test_only_the_divisions_own_running_players_see_the_offer(division, players):
    ann = players[0]
    assert DISCLOSURE in client_for(ann).get(page_url(division)).content.decode()
    for someone_else in (client_for(), client_for(UserFactory(username="outsider"))):
        assert DISCLOSURE not in someone_else.get(page_url(division)).content.decode()
    Season.objects.filter(pk=division.season_id).update(status=Season.Status.CLOSED)
    assert DISCLOSURE not in client_for(ann).get(page_url(division)).content.decode()


def test_unconfirmed_stale_forged_and_wrong_method_requests_change_nothing(division, players):
    ann = players[0]
    client = client_for(ann)
    unticked = client.post(withdraw_url(division), {"rule": "struck"})
    assert unticked.status_code == 302 and "Tick the box" in said(unticked)
    # The page said "struck" (nothing finished); then two games end, so a withdrawal now gives forfeits instead.
    first, second, *_ = games_of(division, ann)
    finish(first, ann)
    finish(second, ann)
    stale = post(client, division, rule="struck")
    assert stale.status_code == 302 and "read it again" in said(stale)
    outsider = post(client_for(UserFactory(username="outsider")), division)
    assert outsider.status_code == 302 and "You do not play in this division" in said(outsider)
    assert entry_of(division, ann).withdrawn_at is None
    anonymous = post(client_for(), division)
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    assert client.get(withdraw_url(division)).status_code == 405
    season = division.season
    missing = reverse("leagues:withdraw", args=[season.series.slug, season.number, 9])
    assert client.post(missing, {"confirm": "yes"}).status_code == 404
    assert entry_of(division, ann).withdrawn_at is None


def test_the_pages_own_token_is_needed_and_enough(division, players):
    ann = players[0]
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    page = client.get(page_url(division)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert post(client, division).status_code == 403
    assert entry_of(division, ann).withdrawn_at is None
    assert post(client, division, csrfmiddlewaretoken=token).status_code == 302
    assert entry_of(division, ann).withdrawn_at is not None
