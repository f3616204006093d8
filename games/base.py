"""The rules interface every game implements, and the small types it shares.

Pure Python: nothing here (or in any game package's rules) imports Django, so the rules are fast,
testable alone and usable from the command line (`python -m games`).
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.messages import N_, NC_, Message, render, say
from games.visibility import Visibility
from games.words import POINTS, play_it, result_message

if TYPE_CHECKING:
    from types import ModuleType

    from games.ui import BoardUI, Selection

State = Any  # each game chooses its own state type (treated as immutable by callers)
Move = Hashable  # each game chooses its own move type; the notation is the public form


class RulesError(ValueError):
    """Base class for errors a person can read: bad notation, illegal move, bad options.

    `message` says what is wrong: a message (games.messages) that the site says in the reader's language, or a plain
    English text (the command line's own errors); str() is it in English."""

    def __init__(self, message: Message | str):
        super().__init__(render(message))
        self.message = message


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


@dataclass(frozen=True)
class Option:
    """An option a match is played with: its values, each with a label (the first value is the default)."""

    name: str
    label: str
    values: tuple[tuple[Any, str], ...]
    drawn_at_start: bool = False  # not chosen in a challenge: drawn at random when the match starts

    @property
    def choices(self) -> list:
        """The allowed values, the default first."""
        return [value for value, _ in self.values]

    def label_of(self, value) -> str:
        """The label of a value (the value itself if it has none)."""
        return next((label for known, label in self.values if known == value), str(value))


# The hooks a game's modules provide by name (see `Game.__init_subclass__`): a function under the hook's own name,
# a constant under the name in capitals (`board_key` is `BOARD_KEY`).
BOUND_HOOKS = (
    "initial_state",
    "current_player",
    "legal_moves",
    "apply_move",
    "outcome",
    "ply",
    "parse_move",
    "format_move",
    "to_json",
    "from_json",
    "move_tokens",
    "click_orders",
    "token_label",
    "random_playout",
    "player_view",
    "describe",
    "render_board",
    "board_key",
    "outcome_reasons",
    "reason_words",
    "score_unit",
    "unscored_reasons",
    "phase_prompts",
    "phase_of",
    "step_message",
    "bot_rollout",
    "bot_plan",
)


class Game:
    """One game: every hook the site, the bots and the tests use is declared here, once, with its default.

    A game declares a subclass, names its modules once (`class Abande(Game, modules=(rules, visibility, render,
    words))`) and overrides in Python only what differs; the methods that raise NotImplementedError every game
    provides. States are never mutated by callers or by `apply_move`: it returns a new state.
    """

    def __init_subclass__(cls, modules: tuple[ModuleType, ...] = (), **kwargs) -> None:
        """Take each of BOUND_HOOKS that the class body leaves out from the first of `modules` that defines it."""
        super().__init_subclass__(**kwargs)
        for hook in BOUND_HOOKS:
            if hook in cls.__dict__:
                continue
            for module in modules:
                if hasattr(module, hook):
                    setattr(cls, hook, _bound(hook, getattr(module, hook)))
                    break
                if hasattr(module, hook.upper()):
                    setattr(cls, hook, getattr(module, hook.upper()))
                    break

    slug: str = ""
    name: str = ""
    order: int = 1000  # place in the lobby and every list of games (lower first, then by slug)
    seat_names: tuple[str, str] = (NC_("seat", "First"), NC_("seat", "Second"))  # words with the "seat" context
    option_specs: tuple[Option, ...] = ()
    # Whether players may agree a draw. Only a game whose rules know drawn results offers it; every game says so.
    draws_by_agreement: bool | None = None
    # Bot budgets (MCTS iterations per move) by level name where the level's default does not fit this game,
    # so a level costs about the same CPU time in every game (games/bot/levels.py).
    bot_playouts: dict[str, int] = {}
    # How much less than half a point a draw is worth to this game's bots (0: exactly half).
    bot_contempt: float = 0.0
    # Levels this game's own planner plays instead of the tree search: level name -> search depth in plies
    # (the game then implements bot_plan).
    bot_planned: dict[str, int] = {}
    # The bot levels this game offers, each with its measured strength in Elo above uniformly random play (which
    # is anchored at 0): only levels at least +100 Elo above the one below them, with the 95% interval above 0,
    # in the self-play runs of docs/strength/ (`python -m games ladder <slug>` prints it; a test keeps them equal).
    bot_strength: dict[str, int] = {}
    rules_template: str = "rules.html"  # the rules page, a Django template in the package's templates/ folder

    # ---- options -------------------------------------------------------------------------
    @property
    def option_choices(self) -> dict[str, list]:
        """Option name -> allowed values, the default first."""
        return {spec.name: spec.choices for spec in self.option_specs}

    def chosen_option_specs(self) -> tuple[Option, ...]:
        """The options a challenger chooses (the others are drawn when the match starts)."""
        return tuple(spec for spec in self.option_specs if not spec.drawn_at_start)

    def option_combinations(self, chosen_only: bool = False) -> list[dict]:
        """Every combination of option values (of the chosen options only, if asked)."""
        specs = self.chosen_option_specs() if chosen_only else self.option_specs
        names = [spec.name for spec in specs]
        return [dict(zip(names, values)) for values in itertools.product(*(spec.choices for spec in specs))]

    def start_options(self, options: dict, rng: random.Random) -> dict:
        """The options a match starts with: the chosen ones, and the others drawn at random."""
        drawn = {spec.name: rng.choice(spec.choices) for spec in self.option_specs if spec.drawn_at_start}
        return self.normalize_options(options | drawn)

    def option_labels(self, options: dict) -> list[str]:
        """The labels of the chosen options' values (texts marked for the catalogues), e.g. ["Square board (7×7)"]."""
        return [spec.label_of(options[spec.name]) for spec in self.chosen_option_specs() if spec.name in options]

    def describe_options(self, options: dict, said: Callable[[object], str] = render) -> str:
        """A short description of the chosen options, e.g. "Hexagonal board (37 points)": in English, or said by the
        site's `said` in the reader's language."""
        return ", ".join(said(say(label)) for label in self.option_labels(options))

    def normalize_options(self, options: dict | None) -> dict:
        """Return the full option dict with defaults filled in; raise BadOptions if invalid."""
        options = dict(options or {})
        unknown = set(options) - set(self.option_choices)
        if unknown:
            raise BadOptions(say(N_("unknown option(s): {options}"), options=", ".join(sorted(unknown))))
        result = {}
        for key, allowed in self.option_choices.items():
            value = options.get(key, allowed[0])
            if value not in allowed:
                raise BadOptions(
                    say(
                        N_("option {option} must be one of {allowed}, not {value}"),
                        option=repr(key),
                        allowed=repr(allowed),
                        value=repr(value),
                    )
                )
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
            raise IllegalMove(say(N_("the game is over")))
        move = self.parse_move(text)
        if move not in self.legal_moves(state):
            raise IllegalMove(say(N_("{move} is not a legal move in this position"), move=text))
        return self.apply_move(state, move)

    # ---- who moves first ---------------------------------------------------------------------
    def first_players(self, options: dict | None = None) -> set[int]:
        """The seats that may make the first move: one for these chosen options, both when it is drawn at the start."""
        options = dict(options or {})
        drawn = [spec for spec in self.option_specs if spec.drawn_at_start and spec.name not in options]
        return {
            self.current_player(self.initial_state(options | dict(zip((spec.name for spec in drawn), values))))
            for values in itertools.product(*(spec.choices for spec in drawn))
        }

    def seat_roles(self, options: dict | None = None) -> tuple[str, str]:
        """What the challenge form says beside each seat's name about who moves first."""
        firsts = self.first_players(options)
        if len(firsts) > 1:
            return (N_("who moves first is drawn at random when the match starts"),) * 2
        first = firsts.pop()
        first_mover, second_mover = N_("moves first"), N_("moves second")
        return (first_mover if first == 0 else second_mover, first_mover if first == 1 else second_mover)

    # ---- serialisation -------------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        """The full state as JSON-compatible data (no pickle)."""
        raise NotImplementedError

    def from_json(self, data: dict) -> State:
        """Inverse of to_json."""
        raise NotImplementedError

    # ---- what a viewer may see (the game's visibility.py; games/visibility.py) --------------------
    # Who may see what: everything, unless the game names its own kind of Visibility (C#I Sequence's hidden tiles).
    visibility_type: type[Visibility] = Visibility

    @cached_property
    def visibility(self) -> Visibility:
        """What each seat may see of this game's positions."""
        return self.visibility_type(self)

    def player_view(self, state: State, seat: int | None) -> dict:
        """Everything `seat` (None = spectator) may see, as JSON-compatible data, nothing more."""
        raise NotImplementedError

    def describe(self, view: dict) -> list[Message | str]:
        """The position of a view in words, one message per fact (for screen readers and email)."""
        raise NotImplementedError

    def position_in_words(self, view: dict, said: Callable[[object], str] = render) -> list[str]:
        """`describe` as lines of text: in English, or said by the site's `said` in the reader's language."""
        return [said(line) for line in self.describe(view)]

    # ---- words: prompts and results (each game's words.py) -------------------------------------
    # Every reason the rules' `outcome` gives, and the phrase for each ("{winner}", "{loser}": names);
    # "<reason>/draw" words a drawn result where the reason can also be a win.
    outcome_reasons: tuple[str, ...] = ()
    reason_words: dict[str, str | Message] = {}  # a Message when the phrase has a constant of its own
    score_unit = POINTS  # what the scores count, for "18 points to 15" (games.messages.NP_, both English forms)
    unscored_reasons: tuple[str, ...] = ()  # reasons the scores do not explain (their result leaves them out)
    # Phase name -> what the player to move does now, in one short sentence.
    phase_prompts: dict[str, str] = {"play": N_("Click a highlighted point on the board, or type a move below.")}

    def phase_of(self, view: dict) -> str:
        """The phase of play a view (of a position someone is to move in) is in: a key of `phase_prompts`."""
        return "play"

    def step_message(self, view: dict, selection: Selection) -> Message:
        """What the clicks of `selection` chose, and what to click next or the move to play once it is whole."""
        if selection.complete is not None:
            return say(N_("You chose {move}: {play}."), move=selection.complete, play=play_it(selection.complete))
        return say(
            N_("You picked {clicks}: click a highlighted point to finish the move."),
            clicks=" → ".join(selection.tokens),
        )

    def next_step(self, view: dict, selection: Selection) -> str:
        """`step_message` in English."""
        return render(self.step_message(view, selection))

    def prompt_message(self, view: dict, selection: Selection | None = None) -> Message:
        """What the player to move does now; after clicks, what they chose and how to undo it."""
        if selection is not None and selection.tokens:
            return say(N_("{step} To undo, choose “Start over”."), step=self.step_message(view, selection))
        return say(self.phase_prompts[self.phase_of(view)])

    def prompt(self, view: dict, selection: Selection | None = None) -> str:
        """`prompt_message` in English."""
        return render(self.prompt_message(view, selection))

    def result_message(self, outcome: dict, names: tuple[str, str] | None = None, mover: int | None = None) -> Message:
        """How a game ended, in a sentence: "alice won: bob's last pawn was captured (2 markers to 0)".

        `names` default to the seat names; `mover` is the seat whose turn it was (an aborted match names it).
        """
        names = names or self.seat_names
        return result_message(outcome, names, self.reason_words, self.score_unit, mover, self.unscored_reasons)

    def result_words(self, outcome: dict, names: tuple[str, str] | None = None, mover: int | None = None) -> str:
        """`result_message` in English."""
        return render(self.result_message(outcome, names, mover))

    def ended_view(self, view: dict, outcome: dict) -> dict:
        """A view of the last position of a match the site ended (resignation, timeout...): no one is to move."""
        return view | {"to_move": None, "outcome": outcome}

    # ---- playing on the board ------------------------------------------------------------
    def move_tokens(self, move_text: str) -> tuple[str, ...]:
        """The clicks that enter a move on the board, e.g. "d2-c2" -> ("d2", "c2").

        A token is a board cell name or a game-specific button name. The site offers, after the
        clicks made so far, every next token of a legal move that starts with them.
        """
        raise NotImplementedError

    def click_orders(self, move_text: str) -> tuple[tuple[str, ...], ...]:
        """Every order in which a move's clicks may be made: `move_tokens` alone, unless the game allows others."""
        return (tuple(self.move_tokens(move_text)),)

    def token_label(self, token: str) -> Message | str:
        """How a token that the board does not draw is labelled on a button ("pass" is "Pass"): a message."""
        return say(N_("Pass")) if token == "pass" else token

    # What each mark the board draws means, a short line each: the key shown under the board.
    board_key: tuple[str, ...] = ()

    def render_board(self, view: dict, ui: BoardUI) -> str:
        """SVG markup of the board for a view; every clickable token's drawing goes through `ui.target`."""
        raise NotImplementedError

    @property
    def template_dir(self) -> Path:
        """The folder of this game's templates (its rules page): `templates/` beside the module declaring it."""
        return Path(sys.modules[type(self).__module__].__file__).parent / "templates"

    def sample_game(self, options: dict, tries: int = 300) -> list[str]:
        """A short whole game in notation that shows the game's features (browser tests click through it).

        By default the shortest of `tries` uniformly random games; a game whose features random play
        seldom shows overrides it.
        """
        best = None
        for seed in range(tries):
            rng, state, played = random.Random(seed), self.initial_state(options), []
            while self.current_player(state) is not None and (best is None or len(played) < len(best)):
                text = rng.choice(self.legal_move_strings(state))
                state = self.play(state, text)
                played.append(text)
            if self.current_player(state) is None and (best is None or len(played) < len(best)):
                best = played
        return best

    # ---- speed and the bot (bench, games/bot/) ---------------------------------------------
    # A rollout that values a non-terminal state for seat 0 in [0, 1] better than a random playout to the end
    # (a smarter policy, or a playout cut short and scored by a heuristic); None: the bot plays random playouts.
    bot_rollout: Callable[[State, random.Random], float] | None = None

    def bot_plan(self, state: State, depth: int, rng: random.Random) -> Move:
        """The planner's move for the side to move, searching `depth` plies (the levels of `bot_planned`)."""
        raise NotImplementedError

    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """Play uniformly random legal moves to the end; return the final state and plies played.

        Games override this with a faster equivalent; it must choose uniformly among legal moves.
        """
        plies = 0
        while self.current_player(state) is not None:
            state = self.apply_move(state, rng.choice(self.legal_moves(state)))
            plies += 1
        return state, plies


def _bound(hook: str, function: Callable) -> Callable:
    """A module's function as the hook: a static method; the rules' `initial_state` is given the full options."""
    if hook == "initial_state":

        def initial_state(self: Game, options: dict | None = None) -> State:
            return function(self.normalize_options(options))

        initial_state.__doc__ = Game.initial_state.__doc__
        return initial_state
    return staticmethod(function)
