"""The smaller items of the play loop: a time-zone list grouped by region, time-bank fields marked for hiding."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from daymove.players.models import Player

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _zone_select(page: str) -> str:
    start = page.index('name="time_zone"')
    return page[start : page.index("</select>", start)]


def test_the_time_zone_list_is_grouped_by_region_without_aliases_or_non_places(alice):
    select = _zone_select(_client(alice).get(reverse("player_settings")).content.decode())
    groups = re.findall(r'<optgroup label="([^"]+)">', select)
    assert groups == [
        "Africa",
        "America",
        "Antarctica",
        "Arctic",
        "Asia",
        "Atlantic",
        "Australia",
        "Europe",
        "Indian",
        "Pacific",
    ]
    assert '<option value="UTC"' in select and '<option value="Europe/Paris">Paris</option>' in select
    assert '<option value="America/Argentina/Buenos_Aires">Buenos Aires (Argentina)</option>' in select
    for gone in ("Factory", "localtime", "posixrules", "US/Eastern", "Etc/GMT+5", "EST5EDT"):
        assert f'value="{gone}"' not in select


def test_a_zone_is_saved_from_the_list_and_an_old_alias_in_use_is_kept(alice):
    form = {"time_zone": "Europe/Paris", "turn_emails": "each", "digest_hour": 8}
    assert _client(alice).post(reverse("player_settings"), form).status_code == 302
    assert Player.objects.get(user=alice).time_zone == "Europe/Paris"
    Player.objects.filter(user=alice).update(time_zone="US/Eastern")  # chosen before the list was grouped
    select = _zone_select(_client(alice).get(reverse("player_settings")).content.decode())
    assert '<option value="US/Eastern" selected>' in select
    assert _client(alice).post(reverse("player_settings"), form | {"time_zone": "US/Eastern"}).status_code == 302


def test_time_bank_fields_are_marked_so_the_page_shows_them_only_for_a_time_bank(alice):
    page = _client(alice).get(reverse("new_challenge", args=["abande"])).content.decode()
    for name in ("bank_initial", "bank_increment", "bank_cap"):
        field = re.search(rf'<input[^>]*name="{name}"[^>]*>', page).group(0)
        assert "data-bank" in field
