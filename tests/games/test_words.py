"""Every registered game says in words what to do now (a prompt for every phase) and how a game ended (every reason).

Nothing here names a game: a sixth game is held to the same contract by being registered.
"""

from __future__ import annotations

import random
import re

import pytest

from games.messages import render
from games.registry import all_games
from games.ui import BoardUI, select
from games.words import SITE_ENDINGS
from tests.support.games import random_position, random_states

GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items()]
NAMES = ("alice", "bob")


def _phases_met(game, games: int = 40) -> dict[str, tuple]:
    """Phase -> (view, clicks of a legal move, every legal move in notation) met along random games."""
    met: dict[str, tuple] = {}
    for seed in range(games):
        rng = random.Random(seed)
        options = rng.choice(game.option_combinations())
        for state, moves in random_states(game, options, seed=seed):
            if not moves:
                break
            seat = game.current_player(state)
            view = game.player_view(state, seat)
            tokens = game.move_tokens(game.format_move(rng.choice(moves)))
            phase = game.phase_of(view)
            if phase not in met or (len(tokens) > 1 and len(met[phase][1]) < 2):
                met[phase] = (view, tokens, [game.format_move(move) for move in moves])
        if set(met) == set(game.phase_prompts) and all(len(t) > 1 for _, t, _ in met.values()):
            break
    return met


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_has_a_prompt_and_every_prompt_a_phase(game):
    met = _phases_met(game)
    assert set(met) <= set(game.phase_prompts), "a phase met in play has no prompt"
    assert set(met) == set(game.phase_prompts), "a declared phase never came up in 40 random games"
    for phase, (view, _, _) in met.items():
        prompt = game.prompt(view)
        assert prompt == game.phase_prompts[phase] and prompt.endswith(".")
        assert len(prompt.split()) <= 30, "one short sentence"


@pytest.mark.parametrize("game", GAMES)
def test_the_second_step_says_what_the_first_chose_and_how_to_undo_it(game):
    two_step = [met for met in _phases_met(game).values() if len(met[1]) > 1]
    assert two_step, "no move of two clicks met in random games"
    for view, tokens, legal in two_step:
        for depth in range(1, len(tokens)):
            chosen = tokens[:depth]
            text = game.prompt(view, select(game, legal, list(chosen)))
            last = chosen[-1]
            assert last in text or render(game.token_label(last)).lower() in text.lower()
            assert "Start over" in text, "how to undo the first click"
            assert text != game.prompt(view)


def _reason_cases(game):
    """(outcome, winner) for every reason the rules give and every winner it may come with."""
    for reason in game.outcome_reasons:
        for winner in (0, 1, None):
            yield {
                "winner": winner,
                "scores": [3, 1] if winner == 0 else [1, 3] if winner == 1 else [2, 2],
                "reason": reason,
            }


@pytest.mark.parametrize("game", GAMES)
def test_every_outcome_reason_of_the_rules_is_declared_and_worded(game):
    met = set()
    for seed in range(30):
        options = random.Random(seed).choice(game.option_combinations())
        *_, (final, _) = random_states(game, options, seed=seed)
        met.add(game.outcome(final).reason)
    assert met <= set(game.outcome_reasons), "the rules gave a reason the game does not declare"
    for reason in game.outcome_reasons:
        assert reason in game.reason_words or f"{reason}/draw" in game.reason_words, f"no words for {reason}"
    for outcome in _reason_cases(game):
        text = game.result_words(outcome, NAMES)
        assert outcome["reason"] not in text or "-" not in outcome["reason"], "a reason slug is not words"
        assert "{" not in text and "}" not in text
        winner = outcome["winner"]
        if winner is None:
            assert text.startswith("Draw: ")
            assert (f"2 {game.score_unit} each" in text) == (outcome["reason"] not in game.unscored_reasons)
        else:
            assert text.startswith(f"{NAMES[winner]} won: ")
            scored = outcome["reason"] not in game.unscored_reasons
            assert (f"(3 {game.score_unit} to 1)" in text) == scored


def test_a_result_reads_as_a_sentence():
    parity = all_games()["parity"]
    outcome = {"winner": 0, "scores": [2, 0], "reason": "all-captured"}
    assert parity.result_words(outcome, NAMES) == "alice won: bob's last piece was captured (2 pieces to 0)"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("reason", sorted(SITE_ENDINGS))
def test_endings_the_site_decides_read_in_every_game(game, reason):
    winners = (None,) if reason.startswith("aborted") or reason == "agreement" else (0, 1, None)
    for winner in winners:
        if reason in ("resignation", "timeout", "forfeit") and winner is None:
            continue
        text = game.result_words({"winner": winner, "scores": None, "reason": reason}, NAMES, mover=1)
        assert "{" not in text and "to move" not in text
        assert text[0].isupper() or text.startswith(NAMES)
        if winner is not None:
            assert text.startswith(f"{NAMES[winner]} won: ")
        if reason == "resignation":
            assert f"{NAMES[1 - winner]} resigned" in text
        if reason == "aborted":
            assert "bob" in text


def _site_endings():
    for reason in SITE_ENDINGS:
        for winner in (0, 1) if reason in ("resignation", "timeout", "forfeit", "declared-by-admin") else (None,):
            yield {"winner": winner, "scores": None, "reason": reason}


@pytest.mark.parametrize("game", GAMES)
def test_a_board_ended_by_the_site_never_says_to_move(game):
    """After a resignation, timeout, agreed draw, abort or moderator's decision the board tells the result."""
    rng = random.Random(1)
    for plies in (0, 3, 12):
        options = rng.choice(game.option_combinations())
        state = random_position(game, options, rng, plies)
        if game.outcome(state) is not None:
            continue
        for seat in (0, 1, None):
            for outcome in _site_endings():
                view = game.ended_view(game.visibility.revealed_view(state, seat), outcome)
                svg = game.render_board(view, BoardUI(flip=seat == 1))
                words = " ".join(game.position_in_words(view))
                for text in (svg, words):
                    assert not re.search(r"to move", text, re.I), (outcome, text)
                result = game.result_words(outcome)
                assert result in words
