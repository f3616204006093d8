"""A pseudo-language: every translated string visibly transformed, to find English that was never marked.

`pseudo_language()` compiles a catalogue for the language code `PSEUDO` from the site's messages (locale/django.pot)
and the English catalogues of Django and allauth, each text wrapped in ⟦…⟧ with its letters swapped for accented
look-alikes ("Log in" -> "⟦Ļöĝ îñ⟧"), placeholders and tags kept, and makes it a language of the site. A page or
email rendered in it should hold no plain ASCII word: `untranslated(html, allowed)` lists those it does hold, after
leaving out what is never translated (usernames and game names passed as `allowed`, notation and coordinates,
numbers, elements marked `translate="no"`, the HTML attribute for exactly that, and elements whose `lang` says they
are in another language on purpose).
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.conf.locale import LANG_INFO
from django.test import override_settings
from django.utils import translation
from django.utils.translation.trans_real import all_locale_paths

from games.registry import all_games

PSEUDO = "qps"  # a code no real catalogue uses (Microsoft's pseudo-locale "qps-ploc")
CHECKOUT = Path(__file__).resolve().parent.parent.parent


def sources() -> list[Path]:
    """The site's messages, and every English catalogue of Django and its apps (allauth's, contrib.auth's...)."""
    english = [Path(folder, "en", "LC_MESSAGES", "django.po") for folder in all_locale_paths()]
    return [CHECKOUT / "locale" / "django.pot", *(path for path in english if path.exists())]


ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻMÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# Kept as they are: Python's and Django's placeholders, HTML tags and entities.
KEPT = re.compile(r"%\([^)]*\)[sdfr]|%[sdfr]|\{[^{}]*\}|<[^>]*>|&[#\w]+;")


def transformed(text: str) -> str:
    """ "Log in %(name)s" -> "⟦Ļöĝ îñ %(name)s⟧"."""
    if not text:
        return text
    parts, end = [], 0
    for kept in KEPT.finditer(text):
        parts += [text[end : kept.start()].translate(ACCENTED), kept.group()]
        end = kept.end()
    parts.append(text[end:].translate(ACCENTED))
    return "⟦" + "".join(parts) + "⟧"


def pseudo_catalog() -> Catalog:
    """Every message of the site, Django and allauth, transformed (two plural forms, as English)."""
    catalog = Catalog(locale="en", fuzzy=False)
    for source in sources():
        with source.open("rb") as handle:
            for message in read_po(handle):
                if not message.id:
                    continue
                if message.context and "date" in message.context:
                    string = message.id  # a date format, not words: "l j F Y, H:i T"
                elif isinstance(message.id, str):
                    string = transformed(message.id)
                else:
                    string = tuple(transformed(form) for form in message.id)
                catalog.add(message.id, string, context=message.context)
    return catalog


@contextlib.contextmanager
def pseudo_language() -> Iterator[str]:
    """The pseudo-language as one of the site's languages (with its catalogue first), and active; yields its code."""
    with tempfile.TemporaryDirectory() as folder:
        compiled = Path(folder, PSEUDO, "LC_MESSAGES", "django.mo")
        compiled.parent.mkdir(parents=True)
        with compiled.open("wb") as handle:
            write_mo(handle, pseudo_catalog())
        languages = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
        paths = [folder, *settings.LOCALE_PATHS]
        # Django's table of languages names each in itself (the footer's switcher reads it): the pseudo-language too.
        info = {PSEUDO: {"bidi": False, "code": PSEUDO, "name": "Pseudo", "name_local": "Pseudo"}}
        with (
            mock.patch.dict(LANG_INFO, info),
            override_settings(LANGUAGES=languages, LOCALE_PATHS=paths),
            translation.override(PSEUDO),
        ):
            yield PSEUDO


# Notation, coordinates and numbers: words with a digit ("d4", "#12", "14:00"), and single letters.
NOT_WORDS = re.compile(r"\S*\d\S*|\b[A-Za-z]\b")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
SKIPPED_ELEMENTS = {"script", "style", "code", "kbd", "samp"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
READ_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder", "content")
# <meta content> holds words only for these names (the rest are settings: viewport, theme colour, htmx's config).
WORDY_META = {"description"}


class _Reader(HTMLParser):
    """The text a person reads or hears: text nodes and the attributes said aloud, outside translate="no", outside
    elements in another language (`lang`), and outside the elements whose id, class or aria-labelledby is in `skip`."""

    def __init__(self, skip: Iterable[str] = ()):
        super().__init__(convert_charrefs=True)
        self.skip = set(skip)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.texts: list[str] = []

    @property
    def skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        # An element is named by its id, its classes, or the heading that labels it (a section's aria-labelledby).
        marks = {
            attributes.get("id") or "",
            attributes.get("aria-labelledby") or "",
            *(attributes.get("class") or "").split(),
        }
        skipped = (
            self.skipping
            or tag in SKIPPED_ELEMENTS
            or attributes.get("translate") == "no"
            or bool(marks & self.skip)
            # Said in another language on purpose (English rules where a language has none, a language's own name).
            or (tag != "html" and bool(attributes.get("lang")))
        )
        if not skipped:
            for name in READ_ATTRIBUTES:
                if name == "content" and (tag != "meta" or attributes.get("name") not in WORDY_META):
                    continue
                if attributes.get(name):
                    self.texts.append(attributes[name])
            # What a script says as it goes, given by the page in its language (static/js/push.js).
            self.texts += [value for name, value in attrs if name.startswith("data-say-") and value]
            if tag == "input" and attributes.get("type") in ("submit", "button") and attributes.get("value"):
                self.texts.append(attributes["value"])
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self.skipping:
            self.texts.append(data)


def texts_of(html: str, skip: Iterable[str] = ()) -> list[str]:
    """The pieces of text a reader meets in `html`, in order."""
    reader = _Reader(skip)
    reader.feed(html)
    reader.close()
    return [text for text in reader.texts if text.strip()]


def NEVER_TRANSLATED() -> list[str]:
    """Names that stay as they are in every language: the site's, the games', and each language's own."""
    languages = [name for _, name in settings.LANGUAGES]
    # UTC: a time zone's name; JSON: a file format's.
    return ["Daymove", "UTC", "JSON", *(game.name for game in all_games().values()), *languages]


def untranslated(content: str, allowed: Iterable[str] = (), html: bool = True, skip: Iterable[str] = ()) -> list[str]:
    """The English words left in a page (or a plain-text email, `html=False`) rendered in the pseudo-language; `skip`
    names elements (by id or class) left unread."""
    allowed = [*allowed, *NEVER_TRANSLATED()]
    allowed_words = {word for name in allowed for word in WORD.findall(name)}
    found = []
    for text in texts_of(content, skip) if html else [content]:
        for name in sorted(allowed, key=len, reverse=True):
            text = text.replace(name, " ")
        for word in WORD.findall(NOT_WORDS.sub(" ", text)):
            if word not in allowed_words:
                found.append(word)
    return found
