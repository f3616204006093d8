"""The hidden-information leak checks' machinery, for every game with hidden information.

A page leaks if it depends on something its viewer cannot know. The game names such a thing by giving, for a
match's move list and a viewer, another move list that viewer could not tell from it (`Visibility.alternative_history`:
for C#I Sequence, the symbols of the tiles never in the viewer's hand shuffled). The checks rewrite the match in
the database into that other world, fetch the same pages again as the same viewer, and require the same bytes
(CSRF tokens aside); then they put the real world back.
"""

from __future__ import annotations

import difflib
import html
import re

from daymove.plans import analysis, conditional, positions
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.play.models import Match, Move

# Tokens that differ between two renders of the same page for reasons of their own.
# Per request, not per position: CSRF tokens, and when the page was drawn (its live stream starts there).
_RANDOM = re.compile(rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": "|data-live-since="|[?&](?:amp;)?t=)[^"&]+')
_HISTORY_ENTRY = re.compile(r'<a href="[^"]*\?at=([1-9]\d*)"[^>]*>([^<]*)</a>')  # "start" is at=0


def replay(game, notations: list[str], options: dict) -> list:
    """The states after 0..n of these moves."""
    state = game.initial_state(options)
    states = [state]
    for text in notations:
        state = game.play(state, text)
        states.append(state)
    return states


def store(match: Match, old: list[str], new: list[str], state_json: dict) -> None:
    """Write another world's move notations and cached position over the match's."""
    Match.objects.filter(pk=match.pk).update(state=state_json)
    for ply, (before, after) in enumerate(zip(old, new)):
        if before != after:
            Move.objects.filter(match=match, ply=ply).update(notation=after)


class OtherWorld:
    """The match as a viewer (seat, None for spectators) cannot tell it from the real one, while it is stored."""

    def __init__(self, game, match: Match, notations: list[str], seat: int | None, rng):
        self.match = match
        self.real = notations
        self.other = game.visibility.alternative_history(notations, match.options, seat, rng)
        if self.other is not None:
            self.other_state = game.to_json(replay(game, self.other, match.options)[-1])
        # The moves whose notation the viewer cannot know: shown to it, any of these is a leak.
        self.secrets = [] if self.other is None else [a for a, b in zip(notations, self.other) if a != b]

    def __bool__(self) -> bool:
        return self.other is not None

    def __enter__(self):
        self.stored = Match.objects.get(pk=self.match.pk).state
        store(self.match, self.real, self.other, self.other_state)
        return self

    def __exit__(self, *exc):
        store(self.match, self.other, self.real, self.stored)


def normalised(response) -> bytes:
    """A response as compared between the worlds: status, redirect and body, CSRF tokens blanked."""
    body = _RANDOM.sub(rb"\1-", response.content)
    return f"{response.status_code} {response.get('Location', '')}\n".encode() + body


def history_entries(page: str) -> list[tuple[int, str]]:
    """The move list of a page: (move index, text as shown)."""
    return [(int(at) - 1, html.unescape(text)) for at, text in _HISTORY_ENTRY.findall(page)]


def names_move(text: str, notation: str) -> bool:
    """Whether `text` shows this move's notation as a whole (not inside a longer notation)."""
    return re.search(rf"(?<![\w@>+?-]){re.escape(notation)}(?![\w@>+&-])", text) is not None


def diff_excerpt(a: bytes, b: bytes) -> str:
    """The first lines in which two pages differ."""
    lines = difflib.unified_diff(
        a.decode().split(">"), b.decode().split(">"), "real world", "other world", n=1, lineterm=""
    )
    return "\n".join(list(lines)[:14])


class PlanWorld:
    """While stored, the player in `seat` keeps analyses and a conditional plan in the match: random lines made
    through the services (none before, none after). Nobody but that player may be shown a trace of them.

    `secrets` are the moves in them that a spectator could not read as they are (the owner's hidden choices).
    """

    def __init__(self, match: Match, seat: int, rng, lines: int = 3, depth: int = 4):
        self.match, self.seat, self.rng, self.lines, self.depth = match, seat, rng, lines, depth
        self.secrets: set[str] = set()

    def _random_line(self, root_ply: int) -> list[str]:
        match, rules = self.match, self.match.rules
        state = positions.start(match, match.notations(), self.seat, root_ply)
        line = []
        for _ in range(self.depth):
            offered = positions.offered(match, state, self.seat)
            if not offered:
                break
            move, after = positions.step(match, state, self.seat, self.rng.choice(offered))
            if rules.current_player(state) == self.seat and rules.visibility.seen_move(state, None, move) != move:
                self.secrets.add(move)
            line.append(move)
            state = after
        return line

    def __enter__(self):
        owner = self.match.players[self.seat]
        version = 0
        for _ in range(self.lines):
            root = self.rng.randrange(self.match.ply + 1)
            path: tuple = ()
            for move in self._random_line(root):
                path = analysis.add_move(self.match.pk, owner, root, path, move)
            if self.match.to_move == 1 - self.seat:
                line = self._random_line(self.match.ply)
                if len(line) > 1:
                    version = conditional.plan_line(self.match.pk, owner, line, version, self.match.ply).version
        return self

    def __exit__(self, *exc):
        AnalysisTree.objects.filter(match=self.match).delete()
        ConditionalPlan.objects.filter(match=self.match).delete()
