"""The leagues in the reader's language: every league page (for a visitor, a player and an entrant), every league
email and the season-started push, rendered in the pseudo-language, hold no English the catalogues do not translate;
the worker writes each player's league email in that player's language; and the words that count (places, tie-break
values, dates) follow the language."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import dateformat, timezone, translation

from daymove.clocks.models import Vacation
from daymove.competitions import seasons, withdrawing
from daymove.competitions.clinch import Goal, Need, need_in_words
from daymove.competitions.models import Entry, LeagueGame, Registration, Season
from daymove.competitions.standings import number
from daymove.competitions.withdrawal_preview import preview
from daymove.notify.mailer import send_email_job
from daymove.players.models import Player
from daymove.push import sender
from daymove.push.models import PushSubscription
from daymove.round import endings, leagues
from games.registry import all_games
from tests.factories import UserFactory
from tests.support.catalogues import compile_catalogues
from tests.support.leagues import a_division, a_season, a_series, register
from tests.support.pseudo import pseudo_language, untranslated

compile_catalogues()
pytestmark = pytest.mark.django_db

SERIES = "Tongue league"  # a series' name is the admins' own words ("Tongue"); only its " league" is translated


def _games_of(division, player):
    return [
        game
        for game in LeagueGame.objects.filter(division=division).select_related("match").order_by("round", "pk")
        if player.pk in (game.match.player0_id, game.match.player1_id)
    ]


@pytest.fixture
def scene(django_capture_on_commit_callbacks):
    """Season 2 running: division 1 (ann, ben, cat, dan; one game ended, ann away), division 2 (eli withdrew after
    two of three games: a forfeit) and division 3 (fay withdrew at once: struck games); season 1 closed (ann
    promoted); season 3 open, with zoe registered and uma unable to join (unverified)."""
    with django_capture_on_commit_callbacks(execute=True):
        top = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]
        middle = [UserFactory(username=name) for name in ("eli", "gus", "hal", "ida")]
        bottom = [UserFactory(username=name) for name in ("fay", "jo", "kai", "lou")]
        series = a_series(SERIES)
        closed = a_season(series, 1, status=Season.Status.CLOSED)
        Season.objects.filter(pk=closed.pk).update(closed_at=timezone.now() - timedelta(days=1))
        past = a_division(closed, top, with_games=False)
        Entry.objects.filter(division=past, player=top[0]).update(final_place=1, movement=Entry.Movement.UP)
        running = a_season(series, 2, status=Season.Status.RUNNING)
        division = a_division(running, top)
        first = _games_of(division, top[1])[0].match
        endings.resign(first.pk, first.players[1 - first.seat_of(top[1])])
        second = a_division(running, middle, index=1)
        for game in _games_of(second, middle[0])[:2]:
            endings.resign(game.match.pk, middle[0])
        leagues.withdraw(Entry.objects.get(division=second, player=middle[0]), withdrawing.OWN_CHOICE)
        third = a_division(running, bottom, index=2)
        leagues.withdraw(Entry.objects.get(division=third, player=bottom[0]), withdrawing.SECOND_TIMEOUT)
        now = timezone.now()
        Vacation.objects.create(
            user=top[0],
            start_date=now.date(),
            end_date=now.date(),
            starts=now - timedelta(hours=1),
            ends=now + timedelta(days=1),
        )
        upcoming = a_season(series, 3)
        Season.objects.filter(pk=upcoming.pk).update(waiting_for=2)
        zoe = UserFactory(username="zoe")
        register(series, zoe, *top)
        uma = UserFactory(username="uma", verified=False)
    users = {u.username: u for u in [*top, *middle, *bottom, zoe, uma]}
    return {
        "series": series,
        "closed": closed,
        "running": running,
        "upcoming": upcoming,
        "divisions": [division, second, third],
        "users": users,
    }


def _client(scene, viewer, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if viewer:
        client.force_login(scene["users"][viewer])
    return client


def _pages(scene):
    """(name, address, who looks): every league page, and the profile's league seasons."""
    series, running = scene["series"], scene["running"]
    top, second, third = scene["divisions"]
    index = reverse("competitions:index")
    return [
        ("leagues", index, None),
        ("leagues, an entrant", index, "ann"),
        ("leagues of one game", f"{index}?game={series.game}", "zoe"),
        ("series", series.get_absolute_url(), None),
        ("series, registered", series.get_absolute_url(), "zoe"),
        ("series, an entrant", series.get_absolute_url(), "ann"),
        ("series, cannot join", series.get_absolute_url(), "uma"),
        ("season running", running.get_absolute_url(), None),
        ("season open", scene["upcoming"].get_absolute_url(), "zoe"),
        ("season closed", scene["closed"].get_absolute_url(), None),
        ("division", top.get_absolute_url(), None),
        ("division, an entrant", top.get_absolute_url(), "ann"),
        ("division, a player of another", top.get_absolute_url(), "gus"),
        ("division with a forfeit", second.get_absolute_url(), "gus"),
        ("division with struck games", third.get_absolute_url(), "jo"),
    ]


def _names(scene) -> list[str]:
    return [*scene["users"], SERIES]


def test_every_league_page_is_translated_for_a_visitor_a_player_and_an_entrant(scene):
    with pseudo_language() as language:
        for name, url, viewer in _pages(scene):
            response = _client(scene, viewer, language).get(url)
            assert response.status_code == 200, name
            left = untranslated(response.content.decode(), _names(scene))
            assert not left, f"English on {name}: {sorted(set(left))}"


def test_the_live_table_part_and_a_refused_game_filter_are_translated(scene):
    with pseudo_language() as language:
        part = _client(scene, "ann", language).get(
            reverse("competitions:division_table", args=[scene["series"].slug, 2, 1]), HTTP_HX_REQUEST="true"
        )
        refused = _client(scene, None, language).get(reverse("competitions:index") + "?game=no-such-game")
        assert part.status_code == 200 and refused.status_code == 400
        for response in (part, refused):  # the refusal repeats what was asked for, as it was written
            assert not untranslated(response.content.decode(), [*_names(scene), "no-such-game"])


def test_the_profile_league_seasons_are_translated(scene):
    with pseudo_language() as language:
        page = _client(scene, None, language).get(reverse("profile", args=["ann"])).content.decode()
    section = page[page.index('<section aria-labelledby="leagues-heading">') :]
    section = section[: section.index("</section>")]
    assert "⟦" in section and not untranslated(section, _names(scene))


def test_what_the_league_forms_answer_is_translated(scene):
    """Joining, a refused choice, a refused join and withdrawing: each message and page in the reader's language."""
    series, top = scene["series"], scene["divisions"][0]
    registration = reverse("competitions:registration", args=[series.slug])
    withdraw = reverse("leagues:withdraw", args=[series.slug, 2, 1])
    with pseudo_language() as language:
        answers = [
            _client(scene, "zoe", language).post(registration, {"mode": "once"}, follow=True),
            _client(scene, "zoe", language).post(registration, {"mode": "forever"}),
            _client(scene, "uma", language).post(registration, {"mode": "once"}),
            _client(scene, "ann", language).post(withdraw, {"rule": "struck"}, follow=True),
            _client(scene, "ann", language).post(withdraw, {"confirm": "yes", "rule": "wrong"}, follow=True),
        ]
        rule = str(preview(Entry.objects.get(division=top, player=scene["users"]["ann"])).rule)
        answers.append(_client(scene, "ann", language).post(withdraw, {"confirm": "yes", "rule": rule}, follow=True))
        for response in answers:
            assert not untranslated(response.content.decode(), _names(scene)), response.content.decode()
    assert Registration.objects.get(series=series, player=scene["users"]["zoe"]).mode == "once"
    assert Entry.objects.get(division=top, player=scene["users"]["ann"]).withdrawn_at is not None


def _as(user, language):
    Player.objects.filter(user=user).update(language=language)
    mail.outbox.clear()
    return user


def _emails(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def _league_emails(scene, language) -> dict:
    """Each league email kind, as the worker sends it to a reader of the language."""
    users, running, upcoming = scene["users"], scene["running"], scene["upcoming"]
    closed_entry = Entry.objects.get(division__season=scene["closed"], player=users["ann"])
    sent = {}
    for kind, user, payload in [
        ("season_started", users["ann"], {"season": running.pk}),
        ("season_closed", users["ann"], {"season": scene["closed"].pk}),
        ("league_reminder", users["zoe"], {"season": upcoming.pk}),
        ("season_waiting", users["zoe"], {"season": upcoming.pk, "missing": 2}),
        ("league_withdrawn", users["eli"], {"entry": Entry.objects.get(player=users["eli"]).pk}),
        ("league_withdrawn", users["fay"], {"entry": Entry.objects.get(player=users["fay"]).pk}),
    ]:
        _as(user, language)
        send_email_job({"kind": kind, "user": user.pk, **payload})
        sent[f"{kind} to {user.username}"] = _emails(user)
    # A closed season told to a player who had withdrawn from it.
    Entry.objects.filter(pk=closed_entry.pk).update(
        withdrawn_at=timezone.now(), withdrawal_reason=withdrawing.OWN_CHOICE
    )
    _as(users["ann"], language)
    send_email_job({"kind": "season_closed", "user": users["ann"].pk, "season": scene["closed"].pk})
    sent["season_closed, withdrawn"] = _emails(users["ann"])
    return sent


def test_every_league_email_is_translated(scene):
    with pseudo_language() as language:
        sent = _league_emails(scene, language)
    for kind, emails in sent.items():
        [email] = emails
        [(html, _)] = email.alternatives
        for text, is_html in ((email.subject, False), (email.body, False), (html, True)):
            assert not untranslated(text, _names(scene), html=is_html), f"{kind}: {text}"


def test_the_season_started_push_is_translated(scene, monkeypatch):
    sent = []
    monkeypatch.setattr(sender, "private_pem", lambda: "a key")
    monkeypatch.setattr(sender, "deliver", lambda device, message: sent.append(message))
    ann = scene["users"]["ann"]
    device = PushSubscription.objects.create(user=ann, endpoint="https://push.example/a", p256dh="k", auth="a")
    with pseudo_language() as language:
        Player.objects.filter(user=ann).update(language=language)
        payload = {"kind": "season_started", "user": ann.pk, "device": device.pk, "season": scene["running"].pk}
        sender.send_push_job(payload)
    [message] = sent
    for text in (message["title"], message["body"]):
        assert "⟦" in text and not untranslated(text, _names(scene), html=False), text


def test_one_season_start_emails_each_player_in_their_own_language(django_capture_on_commit_callbacks):
    """The worker's jobs for one season's start: the Polish player's email is Polish, the English player's English."""
    players = [UserFactory(username=name) for name in ("ola", "tom", "ewa", "ian")]
    series = a_series(SERIES)
    register(series, *players)
    season = a_season(series, 1)
    Player.objects.filter(user__in=players[::2]).update(language="pl")
    Player.objects.filter(user__in=players[1::2]).update(language="en")
    with django_capture_on_commit_callbacks(execute=True):
        assert seasons.start_season(season, rng=random.Random(1))
    [polish] = _emails(players[0])
    [english] = _emails(players[1])
    assert polish.subject == "Liga Tongue, sezon 1: sezon się zaczął, grasz w dywizji 1"
    assert "Wszystkie partie dywizji zaczęły się naraz:" in polish.body
    assert "Wszystkie partie dywizji zaczęły się naraz:" in polish.alternatives[0][0]
    assert english.subject == "Tongue league, season 1 has started: you play in division 1"
    assert "Every game of the division started at once:" in english.body


def test_names_numbers_and_dates_follow_the_language(scene):
    running, top = scene["running"], scene["divisions"][0]
    with translation.override("pl"):
        assert str(top) == "Liga Tongue, sezon 2, dywizja 1"
        assert number(12.5) == "12,5"
        assert (
            need_in_words(Need(Goal.PROMOTION, 2.5, 3)) == "2,5 punktów z twoich 3 pozostałych partii zapewnia awans."
        )
        # The month in the genitive: "Start 26 listopada 2026".
        started = dateformat.format(timezone.localtime(running.started_at), "j E Y")
    page = Client(HTTP_ACCEPT_LANGUAGE="pl").get(running.get_absolute_url()).content.decode()
    assert f"Start {started};" in page and "<h1>Liga Tongue, sezon 2</h1>" in page
    with translation.override("en"):
        assert str(top) == "Tongue league, season 2, division 1"
        assert number(12.5) == "12.5"


# The admin around the league's own pages: the other apps' names in its sidebar and header are theirs to mark.
ADMIN_ELSEWHERE = ("nav-sidebar", "header", "user-tools")
# Django's admin writes a boolean's icon as alt="True"/"False" and its search button's value untranslated; the game
# filter lists games by slug, as stored.
ADMIN_AS_IS = ("True", "False", "Search", *all_games())


def test_the_league_admin_is_translated(scene):
    """Each league model's list, a series' form, and each action's confirmation page, for the staff."""
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    series, running = scene["series"], scene["running"]
    entry = Entry.objects.get(division=scene["divisions"][0], player=scene["users"]["ann"])
    game = LeagueGame.objects.filter(division=scene["divisions"][0]).first()
    pages = [reverse(f"admin:competitions_{model}_changelist") for model in ("series", "season", "division", "entry")]
    pages += [reverse("admin:competitions_leaguegame_changelist"), reverse("admin:competitions_series_add")]
    pages += [reverse("admin:competitions_series_change", args=[series.pk])]
    actions = [
        ("series", "pause", series.pk),
        ("series", "resume", series.pk),
        ("season", "preview_draw", scene["upcoming"].pk),
        ("season", "start_now", scene["upcoming"].pk),
        ("season", "postpone", scene["upcoming"].pk),
        ("season", "close_now", running.pk),
        ("entry", "withdraw", entry.pk),
        ("entry", "reinstate", entry.pk),
        ("leaguegame", "override", game.pk),
    ]
    with pseudo_language() as language:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(staff)
        answers = [client.get(page) for page in pages]
        for model, action, pk in actions:
            changelist = reverse(f"admin:competitions_{model}_changelist")
            answers.append(client.post(changelist, {"action": action, "_selected_action": [pk]}))
        for response in answers:
            assert response.status_code == 200, response
            left = untranslated(response.content.decode(), [*_names(scene), "boss", *ADMIN_AS_IS], skip=ADMIN_ELSEWHERE)
            assert not left, f"English on {response.wsgi_request.path}: {sorted(set(left))}"
