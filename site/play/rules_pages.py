"""Which rules page a reader gets: the game's page in their language when the game has one, else the English page.

A game's rules page is `rules.html` in its templates/ folder (`Game.rules_template`); a translation sits beside it
as `rules.<language>.html` (`rules.pl.html`). Adding a language needs none: English is shown, with a note saying so
(docs/adding-a-language.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import get_language


@dataclass(frozen=True)
class RulesPage:
    template: str  # a name for the game template loader (daymove.play.game_templates)
    language: str  # the language it is written in
    fallback: bool  # English shown to a reader of another language, for want of a translation


def rules_page_for(game, language: str | None = None) -> RulesPage:
    """The rules page of `game` for a reader of `language` (the active one by default)."""
    language = language or get_language() or settings.LANGUAGE_CODE
    english = f"games/{game.slug}/{game.rules_template}"
    if language == settings.LANGUAGE_CODE:
        return RulesPage(english, language, fallback=False)
    stem, _, suffix = game.rules_template.rpartition(".")
    translated = f"{stem}.{language}.{suffix}"
    if (game.template_dir / translated).is_file():
        return RulesPage(f"games/{game.slug}/{translated}", language, fallback=False)
    return RulesPage(english, settings.LANGUAGE_CODE, fallback=True)
