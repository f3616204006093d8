"""Results in words: one sentence for how a game ended, from a game's own reasons and the endings every game shares.

Each game declares the phrase for each of its rules' outcome reasons (`Game.reason_words`) and the unit its scores
count (`Game.score_unit`); the endings the site decides (a resignation, a timeout, an agreed draw, a moderator's
decision) are worded here once, because every game's board, status line and emails tell of them too. The sentences
are messages (games/messages.py): the site says them in the reader's language, `result_sentence` in English.
"""

from __future__ import annotations

from games.messages import N_, NP_, Count, Message, Unit, render, say

# The endings the site decides, whatever the game. "{winner}" and "{loser}" are the players' names;
# "{mover}" is the player whose turn it was when the match ended.
SITE_ENDINGS = {
    "resignation": N_("{loser} resigned"),
    "timeout": N_("{loser} ran out of time"),
    "agreement": N_("drawn by agreement"),
    "aborted": N_("aborted: {mover} made no first move in time"),
    "aborted-by-admin": N_("aborted by a moderator"),
    "declared-by-admin": N_("result declared by a moderator"),
    "forfeit": N_("{loser} withdrew from the league (a forfeit, unrated)"),
    "aborted-withdrawal": N_("aborted: a player withdrew from the league"),
}
ABORTED = frozenset({"aborted", "aborted-by-admin", "aborted-withdrawal"})
# The same endings as a whole sentence, when no one won (and for every abort).
SITE_SENTENCES = {
    "agreement": N_("Drawn by agreement"),
    "aborted": N_("Aborted: {mover} made no first move in time"),
    "aborted-by-admin": N_("Aborted by a moderator"),
    "declared-by-admin": N_("Draw declared by a moderator"),
    "aborted-withdrawal": N_("Aborted: a player withdrew from the league"),
}
POINTS = NP_("{n} point", "{n} points")
SOMEONE = N_("a player")  # the mover of an abort whose turn is not known


def play_it(move: str) -> Message:
    """How to play a move whose clicks are all made: the Play button the page offers for it."""
    return say(N_("press “Play {move}” to play it"), move=move)


def score_message(scores, winner: int | None, names: tuple[str, str], unit: Unit) -> Message | None:
    """The scores in words, the winner's first: "18 points to 15", "15 points each", "alice 3 points, bob 2"."""
    if scores is None:
        return None
    if scores[0] == scores[1]:
        return say(N_("{count} each"), count=Count(scores[0], unit))
    if winner is not None:
        return say(N_("{count} to {other}"), count=Count(scores[winner], unit), other=scores[1 - winner])
    return say(
        N_("{first} {count}, {second} {other}"),
        first=names[0],
        count=Count(scores[0], unit),
        second=names[1],
        other=scores[1],
    )


def score_phrase(scores, winner: int | None, names: tuple[str, str], unit: Unit) -> str:
    """The scores in English words ("" without scores)."""
    message = score_message(scores, winner, names, unit)
    return render(message) if message is not None else ""


def _phrase(template: str | Message, slots: dict) -> Message:
    """A reason's words with the players' names; a game's own constants (a ply limit) are parameters already."""
    if isinstance(template, Message):
        return Message(template.text, {**template.params, **slots})
    return Message(template, slots)


def result_message(
    outcome: dict,
    names: tuple[str, str],
    reason_words: dict[str, str | Message],
    unit: Unit,
    mover: int | None = None,
    unscored: tuple[str, ...] = (),
) -> Message:
    """ "alice won: bob's last piece was captured (2 pieces to 0)", "Draw: the same position came up a third time"."""
    reason, winner = outcome["reason"], outcome["winner"]
    slots = {
        "winner": names[winner] if winner is not None else "",
        "loser": names[1 - winner] if winner is not None else "",
        "mover": names[mover] if mover is not None else say(SOMEONE),
    }
    if reason in SITE_ENDINGS:
        if reason in SITE_SENTENCES and (winner is None or reason in ABORTED):
            return Message(SITE_SENTENCES[reason], slots)
        if winner is None:  # an ending that names a loser, without one: never met in play
            return Message(SITE_ENDINGS[reason], slots)
        return say(N_("{winner} won: {phrase}"), winner=slots["winner"], phrase=Message(SITE_ENDINGS[reason], slots))
    template = (reason_words.get(f"{reason}/draw") if winner is None else None) or reason_words.get(reason)
    phrase = _phrase(template, slots) if template else reason.replace("-", " ")
    scores = None if reason in unscored else score_message(outcome.get("scores"), winner, names, unit)
    if winner is not None:
        if scores is None:
            return say(N_("{winner} won: {phrase}"), winner=slots["winner"], phrase=phrase)
        return say(N_("{winner} won: {phrase} ({scores})"), winner=slots["winner"], phrase=phrase, scores=scores)
    if scores is None:
        return say(N_("Draw: {phrase}"), phrase=phrase)
    return say(N_("Draw: {phrase} ({scores})"), phrase=phrase, scores=scores)


def result_sentence(
    outcome: dict,
    names: tuple[str, str],
    reason_words: dict[str, str | Message],
    unit: Unit,
    mover: int | None = None,
    unscored: tuple[str, ...] = (),
) -> str:
    """The result in English (the command line's, and the default of `Game.result_words`)."""
    return render(result_message(outcome, names, reason_words, unit, mover, unscored))


def short_result(outcome: dict, names: tuple[str, str]) -> Message:
    """A headline where a board has little room: "White won", "Draw", "Black resigned", "Aborted"."""
    reason, winner = outcome["reason"], outcome["winner"]
    if reason in ABORTED:
        return say(N_("Aborted"))
    if reason == "resignation":
        return say(N_("{loser} resigned"), loser=names[1 - winner])
    if reason == "timeout":
        return say(N_("{loser} lost on time"), loser=names[1 - winner])
    if reason == "agreement":
        return say(N_("Draw agreed"))
    return say(N_("{winner} won"), winner=names[winner]) if winner is not None else say(N_("Draw"))
