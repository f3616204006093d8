"""The board as a picture for email (mail clients show no SVG): the same drawing as the match page, as a PNG.

Drawn from the recipient's own view (hidden parts stay hidden), without click targets, the last move marked as
the recipient may read it, and seen from the recipient's side; with alt text and the position in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.mime.image import MIMEImage

import cairosvg
from django.core.mail import EmailMultiAlternatives
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from daymove.play.match_board import last_move_tokens
from daymove.play.models import Match
from daymove.play.wording import said
from games.ui import BoardUI

WIDTH = 480  # pixels: sharp on a phone, small enough for any inbox


@dataclass(frozen=True)
class Picture:
    """A board picture to attach inline: its Content-ID, PNG bytes, alt text and the position in words."""

    cid: str
    png: bytes
    alt: str
    lines: list[str]


def board_svg(match: Match, seat: int) -> tuple[str, list[str], str | None]:
    """(SVG, the position in words, the last move as `seat` reads it) of the match now, from `seat`'s view."""
    rules = match.rules
    state = match.position()
    notations = match.notations()
    if match.is_active:
        view, history = rules.player_view(state, seat), match.history_for(seat, notations)
    else:
        view, history = rules.visibility.revealed_view(state, seat), notations
    ui = BoardUI(last_move=last_move_tokens(rules, history), flip=seat == 1, said=said)
    return rules.render_board(view, ui), rules.position_in_words(view, said), history[-1] if history else None


def png_of(svg: str) -> bytes:
    """The SVG rasterised (cairosvg: the same bytes for the same drawing)."""
    return cairosvg.svg2png(bytestring=svg.encode(), output_width=WIDTH)


def picture_of(match: Match, seat: int) -> Picture:
    """The match's board now as `seat` sees it, ready to attach inline."""
    svg, lines, last = board_svg(match, seat)
    named = {"game": match.rules.name, "id": match.pk}
    # Lazy: an email's context is built before it is rendered in the recipient's language.
    if last:
        alt = format_lazy(_("The board of {game} #{id}, after {move}, seen from your side"), move=last, **named)
    else:
        alt = format_lazy(_("The board of {game} #{id}, at the start, seen from your side"), **named)
    return Picture(f"board-{match.pk}-{match.ply}@daymove", png_of(svg), alt, lines)


def attach_inline(message: EmailMultiAlternatives, pictures: list[Picture]) -> None:
    """Attach pictures for the HTML part to show by Content-ID (multipart/related, RFC 2387)."""
    for picture in pictures:
        image = MIMEImage(picture.png, "png")
        image.add_header("Content-ID", f"<{picture.cid}>")
        image.add_header("Content-Disposition", "inline", filename=picture.cid.split("@")[0] + ".png")
        message.attach(image)
    if pictures:
        message.mixed_subtype = "related"
