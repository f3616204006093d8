"""The ladders there are: one per game and each combination of the options a challenger chooses."""

from __future__ import annotations

from daymove.ladders.models import Ladder
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


def name_of(game, options: dict, several: bool) -> str:
    """As players read it: "Abrana ladder", or with the options when the game has several ladders."""
    return f"{game.name} ladder, {game.describe_options(options)}" if several else f"{game.name} ladder"


def ensure_ladders() -> list[Ladder]:
    """Every game's ladders, created if missing (existing ones are kept as they are)."""
    ladders = []
    for game in all_games().values():
        combinations = game.option_combinations(chosen_only=True)
        for options in combinations:
            ladder, _ = Ladder.objects.get_or_create(
                slug=slug_of(game, options),
                defaults={"name": name_of(game, options, len(combinations) > 1), "game": game.slug, "options": options},
            )
            ladders.append(ladder)
    return ladders
