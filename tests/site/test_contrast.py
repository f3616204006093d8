"""WCAG 2.1 AA contrast of what the site draws: muted text and form borders (site.css), and on every board the
coordinates (4.5:1 against the drawing's background) and the focus ring (3:1 against what surrounds it)."""

import random
import re
from pathlib import Path

import pytest

from games.registry import all_games
from games.ui import BoardUI
from tests.support.games import random_position

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text()


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rgb or #rrggbb colour."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    channels = [int(hexa[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def css_colour(pattern: str) -> str:
    return re.search(pattern, CSS).group(1)


def test_contrast_helper_matches_wcag():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)


def test_muted_text_and_form_borders_meet_aa():
    muted, field = css_colour(r"--muted: (#\w+)"), css_colour(r"--field: (#\w+)")
    backgrounds = [
        css_colour(r"--bg: (#\w+)"),
        css_colour(r"--card: (#\w+)"),
        css_colour(r"\.rules code \{ background: (#\w+)"),
    ]
    for background in backgrounds:
        assert contrast(muted, background) >= 4.5, background  # captions, hints, help text
        assert contrast(field, background) >= 3, background  # input, select and textarea borders


def _boards():
    """Each game's board a few moves in, with every click on offer marked, and its slug."""
    for game in all_games().values():
        state = random_position(game, None, random.Random(4), plies=6)
        options = {t for m in game.legal_move_strings(state) for t in game.move_tokens(m)[:1]}
        yield game.slug, game.render_board(game.player_view(state, game.current_player(state)), BoardUI(options))


def _fills(svg: str, shapes: str = "rect|polygon|circle|path") -> list[str]:
    """Solid fills of the shapes drawn, in order (transparent hit areas left out)."""
    found = re.findall(rf"<(?:{shapes})\b[^>]*>", svg)
    return [
        m.group(1)
        for shape in found
        if 'fill-opacity="0"' not in shape and (m := re.search(r'fill="(#[0-9a-fA-F]{3,6})"', shape))
    ]


def _backdrop(svg: str) -> str:
    """The fill of the rectangle as wide as the drawing, else the white card the drawing sits on."""
    width = svg.split(">", 1)[0].split('viewBox="')[1].split()[2]
    whole = re.search(rf'<rect [^>]*width="{width}"[^>]*fill="(#\w+)"', svg)
    return whole.group(1) if whole else "#ffffff"


@pytest.mark.parametrize("slug,svg", list(_boards()), ids=lambda v: v if len(v) < 20 else "")
def test_board_coordinates_read_at_4_5_to_1(slug, svg):
    backdrop = _backdrop(svg)
    labels = re.findall(r'<text [^>]*class="coord"[^>]*fill="(#\w+)"', svg)
    assert labels, "the board labels its coordinates"
    assert [c for c in set(labels) if contrast(c, backdrop) < 4.5] == []


@pytest.mark.parametrize("slug,svg", list(_boards()), ids=lambda v: v if len(v) < 20 else "")
def test_the_focus_ring_stands_out_at_3_to_1(slug, svg):
    ring = css_colour(r"svg\.board a\.opt:focus \{ outline: \d+px solid (#\w+)")
    targets = re.findall(r'<g class="opt".*?</g>', svg)
    assert targets
    if "inset-focus" in svg.split(">", 1)[0]:
        # Drawn inside the point's cell: it meets the cell's own colour.
        around = [_fills(target)[0] for target in targets]
    else:
        # Drawn just outside the point: it meets the board's surfaces, drawn before any point.
        first_point = min(svg.index('<g data-point="') if '<g data-point="' in svg else len(svg), svg.index(targets[0]))
        around = _fills(svg[:first_point], "rect|polygon")
    assert [c for c in set(around) if contrast(ring, c) < 3] == []
