"""Every game's Polish rules page beside its English one: the same worked examples, served to Polish readers.

A translation (`rules.pl.html` beside `rules.html` in the game's templates/ folder) is in our own words, but a reader
must find on it what the English page shows: the same notations (the text of every <code>, <kbd> and <samp>, and of
any element classed as moves or notation), the same ids (the sections the site links to), the same template tags
(the partials it includes) and the same diagrams drawn identically. In a diagram only the words a reader sees may
differ (aria-label, <title>, <desc>, and a <text> holding a word); shapes, coordinates, colours and every label
without a word (coordinates, counts, moves) stay.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.registry import all_games
from tests.support.catalogues import compile_catalogues

compile_catalogues()

LANGUAGE = "pl"
NOTE = "A translation: in case of doubt, the English rules decide."  # templates/play/rules.html
NOTATION_TAGS = {"code", "kbd", "samp"}
NOTATION_CLASSES = {"moves", "notation"}  # an element holding a move list or notation without <code>
SPOKEN_ATTRIBUTES = {"aria-label"}  # words in a diagram's attributes
SPOKEN_ELEMENTS = {"title", "desc"}  # words in a diagram's elements
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row: a word, not a coordinate like "a1" or a move like "e7-e4"
TEMPLATE_TAG = re.compile(r"{%.*?%}|{{.*?}}", re.S)
SLUGS = sorted(all_games())


@dataclass
class Page:
    """What a rules page shows that must not change in translation, and its headings."""

    ids: list[str] = field(default_factory=list)
    notations: Counter = field(default_factory=Counter)
    figures: int = 0
    diagrams: list[list[tuple]] = field(default_factory=list)  # each <svg>, as a list of tokens
    headings: list[str] = field(default_factory=list)  # the text of each <h2>
    template_tags: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    """Reads a rules page (a template's source or a served page) into a `Page`."""

    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self.open: list[tuple[str, list[str] | None]] = []  # open elements: (tag, text being collected or None)
        self.diagram: list[tuple] | None = None  # the <svg> being read

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs)
        if tag not in {"br", "img", "hr", "input", "meta", "link", "source", "wbr"}:
            self.open.append((tag, self._collects(tag, attrs)))

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs)
        if self.diagram is not None:
            self.diagram.append(("end", tag))

    def handle_endtag(self, tag):
        if self.diagram is not None:
            self.diagram.append(("end", tag))
            if tag == "svg":
                self.page.diagrams.append(self.diagram)
                self.diagram = None
        while self.open:
            name, text = self.open.pop()
            if text is not None:
                self._finish(name, " ".join("".join(text).split()))
            if name == tag:
                break

    def handle_data(self, data):
        for _, text in self.open:
            if text is not None:
                text.append(data)
        if self.diagram is not None and data.strip() and not SPOKEN_ELEMENTS & {name for name, _ in self.open}:
            words = WORD.search(data)
            self.diagram.append(("words",) if words else ("text", " ".join(data.split())))

    def _start(self, tag, attrs):
        values = dict(attrs)
        if "id" in values:
            self.page.ids.append(values["id"])
        if tag == "figure":
            self.page.figures += 1
        if tag == "svg":
            self.diagram = []
        if self.diagram is not None:
            drawn = sorted((name, value) for name, value in attrs if name not in SPOKEN_ATTRIBUTES)
            self.diagram.append(("start", tag, drawn))

    def _collects(self, tag, attrs) -> list[str] | None:
        classes = set((dict(attrs).get("class") or "").split())
        return [] if tag in NOTATION_TAGS or classes & NOTATION_CLASSES or tag == "h2" else None

    def _finish(self, tag, text):
        if tag == "h2":
            self.page.headings.append(text)
        else:
            self.page.notations[text] += 1


def read(html: str) -> Page:
    """The parts of a rules page that a translation keeps (and its headings)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    reader.page.template_tags = TEMPLATE_TAG.findall(html)
    return reader.page


def sources(slug: str) -> tuple[Path, Path]:
    """The English rules page of a game and its Polish translation beside it."""
    game = all_games()[slug]
    english = game.template_dir / game.rules_template
    stem, _, suffix = game.rules_template.rpartition(".")
    return english, english.with_name(f"{stem}.{LANGUAGE}.{suffix}")


def pair(slug: str) -> tuple[Page, Page]:
    english, polish = sources(slug)
    return read(english.read_text()), read(polish.read_text())


def served(slug: str, **headers) -> tuple[str, str]:
    """The rules page the site serves with these request headers: its html lang and the page."""
    response = Client(**headers).get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    html = response.content.decode()
    return re.search(r'<html lang="([^"]+)"', html).group(1), html


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_polish_rules_beside_its_english_rules(slug):
    english, polish = sources(slug)
    assert english.is_file()
    assert polish.is_file(), f"{polish} is missing"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_polish_rules_show_the_same_notations(slug):
    english, polish = pair(slug)
    assert english.notations, "the English page shows no notation to compare"
    assert polish.notations == english.notations, (
        f"only in English: {dict(english.notations - polish.notations)}; "
        f"only in Polish: {dict(polish.notations - english.notations)}"
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_the_polish_rules_keep_the_ids_and_template_tags(slug):
    english, polish = pair(slug)
    assert polish.ids == english.ids
    assert polish.template_tags == english.template_tags


@pytest.mark.parametrize("slug", SLUGS)
def test_the_polish_rules_draw_the_same_diagrams(slug):
    english, polish = pair(slug)
    assert (polish.figures, len(polish.diagrams)) == (english.figures, len(english.diagrams))
    for number, (ours, theirs) in enumerate(zip(english.diagrams, polish.diagrams, strict=True), start=1):
        first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        assert theirs == ours, (
            f"diagram {number} differs at token {first}: English {ours[first : first + 2]}, "
            f"Polish {theirs[first : first + 2]}"
        )


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_a_polish_reader_gets_the_polish_rules_with_the_note(slug):
    with translation.override(LANGUAGE):
        note = translation.gettext(NOTE)
    assert note != NOTE, "the note has no Polish translation"
    english, polish = pair(slug)
    lang, html = served(slug, HTTP_ACCEPT_LANGUAGE=LANGUAGE)
    page = read(html)
    assert lang == LANGUAGE
    assert note in html and '<div lang="en">' not in html
    assert polish.headings and set(polish.headings) <= set(page.headings)
    assert not (set(english.headings) - set(polish.headings)) & set(page.headings), "English headings shown"
    assert page.notations >= polish.notations


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_an_english_reader_gets_the_english_rules(slug):
    english_source, polish_source = sources(slug)
    english = read(english_source.read_text())
    lang, html = served(slug)
    page = read(html)
    assert lang == "en"
    assert NOTE not in html and "<div lang=" not in html
    assert english.headings and set(english.headings) <= set(page.headings)
    if polish_source.is_file():  # and none of the Polish page
        polish = read(polish_source.read_text())
        assert not (set(polish.headings) - set(english.headings)) & set(page.headings), "Polish headings shown"
