"""Every counted unit the games use ("{n} point", "{n} stones"...) says 1, 2, 5, 12, 22 and 25 in Polish with the
right one of its three forms: "1 punkt", "2 punkty", "5 punktów", "12 punktów", "22 punkty", "25 punktów".

The units are found by walking the registry: each game's score unit and every unit (games.messages.Unit, marked with
NP_) that the modules of its package hold, alone or in a table.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.utils import translation

from daymove.play.wording import said
from games.messages import Count, Unit
from games.registry import all_games
from tests.support.catalogues import compile_catalogues

compile_catalogues()

POLISH = Path(__file__).resolve().parents[2] / "locale" / "pl" / "LC_MESSAGES" / "django.po"
# Which of Polish's three forms each number takes: one, a few (2-4, 22-24...), many (5-21, 25...).
FORM_OF = {1: 0, 2: 1, 22: 1, 5: 2, 12: 2, 25: 2}


def _units_in(value) -> list[Unit]:
    if isinstance(value, Unit):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return [unit for item in value for unit in _units_in(item)]
    return []


def declared_units() -> list[Unit]:
    """Every unit of every registered game: its score unit, and the units its package's modules hold."""
    found = []
    for game in all_games().values():
        found.append(game.score_unit)
        package = importlib.import_module(type(game).__module__.rpartition(".")[0])
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            found += [unit for value in vars(module).values() for unit in _units_in(value)]
    return sorted(set(found), key=lambda unit: unit.singular)


UNITS = declared_units()


def polish_forms(unit: Unit) -> tuple[str, ...]:
    """The unit's three Polish forms as the catalogue gives them."""
    with POLISH.open("rb") as handle:
        message = read_po(handle, locale="pl").get((unit.singular, unit.plural))
    assert message is not None, f"the Polish catalogue lacks {unit.singular!r}"
    return tuple(message.string)


def test_the_games_declare_counted_units():
    assert len(UNITS) > len(all_games())  # the score units, and the stones, pieces and tiles the boards count


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.singular)
def test_each_number_takes_its_polish_form(unit):
    forms = polish_forms(unit)
    assert len(forms) == 3 and all(forms), forms
    assert len(set(forms)) == 3, f"Polish says these differently, the catalogue does not: {forms}"
    with translation.override("pl"):
        for n, form in FORM_OF.items():
            assert said(Count(n, unit)) == forms[form].format(n=n)
