"""The ladders there are: one per game and each combination of the options a challenger chooses.

They are created after every `migrate` (see `ensure_after_migrate`), so a fresh site has them and a game added
later gets its own at the next deploy, with no manual step.
"""

from __future__ import annotations

from django.apps import apps as global_apps
from django.db import DEFAULT_DB_ALIAS, router

from daymove.ladders.models import Ladder
from daymove.ladders.naming import stored_name
from games.registry import all_games


def slug_of(game, options: dict) -> str:
    """The ladder's slug: the game's, then each option not at its default (a true flag by its name), e.g. abande-hex."""
    parts = [game.slug]
    for spec in game.chosen_option_specs():
        value = options[spec.name]
        if value == spec.choices[0]:
            continue
        parts.append(spec.name if value is True else str(value))
    return "-".join(parts)


def ensure_ladders(model=Ladder, using: str = DEFAULT_DB_ALIAS) -> list:
    """Every game's ladders, created if missing (existing ones are kept as they are).

    `model`: the Ladder model to write through (after a migration, the migrated state's); `using`: the database.
    """
    ladders = []
    for game in all_games().values():
        combinations = game.option_combinations(chosen_only=True)
        for options in combinations:
            ladder, _ = model.objects.using(using).get_or_create(
                slug=slug_of(game, options),
                defaults={"name": stored_name(game, options), "game": game.slug, "options": options},
            )
            ladders.append(ladder)
    return ladders


def ensure_after_migrate(sender, app_config=None, using=DEFAULT_DB_ALIAS, apps=global_apps, **kwargs) -> None:
    """post_migrate receiver: every game's ladders exist once the ladders' table does (a no-op when they all do).

    Written through the migrated state's model, as Django's own content types are, so it works whatever state the
    migrations were taken to; skipped where the ladders' table is not (yet) there or not on this database. A flush
    (a transactional test's teardown) sends no `apps`: the installed models then.
    """
    try:
        model = apps.get_model("ladders", "Ladder")
    except LookupError:  # migrated back before the ladders' first migration
        return
    if router.allow_migrate_model(using, model):
        ensure_ladders(model, using)
