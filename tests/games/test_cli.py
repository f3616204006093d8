"""The `python -m games` command as outside checks call it (a real subprocess)."""

import json
import subprocess
import sys


def run(args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "games", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_replay_prints_one_line_per_position():
    result = run(["replay", "abande"], "d4\n\nd5\n")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0 and len(lines) == 3
    assert [line["ply"] for line in lines] == [0, 1, 2]
    assert lines[1]["legal"] == sorted(lines[1]["legal"]) and len(lines[1]["legal"]) == 8
    assert lines[2]["to_move"] == 0 and lines[2]["outcome"] is None


def test_illegal_move_prints_an_error_line_and_exits_2():
    result = run(["replay", "abande"], "d4\nd4\nd5\n")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 2
    assert lines[-1]["ply"] == 1 and "error" in lines[-1] and len(lines) == 3  # start, d4, error
    assert "Traceback" not in result.stderr


def test_bad_options_and_unknown_game():
    """One error line that says what is wrong, nothing else printed, exit status 2."""
    for args, says in (
        (["replay", "abande", "--options", '{"board": "round"}'], "'board' must be one of"),
        (["replay", "abande", "--options", '{"size": 9}'], "unknown option(s): size"),
        (["replay", "abande", "--options", "not json"], "--options is not valid JSON"),
        (["replay", "abande", "--options", "[1]"], "--options must be a JSON object"),
        (["replay", "chess"], "unknown game 'chess'"),
    ):
        result = run(args)
        assert result.returncode == 2, args
        [line] = result.stdout.splitlines()
        answer = json.loads(line)
        assert set(answer) == {"ply", "error"} and answer["ply"] == 0, args
        assert says in answer["error"], (args, answer["error"])
        assert "Traceback" not in result.stderr


def test_every_registered_game_replays_its_initial_position():
    from games.registry import all_games

    for slug in all_games():
        line = json.loads(run(["replay", slug]).stdout.splitlines()[0])
        assert line["ply"] == 0 and line["legal"] and line["outcome"] is None, slug
