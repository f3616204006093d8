"""The Parity board as SVG, and its plain-text description; both read only the player view."""

from __future__ import annotations

from games.messages import N_, NP_, Count, Message, say
from games.parity.rules import SEAT_NAMES
from games.registry import get_game
from games.svg import coordinate, dot, esc, picture, ring
from games.ui import BoardUI
from games.words import short_result

# The key under the board: what each mark means.
BOARD_KEY = (
    N_("Yellow ring: a piece you can move; dark dot: a square it can move to; dark ring: a capture."),
    N_("Blue ring: the piece you picked."),
    N_("Yellow frame: the last move; grey cross: the piece it captured."),
    N_("Hatched red or blue square: a gate closed this turn."),
    N_("Dashed yellow ring: a piece the player whose turn it is could move."),
)

CELL = 60
LEFT = 26  # rank labels
TOP = 60  # status panel
BOTTOM = 26  # file labels
RIGHT = 10

# Square fills. Closed gate squares keep a pale version of their colour (plus a hatch) so the
# layout stays readable while it is obvious they cannot be used this turn.
FILL = {
    "light": "#f0e3c8",
    "dark": "#b48a5e",
    ("red", True): "#d7263d",
    ("red", False): "#f0c9ce",
    ("blue", True): "#1f67c9",
    ("blue", False): "#c9d8ef",
}
HATCH = {"red": "#d7263d", "blue": "#1f67c9"}
PIECE_FILL = ("#fbfaf5", "#1d1d1f")
PIECE_STROKE = ("#2a2a2a", "#f4f4f4")
PIECE_RING = ("#b9b5aa", "#55555a")


def _files(view: dict) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[: view["files"]]


def _last_cells(view: dict) -> tuple[set, str | None]:
    """Cells of the last move (from, to) and the captured square, if any, from its notation."""
    text = view.get("last_move")
    if not text:
        return set(), None
    sep = "x" if "x" in text else "-"
    a, b = text.split(sep)
    captured = None
    if sep == "x":
        rank = (int(a[1:]) + int(b[1:])) // 2
        captured = f"{a[0]}{rank}"
    return {a, b}, captured


def _status(view: dict) -> tuple[Message, int | None]:
    """The headline (turn or result) and the seat whose piece icon goes with it."""
    outcome = view.get("outcome")
    if outcome:
        return short_result(outcome, SEAT_NAMES), outcome["winner"]  # the whole sentence is the board's label
    return say(N_("{seat} to move"), seat=SEAT_NAMES[view["to_move"]]), view["to_move"]


BOARD_LABELS = {
    "red": N_("Parity board. {result}. {pieces} on the board; red squares open."),
    "blue": N_("Parity board. {result}. {pieces} on the board; blue squares open."),
}
GATES = {
    ("red", True): N_("Red open"),
    ("red", False): N_("Red closed"),
    ("blue", True): N_("Blue open"),
    ("blue", False): N_("Blue closed"),
}
PIECE_WORDS = (N_("White piece"), N_("Black piece"))
YOUR_PIECE_WORDS = (N_("White piece, yours"), N_("Black piece, yours"))
EMPTY_SQUARES = {"red": N_("empty red square"), "blue": N_("empty blue square")}


def render_board(view: dict, ui: BoardUI) -> str:
    """The board, the status panel and the click targets, as SVG."""
    total_w = LEFT + view["files"] * CELL + RIGHT
    total_h = TOP + view["ranks"] * CELL + BOTTOM
    headline, icon_seat = _status(view)
    if view.get("outcome"):
        result = say(N_("Game over: {result}"), result=get_game("parity").result_message(view["outcome"]))
    else:
        result = headline
    label = say(BOARD_LABELS[view["open"]], result=result, pieces=Count(view["piece_count"], PIECES))
    marks = _last_cells(view)
    body = (
        f'<rect x="0" y="0" width="{total_w}" height="{total_h}" rx="8" fill="#2f2a26"/>'
        + _panel(view, total_w, ui.said(headline), icon_seat, ui.said)
        + "".join(_square(view, ui, cell, marks) for cell in view["cells"])
        + _coordinates(view, ui)
    )
    font = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
    return picture(f"0 0 {total_w} {total_h}", "parity-board inset-focus", ui.said(label), body, font_family=font)


def _panel(view: dict, total_w: int, headline: str, icon_seat: int | None, said) -> str:
    """The status panel above the board: whose turn, the piece count, which gate colour is open."""
    n, open_colour = view["piece_count"], view["open"]
    out = []
    x0 = LEFT
    if icon_seat is not None:
        out.append(
            f'<circle cx="{x0 + 8}" cy="20" r="8" fill="{PIECE_FILL[icon_seat]}" '
            f'stroke="{PIECE_STROKE[icon_seat]}" stroke-width="1.5"/>'
        )
        x0 += 22
    out.append(f'<text x="{x0}" y="25" font-size="16" font-weight="700" fill="#fff">{esc(headline)}</text>')
    pieces = esc(said(Count(n, PIECES)))
    out.append(f'<text x="{total_w - RIGHT}" y="25" font-size="15" fill="#fff" text-anchor="end">{pieces}</text>')
    x = LEFT
    for colour in ("red", "blue"):
        is_open = colour == open_colour
        opacity = "1" if is_open else "0.45"
        weight = ' font-weight="700"' if is_open else ""
        out.append(
            f'<g opacity="{opacity}">'
            f'<rect x="{x}" y="36" width="16" height="16" rx="3" '
            f'fill="{FILL[(colour, True)]}" stroke="#fff" stroke-width="1"/>'
            f'<text x="{x + 22}" y="49" font-size="14" fill="#fff"{weight}>'
            f"{esc(said(say(GATES[colour, is_open])))}</text></g>"
        )
        x += 110
    quiet = say(N_("no capture: {quiet}/{limit}"), quiet=view.get("quiet", 0), limit=view.get("no_capture_limit", 60))
    out.append(
        f'<text x="{total_w - RIGHT}" y="49" font-size="13" fill="#cfc6bb" text-anchor="end">{esc(said(quiet))}</text>'
    )
    return "".join(out)


def _square(view: dict, ui: BoardUI, cell: dict, marks: tuple[set, str | None]) -> str:
    """One square with its piece and marks, a click target when on offer, named for hover and screen readers."""
    name, kind, piece = cell["name"], cell["kind"], cell["piece"]
    x, y = _corner(view, ui, name)
    cx, cy = x + CELL / 2, y + CELL / 2
    last_cells, captured = marks
    parts = [_ground(kind, view["open"], x, y)]
    if name in last_cells or ui.in_last_move(name):
        parts.append(
            f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{CELL - 5}" height="{CELL - 5}" '
            f'fill="none" stroke="#ffd43b" stroke-width="4"/>'
        )
    if name == captured and piece is None:
        parts.append(
            f'<path d="M{cx - 8} {cy - 8}L{cx + 8} {cy + 8}M{cx + 8} {cy - 8}L{cx - 8} {cy + 8}" '
            f'stroke="#222" stroke-opacity="0.5" stroke-width="3" stroke-linecap="round"/>'
        )
    if piece is not None:
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="21" fill="{PIECE_FILL[piece]}" '
            f'stroke="{PIECE_STROKE[piece]}" stroke-width="2"/>'
            f'<circle cx="{cx}" cy="{cy}" r="14" fill="none" stroke="{PIECE_RING[piece]}" '
            f'stroke-width="1.5"/>'
        )
    parts.append(_click_mark(view, ui, name, piece, cx, cy))
    if piece is not None:
        what = (YOUR_PIECE_WORDS if piece == view.get("seat") else PIECE_WORDS)[piece]
    else:
        what = EMPTY_SQUARES.get(kind, N_("empty square"))
    return ui.target(name, "<g>" + "".join(parts) + "</g>", say(N_("{square}: {what}"), square=name, what=say(what)))


def _corner(view: dict, ui: BoardUI, name: str) -> tuple[int, int]:
    """The top left corner of a square, the board seen from the viewer's side."""
    width, height = view["files"], view["ranks"]
    f, r = _files(view).index(name[0]), int(name[1:]) - 1
    col = width - 1 - f if ui.flip else f
    row = r if ui.flip else height - 1 - r
    return LEFT + col * CELL, TOP + row * CELL


def _ground(kind: str, open_colour: str, x: int, y: int) -> str:
    """A square's colour; a closed gate square is hatched."""
    if kind not in ("red", "blue"):
        return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FILL[kind]}"/>'
    is_open = kind == open_colour
    parts = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FILL[(kind, is_open)]}"/>']
    if not is_open:
        for k in (15, 30, 45):
            parts.append(
                f'<line x1="{x + k}" y1="{y + CELL}" x2="{x + CELL}" y2="{y + k}" '
                f'stroke="{HATCH[kind]}" stroke-opacity="0.35" stroke-width="2"/>'
                f'<line x1="{x}" y1="{y + k}" x2="{x + k}" y2="{y}" '
                f'stroke="{HATCH[kind]}" stroke-opacity="0.35" stroke-width="2"/>'
            )
    return "".join(parts)


def _click_mark(view: dict, ui: BoardUI, name: str, piece: int | None, cx: float, cy: float) -> str:
    """The mark of a square one may click (a piece to move, a step, a capture), the picked one, or none."""
    if ui.is_selected(name):
        return ring(cx, cy, 26, "#00c2ff", "4.5")
    if ui.is_option(name) and piece is not None:
        # A piece that can move: a bright ring with a dark edge for contrast on any square.
        return ring(cx, cy, 26.5, "#111", "6.5", stroke_opacity="0.55") + ring(cx, cy, 26.5, "#ffc400", 4)
    if ui.is_option(name):
        selected = ui.selected[0] if ui.selected else None
        if selected is not None and selected[0] == name[0] and abs(int(selected[1:]) - int(name[1:])) == 2:
            return ring(cx, cy, 17, "#111", 5, stroke_opacity="0.6")  # a capture lands here
        return dot(cx, cy, 10, "#111", fill_opacity="0.55", stroke="#fff", stroke_opacity="0.7", stroke_width="1.5")
    if not ui.options and name in (view.get("movable") or ()):
        # Nobody to click for this viewer: still show which pieces could move.
        return ring(cx, cy, 26, "#ffc400", "2.5", stroke_dasharray="5 4")
    return ""


def _coordinates(view: dict, ui: BoardUI) -> str:
    """The file letters under the board and the rank numbers beside it, from the viewer's side."""
    files, width, height = _files(view), view["files"], view["ranks"]
    out = []
    for f in range(width):
        col = width - 1 - f if ui.flip else f
        out.append(coordinate(LEFT + col * CELL + CELL / 2, TOP + height * CELL + 18, files[f], 14, "#e9e1d6"))
    for r in range(height):
        row = r if ui.flip else height - 1 - r
        out.append(coordinate(LEFT / 2, TOP + row * CELL + CELL / 2 + 5, str(r + 1), 14, "#e9e1d6"))
    return "".join(out)


PIECES = NP_("{n} piece", "{n} pieces")
PIECES_ON_BOARD = {
    "red": N_("{pieces} on the board (White {white}, Black {black}): red squares are open, blue squares are closed."),
    "blue": N_("{pieces} on the board (White {white}, Black {black}): blue squares are open, red squares are closed."),
}
PIECES_OF = (N_("White pieces: {squares}."), N_("Black pieces: {squares}."))


def describe(view: dict) -> list[Message]:
    """The position in words for screen readers, email and no-JavaScript play."""
    lines = []
    outcome = view.get("outcome")
    if outcome:
        lines.append(say(N_("Game over: {result}."), result=get_game("parity").result_message(outcome)))
    else:
        lines.append(say(N_("{seat} to move."), seat=SEAT_NAMES[view["to_move"]]))
    white, black = view["pieces"]
    pieces = Count(view["piece_count"], PIECES)
    lines.append(say(PIECES_ON_BOARD[view["open"]], pieces=pieces, white=white, black=black))
    by_seat = ([], [])
    red, blue = [], []
    for cell in view["cells"]:
        if cell["piece"] is not None:
            by_seat[cell["piece"]].append(cell["name"])
        if cell["kind"] == "red":
            red.append(cell["name"])
        elif cell["kind"] == "blue":
            blue.append(cell["name"])
    for seat in (0, 1):
        squares = ", ".join(by_seat[seat]) if by_seat[seat] else say(N_("none"))
        lines.append(say(PIECES_OF[seat], squares=squares))
    lines.append(say(N_("Red squares: {squares}."), squares=", ".join(red)))
    lines.append(say(N_("Blue squares: {squares}."), squares=", ".join(blue)))
    if view.get("movable"):
        lines.append(say(N_("Pieces that can move: {squares}."), squares=", ".join(view["movable"])))
    if view.get("last_move"):
        lines.append(say(N_("Last move: {move}."), move=view["last_move"]))
    else:
        lines.append(say(N_("No last move.")))
    lines.append(
        say(
            N_("Plies without a capture: {quiet} of {limit}."),
            quiet=view.get("quiet", 0),
            limit=view.get("no_capture_limit", 60),
        )
    )
    if view.get("repetitions", 1) >= 2:  # two times or more: no singular
        lines.append(say(N_("This position has occurred {count} times."), count=view["repetitions"]))
    return lines
