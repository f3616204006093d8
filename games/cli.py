"""`python -m games`: the rules referee and tools on the command line.

replay <slug> [--options JSON]    read moves from stdin, print one JSON line per position
bench <slug> [--options JSON] [--seconds S]   random playouts per second on one core
selfplay <slug> --a LEVEL --b LEVEL [-n N] [--options JSON] [--seed S] [--jobs J]
                                  bot against bot (colours alternate), with a confidence interval
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from games.base import Game, RulesError
from games.registry import all_games


def _position_line(game: Game, state) -> dict:
    """The protocol line for a position."""
    outcome = game.outcome(state)
    return {
        "ply": game.ply(state),
        "to_move": game.current_player(state),
        "legal": game.legal_move_strings(state) if outcome is None else [],
        "outcome": outcome.to_json() if outcome is not None else None,
    }


def _emit(data: dict) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def _load_options(text: str | None) -> dict:
    """Parse --options; RulesError if it is not a JSON object."""
    if not text:
        return {}
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"--options is not valid JSON: {error.msg}") from None
    if not isinstance(options, dict):
        raise RulesError("--options must be a JSON object")
    return options


def _game_and_options(slug: str, options_text: str | None):
    """Look up the game and normalise its options; RulesError on bad input."""
    game = all_games().get(slug)
    if game is None:
        raise RulesError(f"unknown game {slug!r}; known: {', '.join(all_games())}")
    return game, game.normalize_options(_load_options(options_text))


def _game_and_state(slug: str, options_text: str | None):
    """Look up the game and build its initial state; RulesError on bad input."""
    game, options = _game_and_options(slug, options_text)
    return game, game.initial_state(options)


def replay(slug: str, options_text: str | None, lines) -> int:
    """The replay protocol of design.md; returns the exit status."""
    try:
        game, state = _game_and_state(slug, options_text)
    except RulesError as error:
        _emit({"ply": 0, "error": str(error)})
        return 2
    _emit(_position_line(game, state))
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            state = game.play(state, text)
        except RulesError as error:
            _emit({"ply": game.ply(state), "error": str(error)})
            return 2
        _emit(_position_line(game, state))
    return 0


def bench(slug: str, options_text: str | None, seconds: float, seed: int) -> int:
    """Random playouts from the initial position for `seconds`; prints the closing bench line."""
    try:
        game, initial = _game_and_state(slug, options_text)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    playouts = plies = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        _, n = game.random_playout(initial, rng)
        playouts += 1
        plies += n
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    print(f"bench {slug}: {playouts / elapsed:.0f} playouts/s, {plies / elapsed:.0f} plies/s")
    return 0


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate `score` observed over n games."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _selfplay_game(slug: str, options: dict, level_a: str, level_b: str, seed: int, index: int) -> dict:
    """Play game number `index` of a selfplay run (A takes seat 0 when `index` is even); its result and CPU use."""
    from games.bot import choose_move  # imported here: the other subcommands don't need the bot

    game = all_games()[slug]
    a_seat = index % 2
    levels = (level_a, level_b) if a_seat == 0 else (level_b, level_a)
    state = game.initial_state(options)
    cpu = [0.0, 0.0]  # CPU seconds of A and B
    slowest = [0.0, 0.0]  # their longest move
    moves = [0, 0]
    played = []
    while (seat := game.current_player(state)) is not None:
        view = game.player_view(state, seat)
        side = 0 if seat == a_seat else 1
        start = time.process_time()
        move = choose_move(game, view, levels[seat], f"{seed}:{index}:{game.ply(state)}")
        spent = time.process_time() - start
        cpu[side] += spent
        slowest[side] = max(slowest[side], spent)
        moves[side] += 1
        played.append(move)
        state = game.play(state, move)
    result = game.outcome(state)
    verdict = "draw" if result.winner is None else "A wins" if result.winner == a_seat else "B wins"
    scores = f" {result.scores[0]}-{result.scores[1]}" if result.scores is not None else ""
    return {
        "index": index,
        "a_as": game.seat_names[a_seat],
        "a_level": levels[a_seat],
        "verdict": verdict,
        "detail": f"{result.reason}{scores}, {game.ply(state)} plies",
        "cpu": cpu,
        "slowest": slowest,
        "moves": moves,
        "record": " ".join(played),
    }


def _selfplay_results(slug: str, options: dict, level_a: str, level_b: str, games_n: int, seed: int, jobs: int):
    """Yield each game's result in game order, played in `jobs` processes (the results do not depend on it)."""
    tasks = [(slug, options, level_a, level_b, seed, index) for index in range(games_n)]
    if jobs <= 1:
        for task in tasks:
            yield _selfplay_game(*task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_star_selfplay, tasks)


def _star_selfplay(task: tuple) -> dict:
    """_selfplay_game for Pool.imap, which passes one argument."""
    return _selfplay_game(*task)


def selfplay(
    slug: str, level_a: str, level_b: str, games_n: int, options_text: str | None, seed: int, out=None, jobs: int = 1
) -> int:
    """Play `games_n` bot games, A taking seat 0 in even games and seat 1 in odd ones; print a summary."""
    from games.bot import LEVELS

    out = out or sys.stdout
    for level in (level_a, level_b):
        if level not in LEVELS:
            print(f"error: unknown level {level!r}; known: {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    try:
        _, options = _game_and_options(slug, options_text)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    tally = {"A wins": 0, "draw": 0, "B wins": 0}
    cpu = [0.0, 0.0]
    slowest = [0.0, 0.0]
    moves = [0, 0]
    records = set()
    for done, result in enumerate(_selfplay_results(slug, options, level_a, level_b, games_n, seed, jobs), 1):
        tally[result["verdict"]] += 1
        records.add(result["record"])
        for side in (0, 1):
            cpu[side] += result["cpu"][side]
            slowest[side] = max(slowest[side], result["slowest"][side])
            moves[side] += result["moves"][side]
        print(
            f"game {done}/{games_n}: A={result['a_level']} as {result['a_as']}: {result['verdict']}"
            f" ({result['detail']}); A {tally['A wins']}-{tally['draw']}-{tally['B wins']}",
            file=out,
            flush=True,
        )
    wins, draws, losses = tally["A wins"], tally["draw"], tally["B wins"]
    n = wins + draws + losses
    rate = (wins + 0.5 * draws) / n if n else 0.0
    low, high = wilson_interval(rate, n)
    print(
        f"selfplay {slug}: A={level_a} vs B={level_b}, {n} games: A won {wins}, drew {draws}, lost {losses}"
        f" ({len(records)} distinct games)",
        file=out,
    )
    print(f"A score rate {rate:.3f} (95% CI {low:.3f}-{high:.3f}; a draw counts half)", file=out)
    low, high = wilson_interval(wins / n if n else 0.0, n)
    print(f"A win rate {wins / n if n else 0.0:.3f} (95% CI {low:.3f}-{high:.3f})", file=out)
    for side, name in ((0, f"A={level_a}"), (1, f"B={level_b}")):
        per_move = cpu[side] / moves[side] if moves[side] else 0.0
        print(f"{name}: {per_move:.3f} CPU s/move over {moves[side]} moves, slowest {slowest[side]:.3f} s", file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="python -m games", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="referee: moves on stdin, one JSON line per position")
    p.add_argument("slug")
    p.add_argument("--options")
    p = sub.add_parser("bench", help="uniformly random playouts per second on one core")
    p.add_argument("slug")
    p.add_argument("--options")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("selfplay", help="bot against bot, colours alternating, with a confidence interval")
    p.add_argument("slug")
    p.add_argument("--a", required=True, help="level of bot A (see games/bot/levels.py; 'random' too)")
    p.add_argument("--b", required=True, help="level of bot B")
    p.add_argument("-n", type=int, default=10, help="number of games")
    p.add_argument("--options")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="games played at once, one process each (same results)")
    p = sub.add_parser("list", help="the registered games")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m games`."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code else 0
    if args.command == "replay":
        return replay(args.slug, args.options, sys.stdin)
    if args.command == "bench":
        return bench(args.slug, args.options, args.seconds, args.seed)
    if args.command == "selfplay":
        return selfplay(args.slug, args.a, args.b, args.n, args.options, args.seed, jobs=args.jobs)
    if args.command == "list":
        for slug, game in all_games().items():
            print(f"{slug}\t{game.name}")
        return 0
    return 2
