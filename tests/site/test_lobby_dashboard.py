"""The lobby: open challenges filtered by game, rating and time control; the player's dashboard part."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from daymove.clocks.models import ChallengeClock, MatchClock
from daymove.ratings.models import Rating
from daymove.round import endings
from tests.factories import ChallengeFactory, MatchFactory, UserFactory


@pytest.fixture
def alice_client(alice):
    client = Client()
    client.force_login(alice)
    return client


def _open(creator, game="abande", days=3, rating=None):
    challenge = ChallengeFactory(creator=creator, game=game)
    ChallengeClock.objects.create(challenge=challenge, days_per_move=days)
    if rating is not None:
        Rating.objects.update_or_create(user=creator, game=game, defaults={"rating": rating})
    return challenge


def _listed(client, query=""):
    page = client.get(reverse("lobby") + query).content.decode()
    return {name for name in ("strong", "weak", "parity-fan", "quick") if f">{name}<" in page}


def test_open_challenges_filter_by_game_rating_and_time_control(alice_client, db):
    _open(UserFactory(username="strong"), rating=1900)
    _open(UserFactory(username="weak"), rating=1300)
    _open(UserFactory(username="parity-fan"), game="parity")
    _open(UserFactory(username="quick"), days=1, rating=1500)
    assert _listed(alice_client) == {"strong", "weak", "parity-fan", "quick"}
    assert _listed(alice_client, "?game=parity") == {"parity-fan"}
    assert _listed(alice_client, "?game=abande&min_rating=1400") == {"strong", "quick"}
    assert _listed(alice_client, "?max_rating=1450") == {"weak"}
    assert _listed(alice_client, "?clock=1") == {"quick"}
    assert _listed(alice_client, "?clock=bank") == set()
    # Nonsense filters are left out, never a 500.
    response = alice_client.get(reverse("lobby") + "?min_rating=lots&game=chess")
    assert response.status_code == 200 and "not understood" in response.content.decode()


def test_open_challenges_come_a_page_at_a_time_newest_first_keeping_the_filters(client, db):
    from daymove.web.views import OPEN_PER_PAGE

    creators = [UserFactory(username=f"p{i:02}") for i in range(OPEN_PER_PAGE + 2)]
    for i, creator in enumerate(creators):
        challenge = _open(creator, game="parity")
        challenge.created = timezone.now() - timedelta(minutes=i)  # p00 newest
        challenge.save()
    _open(UserFactory(username="abande-only"))

    def names(query):
        page = client.get(reverse("lobby") + query).content.decode()
        return [c.username for c in creators if f">{c.username}<" in page], page

    first, page = names("?game=parity")
    assert first == [c.username for c in creators[:OPEN_PER_PAGE]]
    assert "Page 1 of 2" in page and "?game=parity&amp;page=2" in page and ">abande-only<" not in page
    second, page = names("?game=parity&page=2")
    assert second == [c.username for c in creators[OPEN_PER_PAGE:]] and "clear</a>" in page
    assert names("?game=parity&page=99")[0] == second  # past the end: the last page
    assert names("?page=nonsense")[1].count("Page 1 of 2") == 1  # nonsense: the first page, no error
    assert "clear</a>" not in client.get(reverse("lobby") + "?page=2").content.decode()  # a page is no filter


def test_open_challenges_show_the_creators_rating(client, db):
    _open(UserFactory(username="strong"), rating=1900)
    page = client.get(reverse("lobby")).content.decode()
    assert '<span class="rating">1900?</span>' in page


def test_your_turn_sorted_by_deadline(alice, alice_client):
    now = timezone.now()
    later = MatchFactory(player0=alice)
    sooner = MatchFactory(player0=alice)
    MatchClock.objects.create(match=later, running_seat=0, deadline0=now + timedelta(days=3))
    MatchClock.objects.create(match=sooner, running_seat=0, deadline0=now + timedelta(hours=5))
    page = alice_client.get(reverse("lobby")).content.decode()
    section = page[page.index("Your turn") : page.index("Waiting for your opponent")]
    assert section.index(f"#{sooner.pk}<") < section.index(f"#{later.pk}<")


def test_dashboard_sections(alice, bob, alice_client):
    mine = MatchFactory(player0=alice, player1=bob)
    theirs = MatchFactory(player0=bob, player1=alice)
    done = MatchFactory(player0=alice, player1=bob)
    endings.resign(done.pk, bob)
    ChallengeFactory(creator=bob, opponent=alice)
    page = alice_client.get(reverse("lobby")).content.decode()
    turn = page.index("Your turn")
    waiting = page.index("Waiting for your opponent")
    to_you = page.index("Challenges to you")
    finished = page.index("Finished")
    # Your turn first, then challenges to you, then the matches waiting for the opponent.
    assert turn < page.index(f"#{mine.pk}<") < to_you < waiting < page.index(f"#{theirs.pk}<") < finished
    assert page.index(f"#{done.pk}<") > finished


def _populate(user, count):
    for i in range(count):
        opponent = UserFactory()
        m = MatchFactory(player0=user, player1=opponent)
        MatchClock.objects.create(match=m, running_seat=0, deadline0=timezone.now() + timedelta(days=1 + i))
        MatchFactory(player0=opponent, player1=user)
        finished = MatchFactory(player0=user, player1=opponent)
        endings.resign(finished.pk, opponent)
        _open(opponent, rating=1500 + i)
        ChallengeFactory(creator=opponent, opponent=user)
        ChallengeFactory(creator=user, opponent=opponent)


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("query", ["", "?game=abande&min_rating=1000&max_rating=3000&clock=3"])
def test_lobby_query_count_does_not_grow(alice, alice_client, client, query):
    url = reverse("lobby") + query
    _populate(alice, 2)
    small, small_anonymous = _queries(alice_client, url), _queries(client, url)
    _populate(alice, 15)
    assert _queries(alice_client, url) == small
    assert _queries(client, url) == small_anonymous


def test_challenges_to_a_player_are_listed_newest_first_up_to_a_bound(alice, alice_client):
    from daymove.web.views import RECEIVED_SHOWN

    senders = [UserFactory() for _ in range(RECEIVED_SHOWN + 2)]
    for sender in senders:
        ChallengeFactory(creator=sender, opponent=alice)
    page = alice_client.get(reverse("lobby")).content.decode()
    listed = [sender for sender in senders if f"<li>{sender.username}" in page]
    assert listed == senders[2:]  # the two oldest wait until newer ones are answered
