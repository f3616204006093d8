"""The time-zone list offers each place once, under its present IANA name, and keeps a player's older setting."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.clocks.zones import zone_choices


def offered() -> dict[str, str]:
    """Every zone the list offers, by name, with its label."""
    return {name: label for _, group in zone_choices()[1:] for name, label in group}


def test_aliases_and_old_spellings_are_not_offered_and_each_place_is_listed_once():
    names = offered()
    for alias in ("Europe/Kiev", "Asia/Calcutta", "Asia/Saigon", "Asia/Istanbul", "Australia/ACT", "Australia/NSW"):
        assert alias not in names
    for place in ("Europe/Kyiv", "Asia/Kolkata", "Asia/Ho_Chi_Minh", "Europe/Istanbul", "Australia/Sydney"):
        assert place in names
    for region, group in zone_choices()[1:]:
        labels = [label for _, label in group]
        assert len(labels) == len(set(labels)), region
    assert zone_choices()[0] == ("UTC", "UTC")


@pytest.mark.django_db
def test_a_player_whose_zone_is_an_old_name_keeps_it_selected(alice):
    alice.player.time_zone = "Europe/Kiev"
    alice.player.save()
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("player_settings")).content.decode()
    assert re.search(r'<option value="Europe/Kiev" selected>', page)
    assert page.count('value="Europe/Kyiv"') == 1
