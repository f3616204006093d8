"""The match page reads its viewer's facts in the match (a note, a plan, a declined offer, a vacation, a look waited
for, a published analysis) in the one query that reads the match: each service then says exactly what it says when
it asks the database itself, for every viewer, and never shows one viewer what is another's."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daymove.clocks.models import Vacation
from daymove.clocks.templatetags.clocks import match_clock
from daymove.clocks.vacations import BOOKED
from daymove.notify.declines import DECLINED_AT, declined_by, record_decline
from daymove.notify.looks import UNSEEN, expect_a_look, has_seen, saw_position
from daymove.plans.analysis import PUBLISHED
from daymove.plans.conditional import HAS_PLAN, plan_of
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.plans.summary import plans_context
from daymove.play import match_facts
from daymove.play.lookups import get_match
from daymove.round import endings
from daymove.talk.services import NOTE, note_for, save_note
from daymove.web.match_extras import page_match_or_404
from tests.factories import UserFactory


def _said_by_services(match, user) -> dict:
    """What each service that reads a match fact says to `user` (the fact's name: the service's answer)."""
    request = RequestFactory().get("/")
    request.user = user
    clock = match_clock({"request": request}, match, match.seat_of(user))
    return {
        NOTE: note_for(match, user),
        DECLINED_AT: declined_by(match, user),
        HAS_PLAN: plan_of(match, user),
        PUBLISHED: plans_context(match, user)["published_analyses"],
        BOOKED: [(p["user"].pk, p["vacation"]) for p in clock["players"]],
    }


def _viewers(alice, bob):
    staff = UserFactory(username="staffer", is_staff=True)
    return [alice, bob, UserFactory(username="carol"), staff, AnonymousUser()]


def test_every_fact_has_its_case_here():
    # A fact registered later must be compared below (and in _said_by_services) before this passes.
    assert set(match_facts._FACTS) == {NOTE, DECLINED_AT, HAS_PLAN, PUBLISHED, BOOKED, UNSEEN}


@pytest.mark.parametrize("anything_there", [False, True])
def test_each_service_says_with_the_facts_what_it_says_asking_itself(alice, bob, match, anything_there):
    if anything_there:
        save_note(match, alice, "alice's own thoughts")
        ConditionalPlan.objects.create(match=match, owner=bob, ply=match.ply)
        record_decline(match, 0)
        Vacation.objects.create(
            user=bob,
            start_date=timezone.localdate(),
            end_date=timezone.localdate() + timedelta(days=2),
            starts=timezone.now() - timedelta(hours=1),
            ends=timezone.now() + timedelta(days=2),
        )
    for user in _viewers(alice, bob):
        with_facts = page_match_or_404(match.pk, user)
        assert getattr(with_facts, match_facts.VIEWER) == user.pk
        assert _said_by_services(with_facts, user) == _said_by_services(get_match(match.pk), user), user
    assert page_match_or_404(match.pk, bob).private_note is None  # alice's note is hers alone
    assert page_match_or_404(match.pk, alice).private_note == ("alice's own thoughts" if anything_there else None)


def test_a_published_analysis_is_read_once_the_match_is_over(alice, bob, match):
    endings.resign(match.pk, bob)
    AnalysisTree.objects.create(match=match, owner=alice, root_ply=0, tree=[{"m": "a1", "c": []}], published=True)
    for user in _viewers(alice, bob):
        said = _said_by_services(page_match_or_404(match.pk, user), user)
        assert said == _said_by_services(get_match(match.pk), user) and said[PUBLISHED], user


def test_a_look_is_written_only_when_a_turn_email_waits_for_it(alice, bob, match):
    with_facts = page_match_or_404(match.pk, alice)  # alice to move, nothing waits for her look
    with CaptureQueriesContext(connection) as queries:
        saw_position(with_facts, alice)
    assert len(queries) == 0

    expect_a_look(match.pk, alice, match.ply)
    with_facts = page_match_or_404(match.pk, alice)
    assert with_facts.position_unseen and not page_match_or_404(match.pk, bob).position_unseen
    saw_position(with_facts, alice)
    assert has_seen(match.pk, alice, match.ply)


def test_facts_read_for_one_viewer_are_not_used_for_another(alice, bob, match):
    save_note(match, alice, "mine")
    read_for_alice = page_match_or_404(match.pk, alice)
    assert note_for(read_for_alice, bob) == ""  # asked for bob, not taken from alice's reading


@pytest.mark.parametrize("match_id", ["0", "99999999999999999999", "9223372036854775808"])
def test_a_number_that_is_no_match_is_a_plain_404(alice, client, match_id):
    client.force_login(alice)
    assert client.get(f"/m/{match_id}/").status_code == 404
