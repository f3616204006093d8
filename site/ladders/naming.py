"""A ladder's name: stored in English when the ladder is made, said in the reader's language when shown.

A name a moderator gave the ladder in the admin is shown as they wrote it, in every language.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from daymove.play.wording import options_said


def _several(game) -> bool:
    return len(game.option_combinations(chosen_only=True)) > 1


def stored_name(game, options: dict) -> str:
    """The name a new ladder is given, in English: "Abrana ladder", or with its options when the game has several."""
    if _several(game):
        return f"{game.name} ladder, {game.describe_options(options)}"
    return f"{game.name} ladder"


def _named(game, options: dict, name: str, alone: bool) -> str:
    if name != stored_name(game, options):
        return name  # a moderator's own name for it
    words = {"game": game.name, "options": options_said(game, options)}
    if alone and _several(game):
        return pgettext("a ladder's name", "%(game)s ladder, %(options)s") % words
    if alone:
        return pgettext("a ladder's name", "%(game)s ladder") % words
    if _several(game):
        return pgettext("a ladder named inside a sentence: on the …", "%(game)s ladder, %(options)s") % words
    return pgettext("a ladder named inside a sentence: on the …", "%(game)s ladder") % words


def title(game, options: dict, name: str) -> str:
    """The ladder's name on its own (a heading, a list), in the active language."""
    return _named(game, options, name, alone=True)


def in_sentence(game, options: dict, name: str) -> str:
    """The ladder's name as a sentence names it ("… on the %(ladder)s"), in the active language."""
    return _named(game, options, name, alone=False)
