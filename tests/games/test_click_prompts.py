"""The prompt above the board describes the selection as it is, after every click of every move, in every game.

From positions of every phase (random games, and each game's sample game, which shows what random play seldom does:
Offboard's displaced ball), every sequence of clicks the page offers is walked with the page's own `select`, and
the prompt is read against the selection: a partial one names what was picked and asks for the next click; a
complete one names exactly the move the Play button offers and asks for no more clicks. Nothing here names a game.
"""

from __future__ import annotations

import random
import re

import pytest

from games.messages import render
from games.registry import all_games
from games.ui import Selection, select
from tests.support.games import random_states

GAMES = [pytest.param(game, id=slug) for slug, game in all_games().items()]
UNDO = " To undo, choose “Start over”."
PER_PHASE = 4  # positions walked in each phase


def _positions(game) -> dict[str, list]:
    """Phase -> a few positions someone is to move in, from random games and the sample game, spread over plies."""
    found: dict[str, list] = {}
    games = []
    for seed in range(12):
        options = random.Random(seed).choice(game.option_combinations())
        games.append([state for state, moves in random_states(game, options, seed=seed) if moves])
    for options in game.option_combinations(chosen_only=True)[:1]:
        state, played = game.initial_state(options), []
        for text in game.sample_game(options):
            played.append(state)
            state = game.play(state, text)
        games.append(played)
    for states in games:
        for state in states[:: max(1, len(states) // 5)] + states[-1:] + states[:3]:
            view = game.player_view(state, game.current_player(state))
            phase = game.phase_of(view)
            if len(found.setdefault(phase, [])) < PER_PHASE:
                found[phase].append(state)
    for states in games:  # a phase random play met only now and then: every position of it counts
        for state in states:
            phase = game.phase_of(game.player_view(state, game.current_player(state)))
            if len(found[phase]) < PER_PHASE and state not in found[phase]:
                found[phase].append(state)
    return found


def _walk(game, legal: list[str]):
    """Every selection the page can reach by clicking from an empty one."""
    waiting = [()]
    while waiting:
        selection = select(game, legal, list(waiting.pop()))
        if selection.tokens:
            yield selection
        waiting.extend(selection.options.values())


def _names(game, token: str, text: str) -> bool:
    """True when `text` names the clicked `token`: itself, or the words of its button's label."""
    words = render(game.token_label(token)).lower().split()
    return bool(re.search(rf"(?<![\w@]){re.escape(token)}(?![\w])", text)) or all(w in text.lower() for w in words)


def _check(game, view: dict, selection: Selection) -> None:
    text = game.prompt(view, selection)
    said = (text, selection.tokens, selection.complete)
    assert text.endswith(UNDO), said
    step = text[: -len(UNDO)]
    assert not re.search(r"\ba [aeiou]", step, re.I), f"“a” before a vowel: {said}"
    for token in selection.tokens:
        assert _names(game, token, step), f"the prompt does not name the pick {token!r}: {said}"
    if selection.complete is not None:
        assert step.count("“Play ") == 1 and f"“Play {selection.complete}”" in step, said
        assert "click" not in step.lower(), f"a whole move asks for another click: {said}"
    else:
        assert "“Play" not in step, f"a partial selection offers to play: {said}"
        assert re.search(r"\b(click|choose)\b", step), f"a partial selection does not say what comes next: {said}"


@pytest.mark.parametrize("game", GAMES)
def test_every_click_of_every_move_is_worded_as_it_stands(game):
    positions = _positions(game)
    assert set(positions) == set(game.phase_prompts), "every phase walked"
    for states in positions.values():
        for state in states:
            legal = game.legal_move_strings(state)
            view = game.player_view(state, game.current_player(state))
            complete = set()
            for selection in _walk(game, legal):
                _check(game, view, selection)
                if selection.complete is not None:
                    complete.add(selection.complete)
            assert complete == set(legal), "the walk reaches every legal move"
