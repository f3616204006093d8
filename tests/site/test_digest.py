"""The daily digest names the site in its subject and lists the soonest deadline first."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.core import mail

from daymove.notify.digest import record_digests
from daymove.notify.models import EmailPreferences
from tests.support.clocks import T0, set_zone, start

pytestmark = pytest.mark.django_db


def test_the_digest_subject_names_daymove_and_the_list_runs_by_deadline(alice, bob, django_capture_on_commit_callbacks):
    set_zone(alice, "Europe/Paris")
    EmailPreferences.objects.update_or_create(user=alice, defaults={"turn_emails": "digest", "digest_hour": 0})
    with time_machine.travel(T0, tick=False):
        # Started one after the other (alice moves first): the last started is due first.
        latest = start(bob, alice, {"kind": "per_move", "days": 5}, seat=1)
        later = start(bob, alice, {"kind": "per_move", "days": 3}, seat=1)
        sooner = start(bob, alice, {"kind": "per_move", "days": 1}, seat=1)
        with django_capture_on_commit_callbacks(execute=True):
            assert record_digests() == 1
    [digest] = [m for m in mail.outbox if m.to == [alice.email]]
    assert digest.subject == "Daymove: 3 matches waiting for your move, the first due Tue 3 Mar, 13:00 CET"
    listed = [int(n) for n in re.findall(r"#(\d+) against bob", digest.body)]
    assert listed == [sooner.pk, later.pk, latest.pk]
