"""The Parity board as data: the kind of every square and the start squares.

The original board picture is lost; this layout is our design (see the spec). Everything else
(geometry, gates, captures, rendering) is derived from these two tables, so replacing the board
means editing this file only. The board must stay rectangular; files are letters a.., ranks 1...
"""

# Square kinds, one string per rank from the top rank down to rank 1, files a.. left to right.
#   R = red (open when the piece count is even), U = blue (open when it is odd),
#   B / W = ordinary black / white squares (no rule effect; drawn as a checkerboard).
KINDS = (
    "RBWBWU",  # rank 6
    "URBWUR",  # rank 5
    "WBURWB",  # rank 4
    "BWRUBW",  # rank 3
    "RUWBRU",  # rank 2
    "UWBWBR",  # rank 1
)

# Start squares per seat: seat 0 (White) near rank 1, seat 1 (Black) near the top rank.
START = (
    ("b1", "c1", "d1", "e1", "c2", "d2"),
    ("b6", "c6", "d6", "e6", "c5", "d5"),
)
