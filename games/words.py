"""Results in words: one sentence for how a game ended, from a game's own reasons and the endings every game shares.

Each game declares the phrase for each of its rules' outcome reasons (`Game.reason_words`) and the unit its scores
count (`Game.score_unit`); the endings the site decides (a resignation, a timeout, an agreed draw, a moderator's
decision) are worded here once, because every game's board, status line and emails tell of them too.
"""

from __future__ import annotations

# The endings the site decides, whatever the game. "{winner}" and "{loser}" are the players' names;
# "{mover}" is the player whose turn it was when the match ended.
SITE_ENDINGS = {
    "resignation": "{loser} resigned",
    "timeout": "{loser} ran out of time",
    "agreement": "drawn by agreement",
    "aborted": "aborted: {mover} made no first move in time",
    "aborted-by-admin": "aborted by a moderator",
    "declared-by-admin": "result declared by a moderator",
    "forfeit": "{loser} withdrew from the league (a forfeit, unrated)",
    "aborted-withdrawal": "aborted: a player withdrew from the league",
}
ABORTED = frozenset({"aborted", "aborted-by-admin", "aborted-withdrawal"})


def play_it(move: str) -> str:
    """How to play a move whose clicks are all made: the Play button the page offers for it."""
    return f"press “Play {move}” to play it"


def with_article(words: str) -> str:
    """ "an orange sun", "a blue moon": the indefinite article chosen by the word that follows it."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def score_phrase(scores, winner: int | None, names: tuple[str, str], unit: str) -> str:
    """The scores in words, the winner's first: "18 points to 15", "15 points each", "alice 3 points, bob 2"."""
    if scores is None:
        return ""
    if scores[0] == scores[1]:
        return f"{_count(scores[0], unit)} each"
    if winner is not None:
        return f"{_count(scores[winner], unit)} to {scores[1 - winner]}"
    return f"{names[0]} {_count(scores[0], unit)}, {names[1]} {scores[1]}"


def _count(n: int, unit: str) -> str:
    """ "1 point", "2 points": units are declared in the plural."""
    return f"{n} {unit[:-1] if n == 1 and unit.endswith('s') else unit}"


def result_sentence(
    outcome: dict,
    names: tuple[str, str],
    reason_words: dict[str, str],
    unit: str,
    mover: int | None = None,
    unscored: tuple[str, ...] = (),
) -> str:
    """ "alice won: bob's last piece was captured (2 pieces to 0)", "Draw: the same position came up a third time"."""
    reason, winner = outcome["reason"], outcome["winner"]
    slots = {
        "winner": names[winner] if winner is not None else "",
        "loser": names[1 - winner] if winner is not None else "",
        "mover": names[mover] if mover is not None else "a player",
    }
    if reason in SITE_ENDINGS:
        phrase = SITE_ENDINGS[reason].format(**slots)
        if reason in ABORTED:
            return phrase[0].upper() + phrase[1:]
        if reason == "declared-by-admin" and winner is None:
            return "Draw declared by a moderator"
        return f"{names[winner]} won: {phrase}" if winner is not None else phrase[0].upper() + phrase[1:]
    template = (reason_words.get(f"{reason}/draw") if winner is None else None) or reason_words.get(reason)
    phrase = template.format(**slots) if template else reason.replace("-", " ")
    scores = "" if reason in unscored else score_phrase(outcome.get("scores"), winner, names, unit)
    tail = f" ({scores})" if scores else ""
    return f"{names[winner]} won: {phrase}{tail}" if winner is not None else f"Draw: {phrase}{tail}"


def short_result(outcome: dict, names: tuple[str, str]) -> str:
    """A headline where a board has little room: "White won", "Draw", "Black resigned", "Aborted"."""
    reason, winner = outcome["reason"], outcome["winner"]
    if reason in ABORTED:
        return "Aborted"
    if reason == "resignation":
        return f"{names[1 - winner]} resigned"
    if reason == "timeout":
        return f"{names[1 - winner]} lost on time"
    if reason == "agreement":
        return "Draw agreed"
    return f"{names[winner]} won" if winner is not None else "Draw"
