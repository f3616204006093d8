"""The lobby's SQL built once per process (daymove.prepared_sql) and its per-process caches of text: the same rows
and words as the plain querysets and template tags gave, for every player, and never stale."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils import timezone

from daymove.clocks.models import ChallengeClock, MatchClock
from daymove.players.bots import bot_players
from daymove.ratings.models import Rating
from daymove.round import endings
from daymove.safety.models import Block
from daymove.web import views
from daymove.web.lobby_filters import OpenChallengeFilter
from daymove.web.lobby_rows import Urls
from tests.factories import ChallengeFactory, MatchFactory, UserFactory


def _signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def _open(creator, rating=None):
    challenge = ChallengeFactory(creator=creator, game="abande")
    ChallengeClock.objects.create(challenge=challenge, days_per_move=3)
    if rating is not None:
        Rating.objects.update_or_create(user=creator, game="abande", defaults={"rating": rating})
    return challenge


def _challenge_seen(c):
    opponent = c.opponent.username if c.opponent else None
    days = c.clock.days_per_move if hasattr(c, "clock") else None
    return (c.pk, c.game, c.rated, c.creator.username, c.creator.player.is_bot, opponent, days)


def test_prepared_queries_read_for_each_player_what_their_querysets_read(alice, bob):
    carol = UserFactory(username="carol")
    for one, other in ((alice, bob), (bob, carol), (carol, alice)):
        MatchFactory(player0=one, player1=other)
        endings.resign(MatchFactory(player0=other, player1=one).pk, other)
        ChallengeFactory(creator=one, opponent=other)
        _open(one, rating=1600)
    for user in (alice, bob, carol):
        assert sorted(views.LISTED_MATCHES.values(user.pk), key=lambda m: m["id"]) == sorted(
            views._listed_matches(user.pk), key=lambda m: m["id"]
        )
        assert [_challenge_seen(c) for c in views.OWN_CHALLENGES.models(user.pk)] == [
            _challenge_seen(c) for c in views._own_challenges(user.pk)
        ]
        prepared = views.OPEN_FIRST_PAGE.models(user.pk)
        plain = list(views._open_to(user.pk, OpenChallengeFilter())[: views.OPEN_PER_PAGE + 1])
        assert [(_challenge_seen(c), c.creator_rating, c.creator_established_until) for c in prepared] == [
            (_challenge_seen(c), c.creator_rating, c.creator_established_until) for c in plain
        ]
        assert len(prepared) == 2  # the others' open challenges, not the player's own
        assert views.OPEN_TO_ALL.count(user.pk) == views._open_to(user.pk, OpenChallengeFilter()).count() == 2


def test_bot_players_are_read_afresh(db):
    bot = UserFactory(username="bot-a")
    bot.player.is_bot, bot.player.bot_level = True, "easy"
    bot.player.save()
    assert [u.username for u in bot_players()] == ["bot-a"]
    assert bot_players()[0].player.bot_level == "easy"
    get_user_model().objects.filter(pk=bot.pk).update(is_active=False)
    assert bot_players() == []


def test_a_signed_in_dashboard_pages_its_open_challenges_and_leaves_out_blocked_creators(alice):
    creators = [UserFactory(username=f"p{i:02}") for i in range(views.OPEN_PER_PAGE + 2)]
    for i, creator in enumerate(creators):
        challenge = _open(creator)
        challenge.created = timezone.now() - timedelta(minutes=i)  # p00 newest
        challenge.save()
    client = _signed_in(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert [c.username for c in creators if f">{c.username}<" in page] == [
        c.username for c in creators[: views.OPEN_PER_PAGE]
    ]
    assert "Page 1 of 2" in page
    Block.objects.create(blocker=creators[0], blocked=alice)
    Block.objects.create(blocker=alice, blocked=creators[1])
    page = client.get(reverse("lobby")).content.decode()
    assert [c.username for c in creators if f">{c.username}<" in page] == [
        c.username for c in creators[2:]
    ] and "Page 1 of 2" not in page


def test_a_changed_deadline_and_a_renamed_player_show_at_once(alice, bob):
    running = MatchFactory(player0=alice, player1=bob)
    clock = MatchClock.objects.create(match=running, running_seat=0, deadline0=timezone.now() + timedelta(days=1))
    done = MatchFactory(player0=alice, player1=bob)
    endings.resign(done.pk, bob)
    client = _signed_in(alice)
    before = client.get(reverse("lobby")).content.decode()
    stamp = timezone.localtime(clock.deadline0).strftime("%Y-%m-%dT%H:%M:%S%z")
    assert f'datetime="{stamp}"' in before and "alice won" in before
    clock.deadline0 += timedelta(days=2)
    clock.save()
    get_user_model().objects.filter(pk=alice.pk).update(username="alicia")
    after = client.get(reverse("lobby")).content.decode()
    assert f'datetime="{stamp}"' not in after
    assert f'datetime="{timezone.localtime(clock.deadline0).strftime("%Y-%m-%dT%H:%M:%S%z")}"' in after
    assert "alicia won" in after and "alice won" not in after


@pytest.mark.parametrize("prefix", ["/", "/under/"])
def test_urls_follow_the_script_prefix(prefix):
    Urls()("match", 5)  # reversed once under the usual prefix first
    old = get_script_prefix()
    set_script_prefix(prefix)
    try:
        assert Urls()("match", 5) == reverse("match", args=[5])
        assert Urls()("profile", "a b") == reverse("profile", args=["a b"])
    finally:
        set_script_prefix(old)
