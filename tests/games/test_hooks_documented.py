"""docs/adding-a-game.md lists every member of `Game` (games/base.py) and of `Visibility` (games/visibility.py), and
no member that does not exist."""

import re
from pathlib import Path

from games.base import BOUND_HOOKS, Game
from games.visibility import Visibility

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def _section(title: str) -> str:
    """The text of docs/adding-a-game.md's section `title`, up to the next section."""
    return DOC.read_text().split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _documented() -> dict[str, str]:
    """The table of docs/adding-a-game.md's "Every member of `Game`": member name -> kind."""
    return dict(re.findall(r"^\| `(\w+)` \| (\w+) \|", _section("Every member of `Game`"), re.M))


def test_the_guide_names_every_member_of_game_and_no_other():
    public = {name for name in dir(Game) if not name.startswith("_")}
    documented = set(_documented())
    assert not public - documented, f"members of Game missing from {DOC.name}: {sorted(public - documented)}"
    assert not documented - public, f"{DOC.name} names what Game does not have: {sorted(documented - public)}"


def test_every_hook_taken_from_a_module_is_documented_as_coming_from_one():
    kinds = _documented()
    assert {kinds[hook] for hook in BOUND_HOOKS} <= {"rules", "visibility", "render", "words", "bot"}


def test_the_guide_names_every_member_of_visibility_and_no_other():
    public = {name for name in dir(Visibility) if not name.startswith("_")}
    documented = set(re.findall(r"^\| `(\w+)` \|", _section("Every member of `Visibility`"), re.M))
    assert documented == public
