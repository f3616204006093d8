"""The rules interface every game implements, and the small types it shares.

Pure Python: nothing here (or in any game package's rules) imports Django, so the rules are fast,
testable alone and usable from the command line (`python -m games`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

State = Any  # each game chooses its own state type (treated as immutable by callers)
Move = Hashable  # each game chooses its own move type; the notation is the public form


class RulesError(ValueError):
    """Base class for errors a person can read: bad notation, illegal move, bad options."""


class BadOptions(RulesError):
    """The match options are not valid for this game."""


class IllegalMove(RulesError):
    """A move string that does not parse, or a move that is not legal in this position."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: winner seat (None = draw), final scores and a reason."""

    winner: int | None
    scores: tuple[int, int] | None
    reason: str

    def to_json(self) -> dict:
        """The outcome as the protocol prints it."""
        return {
            "winner": self.winner,
            "scores": list(self.scores) if self.scores is not None else None,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        """Inverse of to_json."""
        scores = data.get("scores")
        return cls(data["winner"], tuple(scores) if scores is not None else None, data["reason"])


class Game:
    """One game's rules. Subclasses implement the methods that raise NotImplementedError.

    States are never mutated by callers or by `apply_move`: it returns a new state.
    """

    slug: str = ""
    name: str = ""
    seat_names: tuple[str, str] = ("First", "Second")
    hidden_information: bool = False
    # Options a challenge may set: name -> list of allowed values (first is the default).
    option_choices: dict[str, list] = {}

    # ---- options -------------------------------------------------------------------------
    def normalize_options(self, options: dict | None) -> dict:
        """Return the full option dict with defaults filled in; raise BadOptions if invalid."""
        options = dict(options or {})
        unknown = set(options) - set(self.option_choices)
        if unknown:
            raise BadOptions(f"unknown option(s): {', '.join(sorted(unknown))}")
        result = {}
        for key, allowed in self.option_choices.items():
            value = options.get(key, allowed[0])
            if value not in allowed:
                raise BadOptions(f"option {key!r} must be one of {allowed!r}, not {value!r}")
            result[key] = value
        return result

    # ---- the rules -----------------------------------------------------------------------
    def initial_state(self, options: dict | None = None) -> State:
        """The starting position for these (normalized or partial) options."""
        raise NotImplementedError

    def current_player(self, state: State) -> int | None:
        """Seat to move, or None when the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move for the side to move, each once; [] when the game is over."""
        raise NotImplementedError

    def apply_move(self, state: State, move: Move) -> State:
        """The state after a legal move; the input state is left unchanged."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        """The result when the game is over, else None."""
        raise NotImplementedError

    def ply(self, state: State) -> int:
        """Number of moves applied since the initial position."""
        raise NotImplementedError

    # ---- notation ------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """Parse canonical notation into a move; raise IllegalMove if it is not a move at all."""
        raise NotImplementedError

    def format_move(self, move: Move) -> str:
        """Canonical notation of a move (round-trips with parse_move)."""
        raise NotImplementedError

    def legal_move_strings(self, state: State) -> list[str]:
        """The legal moves in notation, sorted in Python string order."""
        return sorted(self.format_move(m) for m in self.legal_moves(state))

    def play(self, state: State, text: str) -> State:
        """Apply a move given in notation, checking it is legal now; raise IllegalMove if not."""
        text = text.strip()
        if self.current_player(state) is None:
            raise IllegalMove("the game is over")
        move = self.parse_move(text)
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{text} is not a legal move in this position")
        return self.apply_move(state, move)

    # ---- serialisation -------------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        """The full state as JSON-compatible data (no pickle)."""
        raise NotImplementedError

    def from_json(self, data: dict) -> State:
        """Inverse of to_json."""
        raise NotImplementedError

    # ---- what a viewer may see -----------------------------------------------------------
    def player_view(self, state: State, seat: int | None) -> dict:
        """Everything `seat` (None = spectator) may see, as JSON-compatible data, nothing more."""
        raise NotImplementedError

    def history_for(self, state: State, seat: int | None, notations: list[str]) -> list[str]:
        """The move list as `seat` may read it; perfect-information games show it whole."""
        return list(notations)

    def revealed_view(self, state: State, seat: int | None) -> dict:
        """The view of a position of a match that has ended (replays, resignations): nothing is secret."""
        return self.player_view(state, seat)

    def sample_state(self, view: dict, rng: random.Random) -> State:
        """A full state consistent with a player's view, hidden parts sampled (bots search from it).

        Perfect-information games put the whole state in their view under "state".
        """
        if self.hidden_information:
            raise NotImplementedError
        return self.from_json(view["state"])

    def describe(self, view: dict) -> list[str]:
        """A plain-text description of a view, one line per fact (for screen readers and email)."""
        raise NotImplementedError

    # ---- playing on the board ------------------------------------------------------------
    def move_tokens(self, move_text: str) -> tuple[str, ...]:
        """The clicks that enter a move on the board, e.g. "d2-c2" -> ("d2", "c2").

        A token is a board cell name or a game-specific button name. The site offers, after the
        clicks made so far, every next token of a legal move that starts with them.
        """
        raise NotImplementedError

    def token_label(self, token: str) -> str:
        """How a token that the board does not draw is labelled on a button."""
        return token

    def render_board(self, view: dict, ui: BoardUI) -> str:  # noqa: F821 - see games.ui
        """SVG/HTML markup of the board for a view; clickable tokens go through `ui.link`."""
        raise NotImplementedError

    # ---- speed (bench and bots) ----------------------------------------------------------
    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """Play uniformly random legal moves to the end; return the final state and plies played.

        Games override this with a faster equivalent; it must choose uniformly among legal moves.
        """
        plies = 0
        while self.current_player(state) is not None:
            state = self.apply_move(state, rng.choice(self.legal_moves(state)))
            plies += 1
        return state, plies
