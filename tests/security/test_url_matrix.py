"""Every URL × every role: who may read and who may act, and a refusal changes nothing.

The policy, one line per URL name, is `tests/support/url_policy.POLICY`; the URL patterns come from
the resolver, so a new URL without a line there fails `test_every_url_is_classified` until someone
decides who may use it.

Each case builds a small site (`tests.support.world.build_world`); then each role in turn (rolled back
after each) sends a GET and a POST (with a body that is valid for someone who may act), and the
test checks the statuses, that a GET changes nothing, that a POST changes something exactly for
the roles that may act (every row of the site's state is compared), and that no page shows the
player's private note or calendar address to anyone else, nor the players' chat to non-players.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from tests.support.url_policy import CASES, POLICY, case_id, prepare_case, role_problems, url_names
from tests.support.world import CHAT, NOTE, ROLES, snapshot


def test_every_url_is_classified():
    """A URL with no policy fails here: decide who may read it and who may act, then add it."""
    names = {name for name in url_names() if not name.startswith("admin:")}
    missing = sorted(names - POLICY.keys())
    assert not missing, f"URLs with no line in the security policy (tests/support/url_policy.py): {missing}"
    stale = sorted(name for name in POLICY.keys() - url_names())
    assert not stale, f"policy lines for URLs that no longer exist: {stale}"


@pytest.mark.django_db
@pytest.mark.parametrize("name,index", CASES, ids=[case_id(c) for c in CASES])
def test_who_may_read_and_who_may_act(name, index):
    """Each role in turn, on the same small site (rolled back after each role)."""
    case, world, url = prepare_case(name, index)
    before = snapshot()
    problems = []
    for role in ROLES:
        with transaction.atomic():
            problems += role_problems(world, case, url, role, before)
            transaction.set_rollback(True)
    assert snapshot() == before  # each role started from the same site
    assert not problems, "\n".join(problems)


@pytest.mark.django_db
def test_the_secrets_checked_above_are_shown_to_their_owners(world):
    """The other side of `secret_problems`: the note, the chat and the feed address do reach their owners."""
    page = world.client("player").get(world.match.get_absolute_url()).content.decode()
    assert NOTE in page and CHAT in page
    page = world.client("opponent").get(world.match.get_absolute_url()).content.decode()
    assert CHAT in page and NOTE not in page
    assert world.feed_token in world.client("player").get(reverse("player_settings")).content.decode()
