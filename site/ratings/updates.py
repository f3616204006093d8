"""Rating a match as it ends, and what a match would change (shown on the challenge form)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from daymove.prepared_sql import Prepared
from daymove.ratings import glicko2
from daymove.ratings.models import Rating, RatingChange, display

# Two players' ratings in every game (a match page's players line): its SQL built once per process
# (daymove.prepared_sql); a player has a row for each game they played rated, so at most a few.
_PAIR_RATINGS = Prepared(lambda first_id, second_id: Rating.objects.filter(user_id__in=[first_id, second_id]))

# The rating changes a match made (a finished match page's players line): its SQL built once per process too.
_MATCH_CHANGES = Prepared(lambda match_id: RatingChange.objects.filter(match_id=match_id))


def ratings_for(user_ids, game: str) -> dict[int, Rating]:
    """Each user's rating in `game` (an unsaved initial rating for a newcomer), in one query."""
    user_ids = list(user_ids)
    if len(user_ids) == 2:
        rows = [r for r in _PAIR_RATINGS.models(*user_ids) if r.game == game]
    else:
        rows = Rating.objects.filter(user_id__in=user_ids, game=game)
    found = {r.user_id: r for r in rows}
    return {uid: found.get(uid) or Rating(user_id=uid, game=game) for uid in user_ids}


def changes_made_by(match) -> dict[int, RatingChange]:
    """The rating changes `match` made, by user id (none for an unrated or unfinished match), in one query."""
    return {change.user_id: change for change in _MATCH_CHANGES.models(match.pk)}


def _score(winner: int | None, seat: int) -> float:
    return 0.5 if winner is None else 1.0 if winner == seat else 0.0


def is_rated_result(match) -> bool:
    """True for a finished rated match: the only kind that changes ratings."""
    return match.rated and match.status == match.Status.FINISHED


def apply_result(match, pair: list[Rating], when) -> list[RatingChange]:
    """Rate finished `match` on its players' rows [seat 0, seat 1]: the rows are changed (not saved), the changes made.

    Each player is rated from both players' values at `when` (deviations grown by idle time).
    """
    before = [row.current(when) for row in pair]
    after = glicko2.game(before[0], before[1], _score(match.winner, 0))
    changes = []
    for seat, row in enumerate(pair):
        changes.append(
            RatingChange(
                match=match,
                user_id=row.user_id,
                game=match.game,
                score=_score(match.winner, seat),
                rating_before=before[seat].rating,
                deviation_before=before[seat].deviation,
                volatility_before=before[seat].volatility,
                rating_after=after[seat].rating,
                deviation_after=after[seat].deviation,
                volatility_after=after[seat].volatility,
                created=when,
            )
        )
        row.store(after[seat], when)
        row.games += 1
    return changes


def rate_match(match) -> list[RatingChange]:
    """Apply a finished rated match to both players' ratings, once (call in the finishing transaction).

    A second call for the same match changes nothing.
    """
    if not is_rated_result(match):
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []
    when = match.finished_at or timezone.now()
    user_ids = [match.player0_id, match.player1_id]
    for uid in user_ids:
        Rating.objects.get_or_create(user_id=uid, game=match.game, defaults={"updated": when})
    # Lock both rows (in a fixed order) so two matches ending at once cannot lose an update.
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(user_id__in=user_ids, game=match.game).order_by("pk")
    }
    pair = [rows[uid] for uid in user_ids]
    changes = apply_result(match, pair, when)
    for row in pair:
        row.save()
    RatingChange.objects.bulk_create(changes)
    return changes


@dataclass(frozen=True)
class Expectation:
    """The rating change a match would bring for a win, a draw and a loss."""

    rating: str
    opponent_rating: str
    win: int
    draw: int
    loss: int


def expected_change(mine: glicko2.Glicko, theirs: glicko2.Glicko) -> Expectation:
    """How a match against `theirs` would move `mine` (rounded points)."""
    deltas = [round(glicko2.game(mine, theirs, score)[0].rating) - round(mine.rating) for score in (1, 0.5, 0)]
    return Expectation(display(mine), display(theirs), *deltas)


def typical_opponent(mine: glicko2.Glicko) -> glicko2.Glicko:
    """Who an open challenge is compared against: a player of your rating, established (RD 60)."""
    return glicko2.Glicko(mine.rating, 60.0, glicko2.INITIAL_VOLATILITY)


def challenge_expectation(user, game: str, opponent=None) -> Expectation:
    """What a match in `game` would change for `user`: against `opponent`, or a typical opponent."""
    ids = [user.pk] + ([opponent.pk] if opponent is not None else [])
    rows = ratings_for(ids, game)
    now = timezone.now()
    mine = rows[user.pk].current(now)
    theirs = rows[opponent.pk].current(now) if opponent is not None else typical_opponent(mine)
    return expected_change(mine, theirs)
