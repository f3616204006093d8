"""What withdrawing would do to a player's games now, told before they confirm (the rule is `withdrawals`').

It reads the games as `withdrawing.mark_withdrawn` will and asks the same pure rule, so the page says what the
withdrawal then does; `describe` words it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from daymove.competitions import withdrawals, withdrawing
from daymove.competitions.models import Division, Entry, LeagueGame, Season
from daymove.competitions.tables import Table
from daymove.errors import Refused
from daymove.play.models import Match


@dataclass(frozen=True)
class Preview:
    """The rule that would apply, the player's games finished of all, and the opponents of the games it would end."""

    rule: withdrawals.Rule
    finished: int
    total: int
    aborted: tuple[str, ...]
    forfeited: tuple[str, ...]

    @property
    def words(self) -> str:
        return describe(self)


def _games(count: int) -> str:
    return ngettext("%(count)s game", "%(count)s games", count) % {"count": count}


def _names(opponents: tuple[str, ...]) -> str:
    """ "ann, ben (2 games) and cat": each opponent once, with how many games if more than one."""
    named = [name if n == 1 else f"{name} ({_games(n)})" for name, n in sorted(Counter(opponents).items())]
    if len(named) == 1:
        return named[0]
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(named[:-1]), "last": named[-1]}


def describe(preview: Preview) -> str:
    """The preview in words, naming the opponents whose games it ends, in the reader's language."""
    done = ngettext(
        "You have finished %(finished)s of your %(count)s game",
        "You have finished %(finished)s of your %(count)s games",
        preview.total,
    ) % {"finished": preview.finished, "count": preview.total}
    if preview.rule is withdrawals.Rule.STRUCK:
        if preview.finished:
            rated = ngettext("the finished one stays rated", "the finished ones stay rated", preview.finished)
            words = [
                gettext("%(done)s, fewer than half, so all of them are struck from the table (%(rated)s)")
                % {"done": done, "rated": rated}
            ]
        else:
            words = [gettext("%(done)s, fewer than half, so all of them are struck from the table") % {"done": done}]
        if preview.aborted:
            aborted = ngettext(
                "your %(count)s game still running, against %(names)s, is aborted, unrated",
                "your %(count)s games still running, against %(names)s, are aborted, unrated",
                len(preview.aborted),
            )
            words.append(aborted % {"count": len(preview.aborted), "names": _names(preview.aborted)})
        return "; ".join(words) + "."
    words = [gettext("%(done)s, half or more, so your results stand") % {"done": done}]
    if preview.forfeited:
        forfeited = ngettext(
            "your %(count)s game still running is a forfeit win, unrated, for %(names)s",
            "your %(count)s games still running are forfeit wins, unrated, for %(names)s",
            len(preview.forfeited),
        )
        words.append(forfeited % {"count": len(preview.forfeited), "names": _names(preview.forfeited)})
    return "; ".join(words) + "."


def _opponent(game: LeagueGame, player_id: int) -> str:
    return game.match.players[1 - withdrawing.seat_in(game, player_id)].username


def _preview_of(games: Sequence[LeagueGame], player_id: int) -> Preview:
    """What withdrawing would do to the player's `games` (their matches' status and players loaded)."""
    finished = [withdrawals.Game(g.pk, g.match.status == Match.Status.FINISHED) for g in games]
    decision = withdrawals.withdraw(finished)
    running = {g.pk: g for g in games if g.match.status == Match.Status.ACTIVE}
    return Preview(
        rule=decision.rule,
        finished=sum(g.finished for g in finished),
        total=len(games),
        aborted=tuple(_opponent(running[pk], player_id) for pk in decision.aborted if pk in running),
        forfeited=tuple(_opponent(running[pk], player_id) for pk in decision.forfeited if pk in running),
    )


def preview(entry: Entry) -> Preview:
    """What withdrawing `entry` now would do to each of its games."""
    return _preview_of(withdrawing.games_of(entry), entry.player_id)


def for_viewer(table: Table, user) -> Preview | None:
    """What withdrawing would do to the viewer's games, read from their division's table (no query more); None
    unless they play in it, its season runs and they have not withdrawn."""
    line = table.line_of(user) if user.is_authenticated else None
    if line is None or line.withdrawn or table.division.season.status != Season.Status.RUNNING:
        return None
    games = [game for round_games in table.fixtures.values() for game in round_games]
    theirs = [game for game in games if user.pk in (game.match.player0_id, game.match.player1_id)]
    return _preview_of(theirs, user.pk)


def own_entry(division: Division, user) -> Entry:
    """The user's entry in the division (withdrawn or not); Refused if they do not play in it."""
    entry = Entry.objects.filter(division=division, player=user).select_related("division").first()
    if entry is None:
        raise Refused(gettext("You do not play in this division, so there is nothing to withdraw from."))
    return entry


def require_as_shown(entry: Entry, rule_shown: str) -> None:
    """Refused if the rule the player confirmed is no longer the one a withdrawal would apply (a game ended since)."""
    if entry.withdrawn_at is None and preview(entry).rule != rule_shown:
        raise Refused(
            gettext(
                "One of your games has ended since the page was drawn, and that changes what withdrawing does "
                "to your games: read it again before you confirm."
            )
        )
