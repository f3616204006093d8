"""Bulk seeding for the load benchmark: thousands of players and matches of every game, as a busy site has.

Each match is the first plies of a random game, played through the rules, so its moves replay to its cached
position (`manage.py replaycheck` agrees); its clock and its players' ratings come from the product's own clock
and rating services, on rows made in bulk. The functions work on whatever database Django is configured with.
"""

from __future__ import annotations

import itertools
import random
import secrets
from dataclasses import dataclass, field, replace
from datetime import timedelta

from games.base import Outcome
from games.registry import all_games

ACTIVE_SHARE = 0.6
PLAYED_OUT_SHARE = 0.35
RATED_SHARE = 0.9
CHAT_SHARE = 0.2
TIME_ZONES = [
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Asia/Kolkata",
]
MAX_PLIES = 5000  # no game here comes near; a bound so a generating loop always stops


# ---- random games ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One random game played to its end: the mover and move of each ply, each position's JSON, the result."""

    game: str
    options: dict
    seats: tuple[int, ...]
    notations: tuple[str, ...]
    states: tuple[dict, ...]  # one more than moves: the position before each ply, then the final one
    outcome: Outcome

    @property
    def length(self) -> int:
        return len(self.notations)


def random_lines(rng: random.Random, per_variant: int) -> list[Line]:
    """`per_variant` random games of every registered game and every combination of its options."""
    lines = []
    for slug, game in all_games().items():
        for values in itertools.product(*game.option_choices.values()):
            options = game.normalize_options(dict(zip(game.option_choices, values)))
            for _ in range(per_variant):
                lines.append(_random_line(rng, slug, game, options))
    return lines


def _random_line(rng, slug, game, options) -> Line:
    state = game.initial_state(options)
    seats, notations, states = [], [], [game.to_json(state)]
    for _ in range(MAX_PLIES):
        seat = game.current_player(state)
        if seat is None:
            break
        move = rng.choice(game.legal_moves(state))
        seats.append(seat)
        notations.append(game.format_move(move))
        state = game.apply_move(state, move)
        states.append(game.to_json(state))
    else:
        raise RuntimeError(f"a random {slug} game did not end within {MAX_PLIES} plies")
    return Line(slug, options, tuple(seats), tuple(notations), tuple(states), game.outcome(state))


# ---- seeding -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveTask:
    """The next move of a seeded active match: the move its random game went on with."""

    match_id: int
    players: tuple[int, int]
    line: Line
    ply: int

    @property
    def user_id(self) -> int:
        return self.players[self.line.seats[self.ply]]

    @property
    def notation(self) -> str:
        return self.line.notations[self.ply]

    def following(self) -> MoveTask | None:
        """The move after this one, once this one is applied; None when this one ends the game."""
        return replace(self, ply=self.ply + 1) if self.ply + 1 < self.line.length else None


@dataclass
class Seeded:
    """What was seeded, as the load generator needs it."""

    user_ids: list[int]
    viewers: list[tuple[int, int]]  # (match id, a player of it) for every match
    move_tasks: list[MoveTask]  # one per active match
    counts: dict[str, int]
    division_viewers: list[tuple[str, int]] = field(default_factory=list)  # (division page, a player of it)


def seed(
    players: int,
    matches: int,
    *,
    challenges: int = 100,
    rng: random.Random | None = None,
    lines_per_variant: int = 8,
    prefix: str = "lb",
) -> Seeded:
    """Bulk-create players, matches (with moves, clocks, ratings, chat) and open challenges in one transaction.

    Each match is the first plies of a random game of a registered game, so its moves replay to its cached
    position (`manage.py replaycheck` agrees). bulk_create sends no signals: Player rows are made here.
    """
    from django.db import transaction

    rng = rng or random.Random(1)
    if players < 2:
        raise ValueError("a match needs two players")
    lines = random_lines(rng, lines_per_variant)
    with transaction.atomic():
        users = _seed_users(players, prefix, rng)
        seeded = _seed_matches(users, matches, lines, rng)
        seeded.counts["open challenges"] = _seed_challenges(users, challenges, rng)
    return seeded


def _seed_users(count: int, prefix: str, rng) -> list:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from daymove.players.models import Player

    User = get_user_model()
    password = make_password(secrets.token_urlsafe())  # one hash for all: nobody logs in, sessions are made
    now = timezone.now()
    users = User.objects.bulk_create(
        [
            User(
                username=f"{prefix}{i:05d}",
                email=f"{prefix}{i:05d}@example.com",
                password=password,
                date_joined=now - timedelta(days=rng.uniform(0, 400)),
            )
            for i in range(count)
        ],
        batch_size=1000,
    )
    Player.objects.bulk_create([Player(user=u, time_zone=rng.choice(TIME_ZONES)) for u in users], batch_size=1000)
    EmailAddress.objects.bulk_create(
        [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users], batch_size=1000
    )
    return users


def _seed_matches(users: list, count: int, lines: list[Line], rng) -> Seeded:
    from django.utils import timezone

    from daymove.clocks.models import MatchClock
    from daymove.play.models import Match, Move
    from daymove.talk.models import ChatMessage

    now = timezone.now()
    planned = [_plan_match(users, i, rng.choice(lines), now, rng) for i in range(count)]
    created = Match.objects.bulk_create([plan.match for plan in planned], batch_size=1000)
    moves, clocks, chat = [], [], []
    for plan, match in zip(planned, created):
        moves.extend(plan.moves(match))
        clocks.append(plan.clock(match))
        if rng.random() < CHAT_SHARE:
            chat.extend(
                ChatMessage(
                    match=match,
                    author=rng.choice(match.players),
                    text=rng.choice(CHAT_LINES),
                    created=match.updated - timedelta(minutes=rng.uniform(1, 600)),
                )
                for _ in range(rng.randint(1, 5))
            )
    Move.objects.bulk_create(moves, batch_size=5000)
    MatchClock.objects.bulk_create(clocks, batch_size=1000)
    ChatMessage.objects.bulk_create(chat, batch_size=1000)
    rated = _seed_ratings(created)
    active = [m for m in created if m.status == Match.Status.ACTIVE]
    tasks = [
        MoveTask(m.pk, (m.player0_id, m.player1_id), plan.line, m.ply)
        for plan, m in zip(planned, created)
        if m.status == Match.Status.ACTIVE
    ]
    rng.shuffle(tasks)
    return Seeded(
        user_ids=[u.pk for u in users],
        viewers=[(m.pk, rng.choice((m.player0_id, m.player1_id))) for m in created],
        move_tasks=tasks,
        counts={
            "players": len(users),
            "matches": len(created),
            "active": len(active),
            "finished": len(created) - len(active),
            "moves": len(moves),
            "chat lines": len(chat),
            "ratings": rated,
        },
    )


CHAT_LINES = [
    "Good luck!",
    "Have fun.",
    "Nice move.",
    "Sorry for the slow reply, busy week.",
    "Ouch.",
    "I did not see that coming.",
    "Well played.",
    "Thanks for the game!",
    "Rematch?",
]


@dataclass
class _Plan:
    """One match to seed: a random game cut at `ply`, how it stands there, and when things happened."""

    match: object
    line: Line
    days_per_move: int

    def moves(self, match) -> list:
        from daymove.play.models import Move

        span = match.updated - match.created
        return [
            Move(
                match=match,
                ply=k,
                seat=self.line.seats[k],
                notation=self.line.notations[k],
                created=match.created + span * (k + 1) / (match.ply + 1),
            )
            for k in range(match.ply)
        ]

    def clock(self, match):
        """The match's clock as the clocks service starts a turn, the current one started at the last move."""
        from daymove.clocks import services
        from daymove.clocks.models import TimeControl

        terms = {"kind": TimeControl.Kind.PER_MOVE.value, "days": self.days_per_move}
        return services.new_clock(match, terms, turn_started=match.updated)


def _plan_match(users, index, line: Line, now, rng) -> _Plan:
    """Every player is player 0 or 1 of at least matches/players matches, and of more at random."""
    from daymove.play.models import Match

    first = users[index % len(users)]
    second = rng.choice(users)
    while second.pk == first.pk:
        second = rng.choice(users)
    player0, player1 = (first, second) if rng.random() < 0.5 else (second, first)
    days = _days_per_move(rng)
    fields = {
        "game": line.game,
        "options": line.options,
        "player0": player0,
        "player1": player1,
        "rated": rng.random() < RATED_SHARE,
    }
    kind = rng.random()
    if kind < ACTIVE_SHARE:
        ply = rng.randrange(line.length)
        # The running deadline is still ahead: the last move was made within the current turn's time.
        updated = now - timedelta(days=rng.uniform(0, 0.9 * days))
        fields |= {
            "status": Match.Status.ACTIVE,
            "to_move": line.seats[ply],
            "updated": updated,
            "created": updated - timedelta(days=rng.uniform(1, 180)),
        }
    else:
        created = now - timedelta(days=rng.uniform(3, 180))
        finished = created + (now - created) * rng.uniform(0.1, 0.95)
        fields |= {
            "status": Match.Status.FINISHED,
            "to_move": None,
            "created": created,
            "updated": finished,
            "finished_at": finished,
        }
        if kind < ACTIVE_SHARE + PLAYED_OUT_SHARE:
            ply = line.length
            outcome = line.outcome
            fields |= {
                "winner": outcome.winner,
                "result_reason": outcome.reason,
                "scores": list(outcome.scores) if outcome.scores is not None else None,
            }
        else:
            ply = rng.randrange(line.length)
            fields |= {"winner": 1 - line.seats[ply], "result_reason": "resignation"}
    return _Plan(Match(ply=ply, state=line.states[ply], **fields), line, days)


def _seed_ratings(matches: list) -> int:
    """A rating per (player, game) played, and the rating change of every finished rated match, as it ended."""
    from daymove.ratings import glicko2, updates
    from daymove.ratings.models import Rating, RatingChange

    rng = random.Random(len(matches))
    rows: dict[tuple[int, str], Rating] = {}
    changes = []
    for match in sorted(matches, key=lambda m: m.updated):
        for uid in (match.player0_id, match.player1_id):
            if (uid, match.game) not in rows:
                # A player's rating before the site's history starts: anything a real player might have.
                value = glicko2.Glicko(rng.gauss(1500, 250), rng.uniform(50, 250), glicko2.INITIAL_VOLATILITY)
                row = Rating(user_id=uid, game=match.game)
                row.store(glicko2.clamp(value), match.created)
                rows[uid, match.game] = row
        if updates.is_rated_result(match):
            pair = [rows[match.player0_id, match.game], rows[match.player1_id, match.game]]
            changes.extend(updates.apply_result(match, pair, match.finished_at))
    Rating.objects.bulk_create(rows.values(), batch_size=1000)
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    return len(rows)


def _seed_challenges(users: list, count: int, rng) -> int:
    """Open challenges to anyone, as the lobby lists them."""
    from django.utils import timezone

    from daymove.clocks.models import ChallengeClock
    from daymove.play.models import Challenge

    games = list(all_games().values())
    now = timezone.now()
    made = []
    for _ in range(count):
        game = rng.choice(games)
        values = [rng.choice(allowed) for allowed in game.option_choices.values()]
        made.append(
            Challenge(
                game=game.slug,
                options=game.normalize_options(dict(zip(game.option_choices, values))),
                creator=rng.choice(users),
                created=now - timedelta(hours=rng.uniform(0, 96)),
            )
        )
    made = Challenge.objects.bulk_create(made, batch_size=1000)
    ChallengeClock.objects.bulk_create(
        [ChallengeClock(challenge=c, days_per_move=_days_per_move(rng)) for c in made], batch_size=1000
    )
    return len(made)


def _days_per_move(rng) -> int:
    """A time control as players choose it: any allowed one, the default (3 days) most often."""
    from daymove.clocks.terms import DAYS_PER_MOVE, DEFAULT_TERMS

    return rng.choice(sorted([*DAYS_PER_MOVE, DEFAULT_TERMS["days"], DEFAULT_TERMS["days"]]))


# ---- leagues -------------------------------------------------------------------------------------------------

LEAGUE_DIVISION = 10  # players in each seeded division: the largest a division may be


def seed_leagues(seeded: Seeded, rng: random.Random, per_game: int = 1, finished_share: float = 0.5) -> None:
    """A league season in progress per game, `per_game` divisions of 10 each, made by the competitions' services.

    The entrants are seeded players (registered through the registration service); the season is started by the
    seasons service, and about `finished_share` of each division's games are ended by a resignation through the
    round's endings, so its table has results and games still running. Adds the division pages and a player of
    each to `seeded.division_viewers`.
    """
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from daymove.competitions import registration, seasons
    from daymove.competitions.models import LeagueGame, Series
    from daymove.play.signals import replaying_history
    from daymove.round import endings

    users = list(get_user_model().objects.filter(pk__in=seeded.user_ids))
    games = league_games = 0
    with replaying_history():  # the seeded site's history: nobody is emailed about it
        for slug, game in all_games().items():
            series = Series.objects.create(
                slug=f"{slug}-league", name=f"{game.name} league", game=slug, options=game.normalize_options({})
            )
            for user in rng.sample(users, LEAGUE_DIVISION * per_game):
                registration.register(series, user)
            season = seasons.next_season(series)
            seasons.start_season(season, timezone.now())
            games += 1
            for league_game in LeagueGame.objects.filter(division__season=season).select_related("match"):
                league_games += 1
                if rng.random() < finished_share:
                    match = league_game.match
                    endings.resign(match.pk, rng.choice(match.players))
            for division in season.divisions.prefetch_related("entries"):
                path = division.get_absolute_url()
                seeded.division_viewers += [(path, entry.player_id) for entry in division.entries.all()]
    seeded.counts["league seasons"] = games
    seeded.counts["league games"] = league_games
