"""Accounts: verification for rated play, deletion, downloads, admin login, and a newcomer's first games."""

import json
import random
import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daymove.clocks.models import Vacation
from daymove.errors import Refused
from daymove.notify.models import EmailPreferences
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.play.models import Challenge, Match
from daymove.players.accounts import has_verified_email, verified_address
from daymove.ratings import glicko2
from daymove.ratings.models import Rating
from daymove.round import endings, moves
from daymove.round.challenges import accept_challenge, create_challenge
from daymove.talk.models import ChatMessage, PrivateNote
from tests.factories import PASSWORD, ChallengeFactory, MatchFactory, UserFactory

CHALLENGE = {"option_board": "square", "seat": "0", "clock": "3"}
NINA_ROW = '<td><a href="/players/nina/">nina</a></td>'


def _client(user):
    client = Client()
    client.force_login(user)
    return client


# ---- verification ----------------------------------------------------------------------------


def test_rated_play_needs_verified_addresses(alice, bob):
    newcomer = UserFactory(username="newcomer", verified=False)
    assert not has_verified_email(newcomer) and verified_address(newcomer) is None
    with pytest.raises(Refused, match="verified email"):
        create_challenge(newcomer, "abande", {}, "alice", rated=True)
    with pytest.raises(Refused, match="newcomer has not verified"):
        create_challenge(alice, "abande", {}, "newcomer", rated=True)
    open_rated = create_challenge(alice, "abande", {}, rated=True)
    with pytest.raises(Refused, match="verified email"):
        accept_challenge(open_rated.pk, newcomer)
    # Casual play needs no verification.
    casual = create_challenge(newcomer, "abande", {}, "alice", rated=False)
    assert accept_challenge(casual.pk, alice).rated is False
    assert verified_address(alice) == "alice@example.com"


def test_bots_count_as_verified(alice, bot):
    challenge = create_challenge(alice, "abande", {}, bot.username, rated=True)
    assert challenge.match is not None and challenge.match.rated


def test_challenge_form_refuses_rated_without_verification(db):
    newcomer = UserFactory(username="newcomer", verified=False)
    client = _client(newcomer)
    form = client.get(reverse("new_challenge", args=["abande"])).content.decode()
    assert 'name="rated"' in form and 'name="rated" checked' not in form  # unticked until verified
    response = client.post(reverse("new_challenge", args=["abande"]), CHALLENGE | {"rated": "on"})
    assert response.status_code == 400 and "verified email" in response.content.decode()
    assert not Challenge.objects.exists()


def test_challenge_form_shows_the_expected_rating_change(alice, bob):
    Rating.objects.create(user=bob, game="abande", rating=1800, deviation=60, volatility=0.06)
    client = _client(alice)
    page = client.get(reverse("new_challenge", args=["abande"]) + "?opponent=bob").content.decode()
    assert "bob: 1800." in page
    win, draw, loss = (int(v) for v in re.findall(r"<td>([+-]\d+)</td>", page))
    assert win > draw > 0 > loss  # a draw against a stronger player gains
    fragment = client.get(reverse("expected_change", args=["abande"]) + "?opponent=", HTTP_HX_REQUEST="true")
    text = fragment.content.decode()
    assert fragment.status_code == 200 and "depends on who accepts" in text and "<html" not in text


# ---- deletion --------------------------------------------------------------------------------


def test_delete_account_removes_personal_data_and_keeps_games(alice, bob):
    finished = MatchFactory(player0=alice, player1=bob)
    endings.resign(finished.pk, bob)
    active = MatchFactory(player0=alice, player1=bob)
    ChatMessage.objects.create(match=finished, author=alice, text="my phone number is 555")
    PrivateNote.objects.create(match=finished, user=alice, text="bob is weak on the left")
    open_challenge = ChallengeFactory(creator=alice)
    alice.player.time_zone = "Europe/Warsaw"
    alice.player.save()
    alice.first_name = "Alice"
    alice.save()
    EmailPreferences.objects.create(user=alice, digest_hour=6)
    now = timezone.now()
    Vacation.objects.create(user=alice, start_date=now.date(), end_date=now.date(), starts=now, ends=now)
    client = _client(alice)

    response = client.post(reverse("delete_account"), {"password": "wrong", "confirm": "on"})
    assert response.status_code == 400
    assert get_user_model().objects.get(pk=alice.pk).is_active

    response = client.post(reverse("delete_account"), {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302
    user = get_user_model().objects.get(pk=alice.pk)
    assert user.username.startswith("deleted-") and not user.is_active
    assert (user.email, user.first_name) == ("", "") and not user.has_usable_password()
    assert not EmailAddress.objects.filter(user=user).exists()
    assert user.player.time_zone == "UTC"
    assert not EmailPreferences.objects.filter(user=user).exists() and not Vacation.objects.filter(user=user).exists()
    assert ChatMessage.objects.get().text == "" and not PrivateNote.objects.exists()
    open_challenge.refresh_from_db()
    active.refresh_from_db()
    assert open_challenge.status == Challenge.Status.CANCELLED
    assert (active.status, active.winner, active.result_reason) == (Match.Status.FINISHED, 1, "resignation")
    assert Match.objects.filter(player0=user).count() == 2  # the games stay, under the anonymous name
    # Logged out, and the old password no longer works.
    assert client.get(reverse("account")).status_code == 302
    assert not Client().login(username="alice", password=PASSWORD)
    page = _client(bob).get(finished.get_absolute_url()).content.decode()
    assert user.username in page and "alice" not in page


# ---- downloads -------------------------------------------------------------------------------


def _ci_sequence_match(alice, bob, plies):
    match = MatchFactory(game="ci-sequence", player0=alice, player1=bob)
    rules = match.rules
    rng = random.Random(5)
    for _ in range(plies):
        match.refresh_from_db()
        text = rng.choice(rules.legal_move_strings(match.position()))
        moves.submit_move(match.pk, match.players[match.to_move], text, match.ply)
    match.refresh_from_db()
    return match


def test_download_games_as_json_and_text(alice, bob):
    m = MatchFactory(player0=alice, player1=bob)
    moves.submit_move(m.pk, alice, "d4", 0)
    client = _client(alice)
    response = client.get(reverse("download_json"))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["player"] == "alice"
    (game,) = data["matches"]
    assert (game["id"], game["game"], game["moves"], game["your_seat"]) == (m.pk, "abande", ["d4"], 0)
    text = client.get(reverse("download_text")).content.decode()
    assert '[Game "Abande"]' in text and '[Black "alice"]' in text and "1. d4" in text
    assert Client().get(reverse("download_json")).status_code == 302  # logged out: to the login page


def test_download_shows_hidden_moves_only_as_the_player_sees_them(alice, bob):
    match = _ci_sequence_match(alice, bob, 12)
    notations = match.notations()
    exported = json.loads(_client(alice).get(reverse("download_json")).content)["matches"][0]["moves"]
    assert exported == match.rules.visibility.history_for(match.position(), 0, notations)
    assert exported != notations  # the opponent's hidden placements stay hidden while it is active
    text = _client(alice).get(reverse("download_text")).content.decode()
    for own, full in zip(exported, notations):
        if own != full:
            assert full not in text.split()


def test_download_holds_the_players_own_note_analyses_and_plan_and_nobody_elses(alice, bob):
    match = MatchFactory(player0=alice, player1=bob)
    moves.submit_move(match.pk, alice, "d4", 0)
    PrivateNote.objects.create(match=match, user=alice, text="Hold the centre.\nThen push.")
    PrivateNote.objects.create(match=match, user=bob, text="bob's secret")
    AnalysisTree.objects.create(
        match=match, owner=alice, root_ply=1, published=False, tree=[{"m": "e5", "c": [{"m": "c3", "c": []}]}]
    )
    AnalysisTree.objects.create(match=match, owner=bob, root_ply=1, tree=[{"m": "b2", "c": []}])
    ConditionalPlan.objects.create(match=match, owner=alice, ply=1, tree=[{"m": "e5", "c": [{"m": "e4", "c": []}]}])

    exported = json.loads(_client(alice).get(reverse("download_json")).content)["matches"][0]
    assert exported["your_note"] == "Hold the centre.\nThen push."
    assert exported["your_analyses"] == [{"from_ply": 1, "published": False, "lines": [["e5", "c3"]]}]
    assert exported["your_conditional_plan"] == {"from_ply": 1, "status": "active", "lines": [["e5", "e4"]]}
    text = _client(alice).get(reverse("download_text")).content.decode()
    assert "Your note:\n  Hold the centre.\n  Then push." in text
    assert "Your analysis from the position after 1 move:\n  e5 c3" in text
    assert "Your conditional plan from the position after 1 move (active):\n  e5 e4" in text
    assert "bob's secret" not in text and "b2" not in text
    bobs = json.loads(_client(bob).get(reverse("download_json")).content)["matches"][0]
    assert bobs["your_note"] == "bob's secret" and bobs["your_conditional_plan"] is None
    assert bobs["your_analyses"] == [{"from_ply": 1, "published": False, "lines": [["b2"]]}]


# ---- admin login -------------------------------------------------------------------------------


def test_admin_login_goes_through_allauth(client, alice):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302 and response.url.startswith(reverse("account_login"))
    assert _client(alice).get("/admin/login/").status_code == 403  # not staff


def test_failed_logins_are_rate_limited(client, alice, settings):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rate-limit-test"}
    }
    url = reverse("account_login")
    pages = [client.post(url, {"login": "alice", "password": "wrong"}).content.decode() for _ in range(6)]
    assert "Too many failed logins" not in pages[0]
    assert "Too many failed logins. For your safety, try again in 5 minutes." in pages[-1]
    # Even the right password is refused until the limit expires.
    response = client.post(url, {"login": "alice", "password": PASSWORD})
    assert response.status_code != 302 and "Too many failed logins" in response.content.decode()


# ---- a newcomer's first games ----------------------------------------------------------------


def test_newcomer_signs_up_verifies_plays_and_is_rated(alice, settings):
    settings.ACCOUNT_RATE_LIMITS = False  # many quick games in a row
    newcomer = Client()
    response = newcomer.post(
        reverse("account_signup"),
        {
            "email": "nina@example.com",
            "username": "nina",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    nina = get_user_model().objects.get(username="nina")
    # Rated play waits for the verified address.
    refused = newcomer.post(reverse("new_challenge", args=["abande"]), CHALLENGE | {"opponent": "alice", "rated": "on"})
    assert refused.status_code == 400 and not Challenge.objects.exists()

    (message,) = [m for m in mail.outbox if "nina@example.com" in m.to]
    assert message.subject == "Daymove: Please Confirm Your Email Address"  # the site's name, not its address
    link = re.search(r"http://testserver(/accounts/confirm-email/[^/\s]+/)", message.body).group(1)
    assert newcomer.post(link).status_code == 302
    assert has_verified_email(nina)

    alice_client = _client(alice)
    established = Rating(user=alice, game="abande")
    established.store(glicko2.Glicko(1500, 60, 0.06), timezone.now())
    established.save()
    wins = losses = 0
    for game in range(20):
        response = newcomer.post(
            reverse("new_challenge", args=["abande"]),
            CHALLENGE | {"opponent": "alice", "rated": "on", "seat": str(game % 2)},
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        challenge = Challenge.objects.get(status=Challenge.Status.OPEN)
        match_url = alice_client.post(reverse("accept_challenge", args=[challenge.pk])).url
        match = Match.objects.get(challenge=challenge)
        if game == 0:  # the first game is played out over a few moves on the page, then alice resigns
            for text in ("d4", "e5", "c3"):
                current = Match.objects.get(pk=match.pk)
                client = newcomer if current.to_move == current.seat_of(nina) else alice_client
                response = client.post(reverse("play_move", args=[match.pk]), {"move": text, "ply": current.ply})
                assert response.status_code == 302
        nina_wins = game % 2 == 0
        (alice_client if nina_wins else newcomer).post(reverse("resign", args=[match.pk]), {"confirm": "yes"})
        wins, losses = wins + nina_wins, losses + (not nina_wins)
        assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
        if game == 0:
            rating = Rating.objects.get(user=nina, game="abande")
            assert rating.rating > 1500
            assert f"{round(rating.rating)}?" in newcomer.get(reverse("profile", args=["nina"])).content.decode()
            assert NINA_ROW not in newcomer.get(reverse("leaderboard", args=["abande"])).content.decode()
        assert match_url == match.get_absolute_url()
        if Rating.objects.get(user=nina, game="abande").deviation < 110:
            break

    rating = Rating.objects.get(user=nina, game="abande")
    assert rating.deviation < 110 and 8 <= rating.games <= 15 and rating.games == wins + losses
    profile = newcomer.get(reverse("profile", args=["nina"])).content.decode()
    assert f'<strong class="rating">{round(rating.rating)}</strong>' in profile
    assert f"{wins} won, 0 drawn, {losses} lost" in profile
    board = newcomer.get(reverse("leaderboard", args=["abande"])).content.decode()
    assert NINA_ROW in board and f"<td>{round(rating.rating)}</td>" in board


# ---- allauth pages -----------------------------------------------------------------------------


def test_account_pages_use_the_site_layout(alice):
    client = _client(alice)
    for url in (
        reverse("account"),
        reverse("account_email"),
        reverse("account_change_password"),
        reverse("account_reset_password"),
        reverse("delete_account"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert 'class="brand"' in response.content.decode(), url


def test_password_reset_by_email(client, alice, settings):
    settings.ACCOUNT_RATE_LIMITS = False
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    (message,) = mail.outbox
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", message.body).group(1)
    form_url = client.get(link).url  # allauth moves the key into the session and redirects
    response = client.post(form_url, {"password1": "a-brand-new-phrase", "password2": "a-brand-new-phrase"})
    assert response.status_code == 302
    assert Client().login(username="alice", password="a-brand-new-phrase")


def test_change_of_email_needs_verification(alice, settings):
    settings.ACCOUNT_RATE_LIMITS = False
    client = _client(alice)
    client.post(reverse("account_email"), {"action_add": "", "email": "alice@new.example"})
    assert verified_address(alice) == "alice@example.com"  # the old one stays until the new one is confirmed
    (message,) = [m for m in mail.outbox if "alice@new.example" in m.to]
    link = re.search(r"http://testserver(/accounts/confirm-email/[^/\s]+/)", message.body).group(1)
    client.post(link)
    assert verified_address(alice) == "alice@new.example"
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", flat=True)) == ["alice@new.example"]
