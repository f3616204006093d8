"""The general MCTS bot (games/bot), on toy games defined here and on the real games that exist."""

from __future__ import annotations

import io
import json
import random

import pytest

from games.base import Game, IllegalMove, Outcome
from games.bot import LEVELS, Level, choose_move, get_level, playouts_for, search
from games.bot.mcts import DeterminisationError
from games.cli import selfplay
from games.registry import all_games
from games.visibility import Visibility
from tests.support.games import game_cases, random_position

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(Game):
    """Noughts and crosses; cells 0..8, state = (cells tuple of None/0/1, ply)."""

    slug = "toy-ttt"
    name = "Tic-tac-toe"
    seat_names = ("X", "O")

    def __init__(self):
        self.playouts = 0  # counts random_playout calls, for the budget tests

    def initial_state(self, options=None):
        return ((None,) * 9, 0)

    def _winner(self, cells):
        for a, b, c in LINES:
            if cells[a] is not None and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None

    def current_player(self, state):
        cells, ply = state
        if self._winner(cells) is not None or ply == 9:
            return None
        return ply % 2

    def legal_moves(self, state):
        if self.current_player(state) is None:
            return []
        return [i for i, c in enumerate(state[0]) if c is None]

    def apply_move(self, state, move):
        cells, ply = state
        cells = cells[:move] + (ply % 2,) + cells[move + 1 :]
        return (cells, ply + 1)

    def outcome(self, state):
        if self.current_player(state) is not None:
            return None
        winner = self._winner(state[0])
        return Outcome(winner, None, "line" if winner is not None else "full")

    def ply(self, state):
        return state[1]

    def parse_move(self, text):
        if text not in "012345678" or len(text) != 1:
            raise IllegalMove(text)
        return int(text)

    def format_move(self, move):
        return str(move)

    def to_json(self, state):
        return {"cells": list(state[0]), "ply": state[1]}

    def from_json(self, data):
        return (tuple(data["cells"]), data["ply"])

    def player_view(self, state, seat):
        return {"seat": seat, "state": self.to_json(state)}

    def random_playout(self, state, rng):
        self.playouts += 1
        return super().random_playout(state, rng)


def ttt(board: str):
    """A tic-tac-toe state from 9 characters of 'x', 'o' or '.'."""
    cells = tuple({"x": 0, "o": 1, ".": None}[ch] for ch in board)
    return (cells, sum(c is not None for c in cells))


class HiddenHands(Visibility):
    """Each seat sees its own hand and the cards played; the bot guesses the other hand from the unseen cards."""

    hidden = True

    def sample_state(self, view, rng):
        seat = view["seat"]
        unseen = sorted(set(range(1, 10)) - set(view["hand"]) - set(view["played"]))
        other = tuple(sorted(rng.sample(unseen, view["opponent_cards"])))
        own = tuple(view["hand"])
        return ((own, other) if seat == 0 else (other, own), tuple(view["played"]))


class HighCard(Game):
    """A toy hidden-information game: cards 1..9, each player holds 3 secret cards, 3 stay out of play.

    Three tricks: seat 0 plays a card face up, then seat 1; the higher card takes the trick; most tricks wins.
    State = (hands: tuple of two sorted tuples, played: tuple of cards in play order).
    """

    slug = "toy-highcard"
    name = "High card"
    visibility_type = HiddenHands

    def initial_state(self, options=None):
        return (((1, 5, 9), (2, 6, 7)), ())

    def current_player(self, state):
        return None if len(state[1]) == 6 else len(state[1]) % 2

    def legal_moves(self, state):
        seat = self.current_player(state)
        return [] if seat is None else list(state[0][seat])

    def apply_move(self, state, move):
        hands, played = state
        seat = len(played) % 2
        hand = tuple(c for c in hands[seat] if c != move)
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        return (hands, played + (move,))

    def tricks(self, played):
        won = [0, 0]
        for i in range(0, len(played) - 1, 2):
            won[0 if played[i] > played[i + 1] else 1] += 1
        return won

    def outcome(self, state):
        if len(state[1]) < 6:
            return None
        won = self.tricks(state[1])
        return Outcome(0 if won[0] > won[1] else 1, (won[0], won[1]), "tricks")

    def ply(self, state):
        return len(state[1])

    def parse_move(self, text):
        if len(text) != 1 or text not in "123456789":
            raise IllegalMove(text)
        return int(text)

    def format_move(self, move):
        return str(move)

    def player_view(self, state, seat):
        hands, played = state
        return {"seat": seat, "hand": list(hands[seat]), "opponent_cards": len(hands[1 - seat]), "played": list(played)}


def test_levels_are_ordered_budgets():
    budgets = [level.playouts for level in LEVELS.values()]
    assert budgets == sorted(budgets) and budgets[0] == 0
    assert get_level("casual") is LEVELS["casual"]
    with pytest.raises(KeyError, match="known"):
        get_level("grandmaster")


def test_takes_an_immediate_win_even_with_search_only():
    game = TicTacToe()
    # X to move: X wins at 2 (O threatens 5).
    state = ttt("xx.oo....")
    view = game.player_view(state, 0)
    assert choose_move(game, view, "casual", seed=1) == "2"
    # Without the one-move shortcut the tree search finds it too.
    result = search(game, view, 300, seed=1, tactics=False)
    assert result.reason == "search" and result.best == "2"
    assert result.moves[0].move == "2" and result.moves[0].mean == 1.0


def test_blocks_the_opponents_threat():
    game = TicTacToe()
    state = ttt("oo..x...x")  # X to move, no win of its own: it must block at 2
    view = game.player_view(state, 0)
    assert choose_move(game, view, "casual", seed=3) == "2"


def test_same_view_and_seed_give_the_same_move_and_stats():
    game = TicTacToe()
    view = game.player_view(game.initial_state(), 0)
    first = search(game, view, 400, seed=7)
    second = search(game, view, 400, seed=7)
    assert first == second
    assert choose_move(game, view, "casual", seed="match-3:ply-0") == choose_move(
        game, view, "casual", seed="match-3:ply-0"
    )
    # Different seeds explore differently (statistics differ), though the move may well agree.
    assert search(game, view, 400, seed=8).moves != first.moves


def test_budget_is_counted_in_playouts():
    game = TicTacToe()
    view = game.player_view(game.initial_state(), 0)
    for budget in (1, 9, 50, 250):
        game.playouts = 0
        result = search(game, view, budget, seed=1)
        assert result.iterations == budget
        assert result.playouts == game.playouts <= budget
        assert sum(stat.visits for stat in result.moves) == budget
    game.playouts = 0
    choose_move(game, view, "casual", seed=1)
    assert game.playouts <= playouts_for("casual", game)


def test_cpu_time_cap_stops_a_huge_budget():
    game = TicTacToe()
    view = game.player_view(game.initial_state(), 0)
    result = search(game, view, 10**9, seed=1, max_seconds=0.05)
    assert 0 < result.iterations < 10**9
    assert result.best in game.legal_move_strings(game.initial_state())


def test_bot_rollout_hook_replaces_random_playouts():
    class Hooked(TicTacToe):
        calls = 0

        def bot_rollout(self, state, rng):
            Hooked.calls += 1
            return 0.5  # no opinion: only the tree's terminal nodes tell moves apart

    game = Hooked()
    view = game.player_view(ttt("xx.oo...."), 0)
    result = search(game, view, 200, seed=1, tactics=False)
    assert game.playouts == 0 and Hooked.calls == result.playouts > 0
    assert result.best == "2"


def test_draw_margin_prefers_draws_ahead_on_scores():
    from games.bot.mcts import _value_function

    plain, shaped = _value_function(0.0), _value_function(0.3)
    ahead, behind = Outcome(None, (5, 3), "limit"), Outcome(None, (3, 5), "limit")
    assert plain(ahead) == plain(behind) == 0.5
    assert 0.5 < shaped(ahead) < 0.8 and shaped(behind) == pytest.approx(1 - shaped(ahead))
    assert shaped(Outcome(0, (1, 9), "line")) == 1.0 and shaped(Outcome(1, None, "line")) == 0.0
    assert shaped(Outcome(None, None, "full")) == 0.5


def test_contempt_makes_every_draw_worth_less_than_half_to_the_bot():
    from games.parity.game import GAME as parity
    from games.parity.rules import position

    # 59 quiet plies and no capture on the board: whatever either side plays draws at once.
    for seat in (0, 1):
        state = position(["b1", "c1"], ["d6", "e6"], to_move=seat, quiet=59)
        view = parity.player_view(state, seat)
        plain = search(parity, view, 50, seed=1, draw_margin=0.3)
        scornful = search(parity, view, 50, seed=1, draw_margin=0.3, contempt=0.3)
        assert plain.moves and all(m.mean == 0.5 for m in plain.moves)  # two pieces each: level scores
        assert scornful.moves and all(m.mean == pytest.approx(0.2) for m in scornful.moves)


def test_contempt_values_a_drawn_playout_once_in_a_game_without_a_rollout_hook():
    game = TicTacToe()
    view = game.player_view(ttt("xxoooxx.."), 1)  # O to move: both moves lead to a drawn board
    result = search(game, view, 50, seed=1, tactics=False, contempt=0.3)
    assert game.playouts > 0 and all(m.mean == pytest.approx(0.2) for m in result.moves)


def test_contempt_bends_rollout_values_around_the_draw():
    from games.bot.mcts import _with_contempt

    def fixed(value):
        return _with_contempt(lambda state, rng: value, 0.2)

    assert fixed(0.0)(None, None) == 0.0 and fixed(1.0)(None, None) == 1.0
    assert fixed(0.5)(None, None) == pytest.approx(0.2)
    values = [fixed(v / 10)(None, None) for v in range(11)]
    assert values == sorted(values) and len(set(values)) == 11


def test_random_level_and_beginner_play_legal_moves():
    game = TicTacToe()
    state = game.initial_state()
    for ply in range(9):
        seat = game.current_player(state)
        if seat is None:
            break
        move = choose_move(game, game.player_view(state, seat), "random" if seat == 0 else "beginner", seed=ply)
        state = game.play(state, move)
    assert game.outcome(state) is not None


def test_refuses_to_move_for_the_wrong_seat_or_a_finished_game():
    game = TicTacToe()
    with pytest.raises(ValueError, match="turn"):
        choose_move(game, game.player_view(game.initial_state(), 1), "casual", seed=1)
    with pytest.raises(ValueError, match="over"):
        choose_move(game, game.player_view(ttt("xxxoo...."), 1), "casual", seed=1)


def test_strong_play_never_loses_at_tic_tac_toe_against_random():
    game = TicTacToe()
    level = Level("test", "Test", 400)
    rng = random.Random(5)
    for index in range(6):
        bot_seat = index % 2
        state = game.initial_state()
        while (seat := game.current_player(state)) is not None:
            if seat == bot_seat:
                move = choose_move(game, game.player_view(state, seat), level, seed=index * 100 + game.ply(state))
            else:
                move = str(rng.choice(game.legal_moves(state)))
            state = game.play(state, move)
        assert game.outcome(state).winner in (bot_seat, None)


def test_hidden_information_move_does_not_depend_on_the_hidden_cards():
    game = HighCard()
    # Seat 1 sees its own hand and seat 0's played 5, never seat 0's other cards.
    a = (((1, 9), (2, 6, 7)), (5,))
    b = (((3, 4), (2, 6, 7)), (5,))
    assert game.player_view(a, 1) == game.player_view(b, 1)
    for seed in range(5):
        assert choose_move(game, game.player_view(a, 1), "casual", seed) == choose_move(
            game, game.player_view(b, 1), "casual", seed
        )
    # Seat 0 at the start: seat 1's hand is secret.
    c = (((1, 5, 9), (2, 6, 7)), ())
    d = (((1, 5, 9), (3, 4, 8)), ())
    assert game.player_view(c, 0) == game.player_view(d, 0)
    assert search(game, game.player_view(c, 0), 200, seed=4) == search(game, game.player_view(d, 0), 200, seed=4)


def test_hidden_information_search_is_sensible():
    game = HighCard()
    # Seat 1 holds 2, 6 and 7; seat 0 led 5. Taking the trick with 6 keeps the 7: it must not throw the 2
    # when 6 wins this trick for sure and the 7 still has a chance later.
    view = game.player_view((((1, 9), (2, 6, 7)), (5,)), 1)
    result = search(game, view, 600, seed=2)
    assert result.best == "6"
    assert {stat.move for stat in result.moves} == {"2", "6", "7"}


def test_inconsistent_determinisations_are_detected():
    class LeakyHands(HiddenHands):
        def sample_state(self, view, rng):
            state = super().sample_state(view, rng)
            hands, played = state
            # A bug: the bot's own hand is resampled.
            return ((tuple(sorted(rng.sample(range(1, 10), 3))), hands[1]), played)

    class Leaky(HighCard):
        visibility_type = LeakyHands

    game = Leaky()
    with pytest.raises(DeterminisationError):
        search(game, game.player_view(game.initial_state(), 0), 200, seed=1)


def test_selfplay_command(monkeypatch):
    game = TicTacToe()
    monkeypatch.setattr("games.cli.all_games", lambda: {game.slug: game})
    out = io.StringIO()
    assert selfplay(game.slug, "casual", "random", 4, None, 1, out=out) == 0
    text = out.getvalue()
    assert text.count("game ") == 4
    assert "A score " in text and "Elo difference " in text and "SPRT H0 +0 v H1 +100 Elo" in text
    assert "CPU s/move" in text
    assert selfplay(game.slug, "nope", "random", 1, None, 1, out=out) == 2


def test_selfplay_with_sprt_stops_once_the_test_decides(monkeypatch):
    """Tic-tac-toe's strong bot beats random play by far more than 100 Elo: the test accepts H1 long before the
    games asked for, the run stops there, and the summary counts exactly the games played."""
    game = TicTacToe()
    monkeypatch.setattr("games.cli.all_games", lambda: {game.slug: game})
    out = io.StringIO()
    assert selfplay(game.slug, "strong", "random", 200, None, 1, out=out, sprt=True) == 0
    lines = out.getvalue().splitlines()
    played = sum(line.startswith("game ") for line in lines)
    assert 2 <= played < 200
    assert f"{played} games:" in out.getvalue() and ": H1 accepted" in out.getvalue()


def test_openings_vary_by_seed_among_near_best_moves_only():
    from games.bot.mcts import VARIETY_SHARE

    game = all_games()["abande"]
    state = game.initial_state({})
    view = game.player_view(state, game.current_player(state))
    chosen = set()
    for seed in range(12):
        varied = search(game, view, 100, seed, varied_plies=8)
        [stat] = [m for m in varied.moves if m.move == varied.best]
        assert stat.visits >= VARIETY_SHARE * varied.moves[0].visits
        chosen.add(varied.best)
        plain = search(game, view, 100, seed)  # past the opening: always the most visited move
        assert plain.best == plain.moves[0].move
    assert len(chosen) > 1


def test_selfplay_in_parallel_plays_the_same_games_and_counts_distinct_ones():
    """Game i depends only on the seed and i, so --jobs changes the speed, not the results; and bots vary
    their openings, so the games are not copies of one another."""
    runs = []
    for jobs in (1, 2):
        out = io.StringIO()
        assert selfplay("abrana", "casual", "beginner", 4, None, 7, out=out, jobs=jobs) == 0
        runs.append(out.getvalue())
    games_lines = [[line for line in run.splitlines() if line.startswith(("game ", "selfplay "))] for run in runs]
    assert games_lines[0] == games_lines[1]
    assert "(4 distinct games)" in runs[0] and "slowest" in runs[0]


# ---- the registered games ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [pytest.param(game, id=slug) for slug, game in all_games().items()])
def test_real_game_bot_plays_legal_reproducible_moves(game):
    state = random_position(game, {}, random.Random(3), 6)  # a few random plies in, so not the opening
    seat = game.current_player(state)
    if seat is None:
        pytest.skip("the random game ended early")
    view = game.player_view(state, seat)
    first = search(game, view, 60, seed=11)
    assert first == search(game, view, 60, seed=11)
    assert first.best in game.legal_move_strings(state)
    game.play(state, first.best)


@pytest.mark.parametrize("game,options", game_cases(hidden_only=True))
def test_real_hidden_game_move_is_independent_of_hidden_parts(game, options):
    """Two "true" states that agree on everything the bot's seat sees but differ in what it cannot see (two
    samples of its view, which test_contract.py checks look the same from that seat) get the same move."""
    for seed in range(20):
        state = random_position(game, options, random.Random(seed), 10)
        seat = game.current_player(state)
        view = game.player_view(state, seat)
        samples = [game.visibility.sample_state(view, random.Random(k)) for k in range(10)]
        distinct = {json.dumps(game.to_json(s), sort_keys=True): s for s in samples}
        if len(distinct) > 1:
            a, b = list(distinct.values())[:2]
            assert search(game, game.player_view(a, seat), 80, seed=5) == search(
                game, game.player_view(b, seat), 80, seed=5
            )
            return
    pytest.fail("no position with more than one sample of its view was found")
