"""The ladders' admin: a moderator adjusts a place with a reason, logged in the moderation log; history stays."""

import pytest
from django.test import Client
from django.urls import reverse

from daymove.ladders.models import PlaceChange, Rung
from daymove.moderation.models import ModerationAction
from tests.factories import UserFactory
from tests.support.ladders import a_ladder, line_up, names

RUNGS = "/admin/ladders/rung/"


@pytest.fixture
def staff(db):
    user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ladder(db):
    ladder = a_ladder()
    line_up(ladder, [UserFactory(username=f"p{i}") for i in range(1, 6)])
    return ladder


def _rung(ladder, username):
    return Rung.objects.get(ladder=ladder, player__username=username)


def test_adjusting_a_place_asks_where_and_why_then_moves_the_player_and_logs_it(staff, ladder):
    rung = _rung(ladder, "p1")
    asked = staff.post(RUNGS, {"action": "adjust_place", "_selected_action": [rung.pk]})
    assert asked.status_code == 200 and "New place" in asked.content.decode()
    data = {"action": "adjust_place", "_selected_action": [rung.pk], "confirm": "yes", "place": 3, "reason": ""}
    assert "This field is required" in staff.post(RUNGS, data).content.decode()
    assert names(ladder)[0] == "p1"
    data["reason"] = "Joined twice by mistake (report #4)"
    done = staff.post(RUNGS, data, follow=True).content.decode()
    assert "place 1 → 3" in done
    assert names(ladder) == ["p2", "p3", "p1", "p4", "p5"]
    [action] = ModerationAction.objects.filter(kind=ModerationAction.Kind.LADDER_PLACE)
    assert (action.target.username, action.moderator.username) == ("p1", "boss")
    assert action.details == {"ladder": ladder.slug, "from": 1, "to": 3}
    assert action.message == "Joined twice by mistake (report #4)"
    line = PlaceChange.objects.get(player__username="p1", reason=PlaceChange.Reason.ADJUSTED)
    assert line.note == "Joined twice by mistake (report #4)"
    log = staff.get(reverse("admin:moderation_moderationaction_changelist")).content.decode()
    assert "Ladder place adjusted" in log


def test_places_and_history_are_not_edited_or_deleted_by_hand(staff, ladder):
    rung = _rung(ladder, "p2")
    assert staff.post(reverse("admin:ladders_rung_delete", args=[rung.pk]), {"post": "yes"}).status_code == 403
    change = staff.post(reverse("admin:ladders_rung_change", args=[rung.pk]), {"place": 1})
    assert change.status_code == 403
    line = PlaceChange.objects.first()
    assert staff.post(reverse("admin:ladders_placechange_delete", args=[line.pk]), {"post": "yes"}).status_code == 403
    assert staff.get(reverse("admin:ladders_ladder_changelist")).status_code == 200
    assert names(ladder) == ["p1", "p2", "p3", "p4", "p5"]


def test_a_ladder_clock_that_is_not_allowed_is_refused_in_the_admin(staff, ladder):
    url = reverse("admin:ladders_ladder_change", args=[ladder.pk])
    page = staff.post(
        url,
        {
            "name": ladder.name,
            "time_control": '{"kind": "bank", "initial": 0, "increment": 1, "cap": 7}',
            "active": "on",
        },
    )
    assert "The initial time bank must be" in page.content.decode()
    ladder.refresh_from_db()
    assert ladder.time_control["initial"] == 3
