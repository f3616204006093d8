"""The compiled catalogues the tests read: `make` compiles them, and a test run straight from pytest does too."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent.parent / "locale"


def compile_catalogues() -> None:
    """Each language's .po compiled to its .mo where the .mo is missing or older (what `make` does)."""
    for source in LOCALE.glob("*/LC_MESSAGES/django.po"):
        compiled = source.with_suffix(".mo")
        if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
            continue
        with source.open("rb") as handle:
            catalog = read_po(handle)
        partial = compiled.with_suffix(f".{os.getpid()}.part")
        with partial.open("wb") as handle:
            write_mo(handle, catalog)
        partial.replace(compiled)  # whole or not at all, for a process reading it meanwhile
