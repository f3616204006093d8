"""The challenge form of every registered game: its options with their labels, and seats named by who moves first."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.urls import reverse

from games.registry import all_games

GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items()]


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def _select(page: str, name: str) -> dict[str, str]:
    """A select field's options: value -> label as shown."""
    field = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return {value: html.unescape(label) for value, label in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)', field)}


def _first_movers(game, chosen: dict) -> set[int]:
    """Who moves first with these chosen options, over every value of the options drawn at the start, by the rules."""
    starts = set()
    for seed in range(40):
        options = game.start_options(chosen, random.Random(seed))
        starts.add(game.current_player(game.initial_state(options)))
    return starts


@pytest.mark.parametrize("game", GAMES)
def test_seat_labels_name_the_side_that_moves_first(alice_client, game):
    page = alice_client.get(reverse("new_challenge", args=[game.slug])).content.decode()
    seats = _select(page, "seat")
    assert set(seats) == {"random", "0", "1"}
    labels = [seats["0"], seats["1"]]
    for seat in (0, 1):
        assert labels[seat].startswith(game.seat_names[seat])
    for chosen in game.option_combinations(chosen_only=True):  # the labels hold whatever is chosen
        firsts = _first_movers(game, chosen)
        if firsts == {0, 1}:
            assert all("drawn at random" in label for label in labels), labels
        else:
            [first] = firsts
            assert "first" in labels[first] and "moves first" not in labels[1 - first], labels


@pytest.mark.parametrize("game", GAMES)
def test_options_are_offered_with_their_labels_and_drawn_ones_are_not(alice_client, game):
    page = alice_client.get(reverse("new_challenge", args=[game.slug])).content.decode()
    for spec in game.option_specs:
        if spec.drawn_at_start:
            assert f'name="option_{spec.name}"' not in page
            continue
        assert _select(page, f"option_{spec.name}") == {str(value): label for value, label in spec.values}
        assert f'<label for="id_option_{spec.name}">{spec.label}' in page
