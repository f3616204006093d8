"""What the site shows about each game beyond its rules: option labels and site-drawn options."""

from __future__ import annotations

import random

from games.base import Game

# Options a player chooses in a challenge, with a label per value. Options not listed here are
# drawn by the site when the match starts (e.g. Parity's first player, which its rules say is
# decided at random).
OPTION_LABELS: dict[str, dict[str, dict]] = {
    "abande": {"board": {"square": "Square board (7×7)", "hex": "Hexagonal board (37 points)"}},
    "ci-sequence": {
        "memory": {False: "Show my placed tiles' symbols", True: "Memory mode (my placed tiles stay hidden)"}
    },
}
DRAWN_AT_START = {"parity": ["first"]}


def choosable_options(game: Game) -> dict[str, dict]:
    """Option name -> {value: label} for the options a challenger picks."""
    labels = OPTION_LABELS.get(game.slug, {})
    drawn = DRAWN_AT_START.get(game.slug, [])
    return {
        name: {value: labels.get(name, {}).get(value, str(value)) for value in values}
        for name, values in game.option_choices.items()
        if name not in drawn
    }


def draw_start_options(game: Game, options: dict, rng: random.Random) -> dict:
    """The options with the site-drawn ones filled in at random."""
    drawn = {name: rng.choice(game.option_choices[name]) for name in DRAWN_AT_START.get(game.slug, [])}
    return game.normalize_options(options | drawn)


def options_summary(game: Game, options: dict) -> str:
    """A short human description of a challenge's or match's options."""
    parts = []
    for name, labels in choosable_options(game).items():
        if name in options:
            parts.append(labels.get(options[name], str(options[name])))
    return ", ".join(parts)
