"""The translation catalogues: up to date with the code, every message translated, the plural forms right.

Run by `make test` and `make check` without GNU gettext: Babel reads the code and the catalogues (tools/messages.py).
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from daymove.play.wording import said
from games.messages import Count
from games.registry import all_games
from games.words import POINTS
from tests.support.catalogues import compile_catalogues
from tools import messages

compile_catalogues()

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def test_the_catalogues_hold_exactly_the_messages_the_code_marks():
    """A message marked, changed or dropped in the code without `make messages` fails here."""
    assert messages.stale() == [], "run `make messages` (then translate what is new)"


def test_a_message_new_in_the_code_makes_the_catalogues_stale(monkeypatch):
    extracted = messages.extracted

    def with_a_new_message():
        catalog = extracted()
        catalog.add("A sentence nobody has translated", locations=[("site/example.py", None)])
        return catalog

    monkeypatch.setattr(messages, "extracted", with_a_new_message)
    assert any("A sentence nobody has translated" in problem for problem in messages.stale())


@pytest.mark.parametrize("language", messages.languages())
def test_every_message_is_translated_and_none_is_fuzzy(language):
    catalog = messages.read(messages.po_path(language), language)
    untranslated = [m.id for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated and not fuzzy, {"untranslated": untranslated, "fuzzy": fuzzy}


def _names(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("language", messages.languages())
def test_a_translation_keeps_every_placeholder_of_its_message(language):
    """A name, a move or a number dropped or misspelt in a translation would be lost or crash the page."""
    for message in messages.read(messages.po_path(language), language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for form, string in enumerate(strings):
            # The first form of a counted message may say "one" as the English singular does, without the count.
            allowed = [_names(ids[-1]), _names(ids[0])] if form == 0 else [_names(ids[-1])]
            assert _names(string) in allowed, (message.id, string)


UNITS = sorted({game.score_unit for game in all_games().values()}, key=str)
# Polish has one, few and many: 1 punkt, 2 punkty, 5 punktów, 12 punktów, 22 punkty, 25 punktów.
POLISH_FORMS = {1: "one", 2: "few", 5: "many", 12: "many", 22: "few", 25: "many"}


def _polish(unit) -> dict[int, str]:
    with translation.override("pl"):
        return {n: said(Count(n, unit)) for n in POLISH_FORMS}


@pytest.mark.parametrize("unit", UNITS, ids=str)
def test_polish_counts_every_unit_of_the_games_in_its_three_forms(unit):
    counted = _polish(unit)
    words = {n: text.removeprefix(f"{n} ") for n, text in counted.items()}
    assert all(counted[n] == f"{n} {words[n]}" for n in counted), counted  # the number first
    by_form = {form: {words[n] for n in words if POLISH_FORMS[n] == form} for form in POLISH_FORMS.values()}
    assert all(len(found) == 1 for found in by_form.values()), by_form  # one word per form
    assert len({found.pop() for found in by_form.values()}) == 3, words  # and three different words
    assert words[1] != str(unit), "not the English word"


def test_polish_points_read_as_a_pole_reads_them():
    expected = ["1 punkt", "2 punkty", "5 punktów", "12 punktów", "22 punkty", "25 punktów"]
    assert list(_polish(POINTS).values()) == expected
