"""A game's facts live in its own folder: no table keyed by game, list of games or branch on a game elsewhere.

Everything the site, the bots and the tests need to know about a game is declared on its `Game` (game.py), so a
sixth game is added in one folder (docs/adding-a-game.md). This test reads the tree outside the games' folders
for game slugs: as a dict key, two or more of them in one list, tuple or set, or in an `if` test (Python); at all
in templates, static files and other text. Data and prose (seeds/, docs/, the README) may name games.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.registry import all_games
from tests.support.takeaway.game import GAME as TEST_GAME

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ["games", "site", "templates", "static", "tests", ".ci", "Makefile", "pyproject.toml", "manage.py"]
SKIPPED_PARTS = {"__pycache__", "migrations"}  # migrations record history; none names a game
TEXT_SUFFIXES = {".html", ".txt", ".js", ".css", ".json", ".toml", ".cfg", ".yml", ".yaml", ".md", ".svg", ""}

GAMES = [*all_games().values(), TEST_GAME]
OWN_FOLDERS = [game.template_dir.parent for game in GAMES]  # each game's package
NAMES = sorted({game.slug for game in GAMES} | {folder.name for folder in OWN_FOLDERS}, key=len, reverse=True)
NAME = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, NAMES))})(?![\w-])")


def _files():
    for entry in SCANNED:
        path = ROOT / entry
        for file in [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []:
            own = any(folder in file.parents for folder in OWN_FOLDERS)
            if file.is_file() and not own and not SKIPPED_PARTS & set(file.parts):
                yield file


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the constants that are docstrings (prose, not data)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            found.add(id(body[0].value))
    return found


def _names_in(node: ast.AST, skip: set[int]) -> set[str]:
    """The game names written in the string constants under `node`."""
    return {
        name
        for sub in ast.walk(node)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in skip
        for name in NAME.findall(sub.value)
    }


def _constant_names(node: ast.AST, skip: set[int]) -> set[str]:
    """The game names of a constant, or of a collection of constants, written as one side of a comparison."""
    if isinstance(node, ast.Constant) or (
        isinstance(node, ast.List | ast.Tuple | ast.Set) and all(isinstance(e, ast.Constant) for e in node.elts)
    ):
        return _names_in(node, skip)
    return set()


def python_findings(source: str) -> list[str]:
    """Where a Python module keys a table by game, lists games or branches on a game (line: what)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keyed = set().union(*(_names_in(key, skip) for key in node.keys if key is not None))
            if keyed:
                found.append(f"{node.lineno}: a table keyed by {sorted(keyed)}")
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            listed = _names_in(node, skip)
            if len(listed) > 1:
                found.append(f"{node.lineno}: a list of games {sorted(listed)}")
        elif isinstance(node, ast.If | ast.IfExp | ast.While | ast.comprehension):
            tests = node.ifs if isinstance(node, ast.comprehension) else [node.test]
            compares = [sub for test in tests for sub in ast.walk(test) if isinstance(sub, ast.Compare)]
            sides = [side for compare in compares for side in (compare.left, *compare.comparators)]
            compared = set().union(*(_constant_names(side, skip) for side in sides))
            if compared:
                found.append(f"{tests[0].lineno}: a branch on {sorted(compared)}")
        elif isinstance(node, ast.match_case):
            matched = _names_in(node.pattern, skip)
            if matched:
                found.append(f"{node.pattern.lineno}: a case for {sorted(matched)}")
    return found


def test_no_file_outside_a_games_folder_keys_lists_or_branches_on_games():
    findings = []
    for file in _files():
        where = file.relative_to(ROOT)
        if file.suffix == ".py":
            findings += [f"{where}:{line}" for line in python_findings(file.read_text())]
        elif file.suffix in TEXT_SUFFIXES:
            text = file.read_text(errors="replace")
            findings += [f"{where}: names {name}" for name in sorted(set(NAME.findall(text)))]
    assert not findings, "\n".join(findings)


def test_the_check_finds_what_it_is_for():
    """An honest test of the test: each kind of per-game table is found, a game used as an example is not."""
    first, second = (game.slug for game in GAMES[:2])
    assert python_findings(f'LABELS = {{"{first}": {{"board": "Square"}}}}')
    assert python_findings(f'WITH_DRAWS = frozenset({{"{first}", "{second}"}})')
    assert python_findings(f'GAMES = [("{first}", {{}}), ("{second}", {{}})]')
    assert python_findings(f'if match.game == "{first}":\n    pass')
    assert python_findings(f'x = "a" if slug in ("{first}",) else "b"')
    assert python_findings(f'match slug:\n    case "{first}":\n        pass')
    assert not python_findings(f'challenge = create(alice, "{first}", {{}})\nurl = reverse("rules", args=["{first}"])')
    assert not python_findings(f'if Rating.objects.get(game="{first}").games > 1:\n    pass')
    assert not python_findings(f'assert "{first}" in page')
    assert python_findings(f'rows = [m for m in matches if m.game != "{first}"]')
    assert not python_findings(f'def f():\n    """Like {first} and {second}."""')
    assert not python_findings('x = ["parity-fan", "quick"]')
