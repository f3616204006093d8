"""The chat lines a player's match page shows, and the version it asks for updates with, short chats and long."""

import re

import pytest
from django.urls import reverse

from daymove.safety import blocks
from daymove.talk.models import ChatMessage
from daymove.talk.services import CHAT_SHOWN

HTMX = {"HTTP_HX_REQUEST": "true"}


def _chat(match, count: int) -> list[str]:
    """`count` lines, the two players in turn, every seventh hidden by a moderator; their texts, oldest first."""
    texts = [f"line {n}" for n in range(count)]
    ChatMessage.objects.bulk_create(
        ChatMessage(match=match, author=match.players[n % 2], text=text, hidden=n % 7 == 3)
        for n, text in enumerate(texts)
    )
    return texts


def _shown(page: str) -> list[str]:
    return re.findall(r"line \d+", page)


@pytest.mark.parametrize("count", [0, 5, CHAT_SHOWN, CHAT_SHOWN + 1, CHAT_SHOWN + 20])
def test_the_page_shows_the_latest_lines_and_is_current_until_a_line_is_posted(alice, bob, match, client, count):
    texts = _chat(match, count)
    client.force_login(alice)
    page = client.get(match.get_absolute_url()).content.decode()
    visible = [text for n, text in enumerate(texts) if n % 7 != 3]
    assert _shown(page) == [text for text in visible if texts.index(text) >= count - CHAT_SHOWN]
    version = re.search(r"after=([0-9.]+)", page).group(1)
    url = reverse("chat_read", args=[match.pk])
    assert client.get(url, {"after": version}, **HTMX).status_code == 204
    ChatMessage.objects.create(match=match, author=bob, text="line new")
    assert "line new" in client.get(url, {"after": version}, **HTMX).content.decode()


@pytest.mark.parametrize("count", [6, CHAT_SHOWN + 20])
def test_a_blocker_sees_the_latest_lines_but_the_blocked_players(alice, bob, match, client, count):
    texts = _chat(match, count)
    blocks.block(alice, "bob")
    client.force_login(alice)
    page = client.get(match.get_absolute_url()).content.decode()
    alices = [text for n, text in enumerate(texts) if n % 2 == 0 and n % 7 != 3]
    assert _shown(page) == alices[-CHAT_SHOWN:]
    version = re.search(r"after=([0-9.]+)", page).group(1)
    assert client.get(reverse("chat_read", args=[match.pk]), {"after": version}, **HTMX).status_code == 204
