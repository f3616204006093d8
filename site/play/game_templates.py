"""A template loader for the templates a game package carries (its rules page), found through the registry.

"games/<slug>/<name>" is the file <name> in that game's templates/ folder (`Game.template_dir`), so a game
brings its own pages by being registered: no settings and no list of games to edit.
"""

from __future__ import annotations

from django.core.exceptions import SuspiciousFileOperation
from django.template import Origin
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.utils._os import safe_join

from games.registry import all_games


class Loader(FilesystemLoader):
    """Loads "games/<slug>/<name>" from the templates/ folder of the game with that slug."""

    def get_dirs(self):
        return [game.template_dir for game in all_games().values()]

    def get_template_sources(self, template_name):
        prefix, _, rest = template_name.partition("/")
        slug, _, name = rest.partition("/")
        game = all_games().get(slug) if prefix == "games" and name else None
        if game is None:
            return
        try:
            path = safe_join(game.template_dir, name)
        except SuspiciousFileOperation:
            return  # a name that climbs out of the game's folder
        yield Origin(name=path, template_name=template_name, loader=self)
