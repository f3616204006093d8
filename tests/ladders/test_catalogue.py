"""Every game's ladders exist after `migrate` alone: a production site with no seeds has them, and a game added
later (a ladder missing) gets its own at the next migrate, without touching the others."""

import pytest
from django.core.management import call_command

from daymove.ladders.catalogue import slug_of
from daymove.ladders.models import Ladder
from games.registry import all_games

pytestmark = pytest.mark.django_db


def _expected_slugs() -> set[str]:
    return {
        slug_of(game, options)
        for game in all_games().values()
        for options in game.option_combinations(chosen_only=True)
    }


def test_a_migrated_database_without_seeds_has_a_ladder_for_every_game_and_option_set():
    ladders = {ladder.slug: ladder for ladder in Ladder.objects.all()}
    assert set(ladders) == _expected_slugs()
    for ladder in ladders.values():
        assert ladder.active and ladder.rules.slug == ladder.game
        assert slug_of(ladder.rules, ladder.options) == ladder.slug


def test_migrate_again_adds_a_missing_ladder_and_keeps_the_others_as_they_are():
    kept = Ladder.objects.order_by("pk").first()
    Ladder.objects.filter(pk=kept.pk).update(name="Renamed by the staff", active=False)
    missing = Ladder.objects.exclude(pk=kept.pk).order_by("pk").last()
    missing.delete()  # as if its game (or option) had been added since the last migrate
    before = set(Ladder.objects.values_list("pk", flat=True))
    call_command("migrate", verbosity=0)
    assert {ladder.slug for ladder in Ladder.objects.all()} == _expected_slugs()
    assert before < set(Ladder.objects.values_list("pk", flat=True))  # the others kept, one added
    kept.refresh_from_db()
    assert (kept.name, kept.active) == ("Renamed by the staff", False)
