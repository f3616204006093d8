"""The viewer's chat mute and whether they are in any block are read with their session's user: the match page still
shows the chat open or closed as it is at each request, and asks nothing more about either for most players."""

from datetime import timedelta

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daymove.safety import blocks, mutes

MUTED = "A moderator has muted your chat until"


def _page(user, match):
    client = Client()
    client.force_login(user)
    return client.get(match.get_absolute_url()).content.decode()


def test_a_mute_shows_from_the_next_page_on_and_not_once_it_has_ended(alice, bob, match, time_machine):
    assert MUTED not in _page(alice, match)
    mute = mutes.mute(alice, timezone.now() + timedelta(hours=2))
    assert MUTED in _page(alice, match) and MUTED not in _page(bob, match)
    time_machine.move_to(mute.until + timedelta(seconds=1))  # the mute ends by itself: the page says so at once
    assert MUTED not in _page(alice, match)


def test_a_lifted_mute_opens_the_chat_on_the_next_page(alice, bob, match):
    mutes.mute(alice, timezone.now() + timedelta(days=3))
    assert MUTED in _page(alice, match)
    mutes.lift_mutes(alice)
    assert MUTED not in _page(alice, match)


def test_a_block_closes_the_chat_on_the_next_page_and_unblocking_opens_it(alice, bob, match):
    assert "the chat is closed" not in _page(alice, match)
    blocks.block(bob, "alice")
    assert "The chat of this match is closed." in _page(alice, match)
    assert "You have blocked alice: the chat is closed" in _page(bob, match)
    blocks.unblock(bob, "alice")
    assert "chat is closed" not in _page(alice, match) and "chat of this match is closed" not in _page(bob, match)


def test_a_block_between_others_does_not_close_this_chat(alice, bob, carol, match):
    blocks.block(carol, "alice")  # alice is in a block, though not with bob
    assert "closed" not in _page(alice, match).split('id="chat"')[1].split("</section>")[0]


def test_a_player_neither_muted_nor_in_a_block_costs_the_page_no_question_about_either(alice, match):
    client = Client()
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        client.get(match.get_absolute_url())
    assert not [q for q in queries if "safety_" in q["sql"] and not q["sql"].startswith('SELECT "auth_user"')]
