"""The translation catalogues: extract the messages of the code, update the catalogues, check them; Python only.

    python -m tools.messages update    # `make messages`: locale/django.pot from the code, each language's .po updated
    python -m tools.messages check     # exit 1 if a catalogue differs from what the code marks
    python -m tools.messages add de    # a new language's empty catalogue (docs/adding-a-language.md)

Django's `makemessages` needs GNU gettext's xgettext, which a fresh machine lacks, so Babel extracts instead: its
Python extractor reads the Python files, and Django templates are first turned into Python by Django's own
`templatize` (the function `makemessages` itself hands to xgettext), so `{% translate %}`, `{% blocktranslate %}`
(counts, contexts, `trimmed`) and translator comments are read by Django's template lexer, not by a look-alike.
The compiled .mo files are not kept in git: `make` compiles them (`pybabel compile`), and so does the wheel's build.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

CHECKOUT = Path(__file__).resolve().parent.parent
LOCALE = CHECKOUT / "locale"
TEMPLATE = LOCALE / "django.pot"
DOMAIN = "django"
# Django's gettext functions, and the games' markers (games/messages.py): N_ a text, NC_ a word with its context,
# NP_ a unit's two forms.
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
    "N_": None,
    "NC_": ((1, "c"), 2),
    "NP_": (1, 2),
}
COMMENT_TAGS = ("Translators:",)
HEADER = "# Daymove's messages: written by `make messages` (tools/messages.py); see docs/adding-a-language.md."
PYTHON_FOLDERS = ("site", "games")
TEMPLATE_FOLDERS = ("templates", "site", "games")
TEMPLATE_SUFFIXES = (".html", ".txt")


def python_files() -> Iterator[Path]:
    """The Python files that may hold messages (not migrations: their texts are the database's, never shown)."""
    for folder in PYTHON_FOLDERS:
        for path in sorted((CHECKOUT / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def template_files() -> Iterator[Path]:
    """The Django templates: the site's, and any inside an app or a game (the rules pages)."""
    for folder in TEMPLATE_FOLDERS:
        for path in sorted((CHECKOUT / folder).rglob("*")):
            if path.suffix in TEMPLATE_SUFFIXES and (folder == "templates" or "templates" in path.parts):
                yield path


def _extracted(source: bytes, method: str) -> Iterator[tuple]:
    options = {"encoding": "utf-8"}
    yield from extract(method, io.BytesIO(source), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, options=options)


def messages_of(path: Path) -> Iterator[tuple]:
    """(line, message, comments, context) of each message one file marks."""
    if path.suffix == ".py":
        yield from _extracted(path.read_bytes(), "python")
        return
    from django.utils.translation.template import templatize

    # templatize writes each message's call on one line (texts as repr()), keeping the template's indentation,
    # which Python's tokenizer would refuse: the lines are stripped.
    python = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    yield from _extracted("\n".join(line.lstrip() for line in python.splitlines()).encode(), "python")


def extracted() -> Catalog:
    """The template catalogue: every message the code and the templates mark, with where it comes from."""
    catalog = Catalog(project="Daymove", version="", header_comment=HEADER, fuzzy=False)
    for path in [*python_files(), *template_files()]:
        where = path.relative_to(CHECKOUT).as_posix()
        for _line, message, comments, context in messages_of(path):
            catalog.add(message, None, [(where, None)], auto_comments=comments, context=context)
    return catalog


def languages() -> list[str]:
    """The languages with a catalogue."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    """A catalogue in the file layout `make messages` always writes (file names without line numbers: less churn)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, include_lineno=False, ignore_obsolete=True, sort_output=True)
    path.write_bytes(buffer.getvalue())


def keys(catalog: Catalog) -> set[tuple]:
    """Each message's identity: (context, msgid) with its plural form, if any."""
    return {
        (message.context, message.id if isinstance(message.id, str) else tuple(message.id))
        for message in catalog
        if message.id
    }


def update() -> None:
    """Write locale/django.pot from the code and bring every language's catalogue up to date with it."""
    template = extracted()
    write(template, TEMPLATE)
    for language in languages():
        catalog = read(po_path(language), language)
        catalog.update(template, no_fuzzy_matching=True)
        write(catalog, po_path(language))


def add(language: str) -> None:
    """A new language's catalogue: every message of the code, none translated yet, with the language's plural rule."""
    catalog = Catalog(locale=language, project="Daymove", version="", header_comment=HEADER, fuzzy=False)
    catalog.update(extracted(), no_fuzzy_matching=True)
    write(catalog, po_path(language))


def stale() -> list[str]:
    """What differs between the code's messages and the committed catalogues, one line each (empty: up to date)."""
    wanted = keys(extracted())
    problems = []
    for name, path in [("django.pot", TEMPLATE), *((f"{lang}/django.po", po_path(lang)) for lang in languages())]:
        have = keys(read(path)) if path.exists() else set()
        problems += [f"{name} lacks {key!r}" for key in sorted(wanted - have, key=repr)]
        problems += [f"{name} has {key!r}, which the code no longer marks" for key in sorted(have - wanted, key=repr)]
    return problems


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if len(argv) == 2 and argv[0] == "add":
        add(argv[1])
        return 0
    if argv == ["check"]:
        problems = stale()
        print("\n".join(problems) or "The catalogues are up to date.")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
