"""`python -m games`: the rules referee and tools on the command line.

replay <slug> [--options JSON]    read moves from stdin, print one JSON line per position
bench <slug> [--options JSON] [--seconds S]   random playouts per second on one core
selfplay <slug> --a LEVEL --b LEVEL [-n N] [--options JSON] [--seed S] [--jobs J] [--sprt]
                                  bot against bot (colours alternate): score, Elo with its 95% interval, SPRT
strength FILE...                  the same summary for raw selfplay runs (docs/strength/)
ladder [slug...]                  each game's levels from docs/strength: which are offered, strength above random
"""

from __future__ import annotations

import argparse
import json
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
    """Read moves from `lines`, print one JSON line per position (an error line ends it); returns the exit status."""
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
    slug: str,
    level_a: str,
    level_b: str,
    games_n: int,
    options_text: str | None,
    seed: int,
    out=None,
    jobs: int = 1,
    sprt: bool = False,
) -> int:
    """Play `games_n` bot games, A taking seat 0 in even games and seat 1 in odd ones; print a summary.

    With `sprt` the run stops as soon as the test accepts H0 or H1 (the games already started are not counted).
    """
    from games.bot import LEVELS
    from games.bot.elo import Tally

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
    results = _selfplay_results(slug, options, level_a, level_b, games_n, seed, jobs)
    for done, result in enumerate(results, 1):
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
        if sprt and Tally(tally["A wins"], tally["draw"], tally["B wins"]).sprt() != "continue":
            results.close()  # stops the pool: a sequential test counts no game after its decision
            break
    print(
        f"selfplay {slug}: A={level_a} vs B={level_b}, {sum(tally.values())} games:"
        f" A won {tally['A wins']}, drew {tally['draw']}, lost {tally['B wins']} ({len(records)} distinct games)",
        file=out,
    )
    for line in strength_lines(Tally(tally["A wins"], tally["draw"], tally["B wins"])):
        print(line, file=out)
    for side, name in ((0, f"A={level_a}"), (1, f"B={level_b}")):
        per_move = cpu[side] / moves[side] if moves[side] else 0.0
        print(f"{name}: {per_move:.3f} CPU s/move over {moves[side]} moves, slowest {slowest[side]:.3f} s", file=out)
    return 0


def strength_lines(tally) -> list[str]:
    """A's score, Elo difference with its 95% interval, and the SPRT state, as selfplay prints them."""
    from games.bot.elo import ALPHA, BETA, ELO0, ELO1, format_elo, sprt_bounds, wilson_interval

    low, high = tally.elo_interval()
    lower, upper = sprt_bounds()
    win_low, win_high = wilson_interval(tally.wins / tally.games if tally.games else 0.0, tally.games)
    return [
        f"A score {tally.score:.3f} (a draw counts half); A win rate {tally.wins / max(tally.games, 1):.3f}"
        f" (95% CI {win_low:.3f}-{win_high:.3f})",
        f"Elo difference {format_elo(tally.elo)} (95% CI {format_elo(low)} to {format_elo(high)})",
        f"SPRT H0 {ELO0:+.0f} v H1 {ELO1:+.0f} Elo (alpha {ALPHA}, beta {BETA}): LLR {tally.llr():.2f}"
        f" (bounds {lower:.2f}, {upper:.2f}): {tally.sprt()}",
        f"bar (95% CI above 0, estimate at least {ELO1:+.0f}): {'passed' if tally.passes() else 'not passed'}",
    ]


def strength(paths: list[str], out=None) -> int:
    """Summarise raw selfplay runs (their "game" lines, so a run cut short counts the games it finished)."""
    from pathlib import Path

    from games.bot.ladder import run_tally

    out = out or sys.stdout
    for path in paths:
        try:
            tally = run_tally(Path(path))
        except OSError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        if tally is None:
            print(f"{path}: no games", file=out)
            continue
        print(f"{path}: {tally.games} games, A won {tally.wins}, drew {tally.draws}, lost {tally.losses}", file=out)
        for line in strength_lines(tally):
            print(f"  {line}", file=out)
    return 0


def ladder_table(slugs: list[str], out=None) -> int:
    """The ladder of each game from docs/strength as a Markdown table (docs/performance.md prints it)."""
    from games.bot.elo import format_elo
    from games.bot.ladder import RANDOM_ELO, ladder

    out = out or sys.stdout
    games = all_games()
    unknown = [slug for slug in slugs if slug not in games]
    if unknown:
        print(f"error: unknown game {unknown[0]!r}; known: {', '.join(games)}", file=sys.stderr)
        return 2
    print(
        "| game | A v B | games | A won / drew / lost | A's score | Elo difference (95% CI) | SPRT | offered |"
        f" strength (random = {RANDOM_ELO}) |",
        file=out,
    )
    print("|---|---|---:|---|---:|---|---|---|---:|", file=out)
    for slug in slugs or list(games):
        for rung in ladder(slug):
            t = rung.tally
            low, high = t.elo_interval()
            print(
                f"| {games[slug].name} | {rung.level} v {rung.below} | {t.games} | {t.wins} / {t.draws} / {t.losses}"
                f" | {t.score:.3f} | {format_elo(t.elo)} ({format_elo(low)} to {format_elo(high)}) | {t.sprt()}"
                f" | {'yes' if rung.passed else 'no'} | {f'{rung.elo:.0f}' if rung.passed else '–'} |",
                file=out,
            )
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
    p.add_argument("--sprt", action="store_true", help="stop once the SPRT (H0 +0, H1 +100 Elo) accepts either")
    p = sub.add_parser("strength", help="score, Elo with its interval and SPRT state of raw selfplay runs")
    p.add_argument("paths", nargs="+")
    p = sub.add_parser("ladder", help="each game's levels from docs/strength: which pass, strength above random")
    p.add_argument("slugs", nargs="*")
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
        return selfplay(args.slug, args.a, args.b, args.n, args.options, args.seed, jobs=args.jobs, sprt=args.sprt)
    if args.command == "strength":
        return strength(args.paths)
    if args.command == "ladder":
        return ladder_table(args.slugs)
    if args.command == "list":
        for slug, game in all_games().items():
            print(f"{slug}\t{game.name}")
        return 0
    return 2
