"""What every page shows of its viewer (turn count, a bouncing address, an unread warning) is read with the session's
user in one query, and is never older than the request that shows it."""

from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from daymove.inbound.models import Bounce
from daymove.moderation.models import ModerationAction
from daymove.players.viewer import page_fact
from daymove.round import moves

HTMX = {"HTTP_HX_REQUEST": "true"}


def _signed_in(client, user):
    client.force_login(user)
    return client


def test_the_facts_come_with_the_session_user_in_one_query(alice, bob, match, client):
    _signed_in(client, bob)
    Bounce.objects.create(address=bob.email, user=bob)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("turn_count"), {"n": 5}, **HTMX).content.decode()
    assert 'data-count="0"' in page
    session, user = (q["sql"] for q in queries)  # nothing but the session and its user (with their facts)
    assert session.startswith('SELECT "django_session"') and user.startswith('SELECT "auth_user"')


def test_each_page_shows_the_facts_as_they_are_when_it_is_asked_for(alice, bob, match, client):
    _signed_in(client, bob)
    lobby = reverse("lobby")
    page = client.get(lobby).content.decode()
    assert 'data-count="0"' in page and "come back undelivered" not in page and "warning-notice" not in page

    moves.submit_move(match.pk, alice, match.rules.legal_move_strings(match.position())[0], 0)
    bounce = Bounce.objects.create(address=bob.email, user=bob)
    warning = ModerationAction.objects.create(target=bob, kind=ModerationAction.Kind.WARN, message="Be kind.")
    page = client.get(lobby).content.decode()
    assert 'data-count="1"' in page and "come back undelivered" in page and "Be kind." in page

    bounce.delete()
    client.post(reverse("acknowledge_warning", args=[warning.pk]), {"next": lobby})
    page = client.get(lobby).content.decode()
    assert "come back undelivered" not in page and "Be kind." not in page


def test_a_request_that_may_have_changed_something_asks_the_database_again(alice):
    alice.turns_waiting = 7  # as the login backends read it
    for request, shown in ((RequestFactory().get("/"), 7), (RequestFactory().post("/"), 3)):
        request.user = alice
        assert page_fact(request, "turns_waiting", lambda: 3) == shown
