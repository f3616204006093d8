"""A season's life: opened for registration, drawn into divisions, started with every game at once, closed.

The entrants are the registered players who still qualify at the start (`registration.eligible`). A season
starts on its date (beat) with at least 4 of them; with fewer it waits, and `season_waiting` says once (per
change of the number) for how many more. The start creates the divisions, entries and every match of every
division at once (Berger seats, drawn by lot; a double round robin swaps seats), their clocks, and bots'
first turns, in a fixed number of bulk queries; players hear one `season_started`, not a `match_started` per
game. The close comes when every game ended or 12 weeks after the start: games still running go on, and a
player whose movement they could still change stays (`season_dates.moves_at_close`); the next season opens
a week after the close.

The draw: by rating while the series has no closed season before this one, else by that season's movement
(newcomers by rating, not above the middle division while provisional). `draw(season)` is a preview
(unsaved entries, top division first). An admin who wants to change it stores it with `draw_season(season)`
(Divisions and Entries without games) and moves players with `move_before_start(entry, division)`;
`start_season` then uses the stored draw if it holds exactly the season's entrants and no division of one
(divisions emptied by moves are removed), and draws afresh (replacing it) if anyone joined or left since.

Registrations belong to the series. At a start, ONCE registrations of the entrants are consumed, and SKIP
ones return to RECURRING remembering the season they skipped (`Registration.skipped_season`): at the next
draw a skipper is placed in the division they held before it, as a player who stays.

Each change is a compare-and-set on the season's status (changed != 1: someone else did it, nothing happens);
its signals are sent inside its transaction, after everything it causes is written.
"""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from daymove.clocks.services import start_clocks
from daymove.clocks.terms import check_terms
from daymove.competitions import berger, divisions, season_dates, signals
from daymove.competitions.divisions import Entrant, Finisher, Move
from daymove.competitions.models import Division, Entry, LeagueGame, Registration, Season, Series
from daymove.competitions.registration import eligible
from daymove.competitions.tables import load_tables
from daymove.errors import Conflict, Refused
from daymove.play.bot_jobs import schedule_bot_turn
from daymove.play.models import Match
from daymove.players.bots import is_bot
from daymove.ratings.glicko2 import Glicko
from daymove.ratings.updates import ratings_for

MINIMUM_ENTRANTS = 4
ENTERING = (Registration.Mode.RECURRING, Registration.Mode.ONCE)
MOVEMENT = {Move.UP: Entry.Movement.UP, Move.STAY: Entry.Movement.STAY, Move.DOWN: Entry.Movement.DOWN}
STEP_BACK = {Entry.Movement.UP: Move.UP, Entry.Movement.STAY: Move.STAY, Entry.Movement.DOWN: Move.DOWN}


def next_season(series: Series, now: datetime | None = None) -> Season:
    """The season open for registration, created when missing (a week after the last close, or its latest close)."""
    now = now or timezone.now()
    season = series.seasons.filter(status=Season.Status.OPEN).order_by("number").first()
    if season is not None:
        return season
    last = series.seasons.order_by("-number").first()
    if last is None:
        starts_at = season_dates.next_start(now)
    elif last.status == Season.Status.RUNNING:
        starts_at = season_dates.next_start(last.closes_by)
    else:
        starts_at = max(season_dates.next_start(last.closed_at or now), now)
    number = (last.number if last else 0) + 1
    try:
        with transaction.atomic():
            return Season.objects.create(series=series, number=number, starts_at=starts_at)
    except IntegrityError:  # opened at the same moment by another request
        return Season.objects.get(series=series, number=number)


def entrants(season: Season) -> list:
    """The registered players (every season, or this one) still eligible to enter, `player` loaded."""
    User = get_user_model()
    ids = Registration.objects.filter(series=season.series_id, mode__in=ENTERING).values("player_id")
    registered = list(User.objects.filter(pk__in=ids, is_active=True).select_related("player").order_by("pk"))
    return eligible(season.series, registered)


def _previous(season: Season, back: int) -> Season | None:
    return Season.objects.filter(series=season.series_id, number=season.number - back).first()


def _final_order(season: Season) -> tuple[list[list[int]], dict[int, Move]]:
    """A closed season's divisions, each in final-table order, and each player's movement (blank: left)."""
    last: list[list[int]] = []
    moves: dict[int, Move] = {}
    for division in season.divisions.order_by("index").prefetch_related("entries"):
        ordered = sorted(division.entries.all(), key=lambda e: (e.final_place or 999, e.seat))
        last.append([e.player_id for e in ordered])
        moves |= {e.player_id: STEP_BACK.get(e.movement, Move.LEFT) for e in ordered}
    return last, moves


def _skippers(season: Season, last_number: int, joining: set[int]) -> dict[int, int]:
    """Entrants who skipped the last season: the division index they held the season before it."""
    skipped = set(
        Registration.objects.filter(
            series=season.series_id, skipped_season=last_number, player__in=joining
        ).values_list("player_id", flat=True)
    )
    before = _previous(season, 2)
    if not skipped or before is None:
        return {}
    held = Entry.objects.filter(division__season=before, player__in=skipped, withdrawn_at__isnull=True)
    return dict(held.values_list("player_id", "division__index"))


def _ranked(season: Season, ratings: dict[int, Glicko]) -> list[list[int]]:
    """The draw as player ids, top division first: by rating the first season, else by last season's movement."""
    joining = {p: Entrant(p, value.rating, value.provisional) for p, value in ratings.items()}
    last_season = _previous(season, 1)
    if last_season is None or last_season.status != Season.Status.CLOSED:
        return [list(d) for d in divisions.first_season(list(joining.values()))]
    last, moves = _final_order(last_season)
    moves = {p: (m if p in joining else Move.LEFT) for p, m in moves.items()}
    for player, index in _skippers(season, last_season.number, set(joining) - set(moves)).items():
        # A skipper comes back as one who stayed in their old division (its index clamped to the ladder).
        last[min(index, len(last) - 1)].append(player)
        moves[player] = Move.STAY
    # Newcomers: who did not play last season, or left it (withdrawn) and joins again.
    newcomers = [e for p, e in joining.items() if moves.get(p, Move.LEFT) is Move.LEFT]
    points = {p: e.rating for p, e in joining.items()}
    return [list(d) for d in divisions.next_season(last, moves, newcomers, points)]


def draw(season: Season) -> list[list[Entry]]:
    """A preview of the season's divisions, top first, as unsaved entries (see the module's docstring)."""
    return _draw(season, entrants(season))


def _draw(season: Season, players: list) -> list[list[Entry]]:
    by_id = {u.pk: u for u in players}
    now = timezone.now()
    ratings = {uid: r.current(now) for uid, r in ratings_for(list(by_id), season.series.game).items()}
    return [
        [
            Entry(player=by_id[p], seat=seat, rating_at_start=ratings[p].rating, provisional=ratings[p].provisional)
            for seat, p in enumerate(group, 1)
        ]
        for group in _ranked(season, ratings)
    ]


def _store(season: Season, groups: list[list[Entry]]) -> list[Division]:
    """Write a draw's Divisions and Entries (replacing a stored one)."""
    season.divisions.all().delete()
    made = Division.objects.bulk_create(
        [Division(season=season, level=index + 1, number=1, index=index) for index in range(len(groups))]
    )
    for division, group in zip(made, groups):
        for entry in group:
            entry.division = division
    Entry.objects.bulk_create([e for group in groups for e in group], batch_size=500)
    return made


def draw_season(season: Season) -> list[Division]:
    """Store the draw of an open season so an admin can move players before the start (see `move_before_start`)."""
    with transaction.atomic():
        if not Season.objects.filter(pk=season.pk, status=Season.Status.OPEN).exists():
            raise Conflict(gettext("This season has started already."))
        return _store(season, draw(season))


def move_before_start(entry: Entry, division: Division) -> Entry:
    """Move a player of a stored draw to another division of the same season, before the season starts."""
    if division.season_id != entry.division.season_id:
        raise Refused(gettext("Players move only between the divisions of one season."))
    with transaction.atomic():
        if not Season.objects.filter(pk=division.season_id, status=Season.Status.OPEN).exists():
            raise Refused(gettext("The season has started: its divisions are settled."))
        last_seat = Entry.objects.filter(division=division).aggregate(m=Max("seat"))["m"] or 0
        changed = Entry.objects.filter(pk=entry.pk, division=entry.division_id).update(
            division=division, seat=last_seat + 1
        )
        if changed != 1:
            raise Conflict(gettext("This player was moved meanwhile: look at the draw again."))
    entry.division, entry.seat = division, last_seat + 1
    return entry


def _without_empty_divisions(season: Season, groups: list[list[Entry]]) -> list[Division]:
    """The stored draw's divisions, top first: those the admin emptied are removed, the others numbered in turn."""
    made = sorted({e.division for group in groups for e in group}, key=lambda d: d.index)
    season.divisions.exclude(pk__in=[d.pk for d in made]).delete()
    # Top down, each index taken is free: it was an emptied division's, or the one moving into it.
    for index, division in enumerate(made):
        if division.index != index:
            division.index, division.level = index, index + 1
            division.save(update_fields=["index", "level"])
    return made


def _stored_groups(season: Season, players: list) -> list[list[Entry]] | None:
    """The stored draw, top first, if it holds exactly these players (with their users); else None."""
    stored = list(Entry.objects.filter(division__season=season).select_related("division"))
    by_id = {u.pk: u for u in players}
    if not stored or {e.player_id for e in stored} != set(by_id):
        return None
    groups: dict[int, list[Entry]] = defaultdict(list)
    for entry in stored:
        entry.player = by_id[entry.player_id]
        groups[entry.division.index].append(entry)
    if any(len(group) < 2 for group in groups.values()):
        return None  # a division of one would have no games
    return [groups[index] for index in sorted(groups)]


def _announce_waiting(season: Season, missing: int) -> None:
    """Say once (per change of the number) that the season waits for `missing` more entrants."""
    with transaction.atomic():
        changed = (
            Season.objects.filter(pk=season.pk, status=Season.Status.OPEN)
            .exclude(waiting_for=missing)
            .update(waiting_for=missing)
        )
        if changed == 1:
            season.waiting_for = missing
            signals.season_waiting.send(sender=Season, season=season, missing=missing)


def _new_match(series: Series, first, second, rng: random.Random, now: datetime) -> Match:
    game = series.rules
    options = game.start_options(series.options, rng)
    state = game.initial_state(options)
    return Match(
        game=game.slug,
        options=options,
        player0=first,
        player1=second,
        state=game.to_json(state),
        to_move=game.current_player(state),
        created=now,
        updated=now,
        rated=series.rated,
    )


def _create_games(season: Season, made: list[Division], groups: list[list[Entry]], rng, now) -> list[Match]:
    """Every game of every division at once, seats from the Berger tables; clocks started, bots given their turn."""
    series = season.series
    matches, league_games = [], []
    for division, group in zip(made, groups):
        for pairing in berger.schedule(len(group), series.double_round_robin):
            first, second = group[pairing.first - 1].player, group[pairing.second - 1].player
            match = _new_match(series, first, second, rng, now)
            matches.append(match)
            league_games.append(LeagueGame(division=division, match=match, round=pairing.round))
    Match.objects.bulk_create(matches, batch_size=500)
    for game in league_games:
        game.match_id = game.match.pk
    LeagueGame.objects.bulk_create(league_games, batch_size=500)
    start_clocks(matches, check_terms(series.time_control), now)
    for match in matches:
        if match.to_move is not None and is_bot(match.players[match.to_move]):
            schedule_bot_turn(match)
    return matches


def _consume_registrations(season: Season, players: list) -> None:
    """ONCE registrations are used up; SKIP ones return to RECURRING, remembering the season skipped."""
    registrations = Registration.objects.filter(series=season.series_id)
    registrations.filter(mode=Registration.Mode.ONCE, player__in=[u.pk for u in players]).delete()
    registrations.filter(mode=Registration.Mode.SKIP).update(
        mode=Registration.Mode.RECURRING, skipped_season=season.number, updated=timezone.now()
    )


def start_season(season: Season, now: datetime | None = None, rng: random.Random | None = None) -> bool:
    """Start an open season with every game at once (under 4 entrants it waits); True if this call started it."""
    now = now or timezone.now()
    rng = rng or random.SystemRandom()
    if season.series.paused:
        return False
    players = entrants(season)
    if len(players) < MINIMUM_ENTRANTS:
        _announce_waiting(season, MINIMUM_ENTRANTS - len(players))
        return False
    with transaction.atomic():
        changed = Season.objects.filter(pk=season.pk, status=Season.Status.OPEN).update(
            status=Season.Status.RUNNING,
            started_at=now,
            closes_by=now + season_dates.LONGEST,
            waiting_for=None,
        )
        if changed != 1:
            return False
        season.status, season.started_at, season.closes_by = Season.Status.RUNNING, now, now + season_dates.LONGEST
        groups = _stored_groups(season, players)
        if groups is None:
            groups = _draw(season, players)
        for group in groups:
            # Seats in the Berger table are drawn by lot.
            for seat, entry in enumerate(rng.sample(group, len(group)), 1):
                entry.seat = seat
            group.sort(key=lambda e: e.seat)
        if groups and groups[0][0].pk is not None:
            made = _without_empty_divisions(season, groups)
            Entry.objects.bulk_update([e for group in groups for e in group], ["seat"], batch_size=500)
        else:
            made = _store(season, groups)
        _create_games(season, made, groups, rng, now)
        _consume_registrations(season, players)
        next_season(season.series, now)
        signals.season_started.send(sender=Season, season=season)
    return True


def postpone_season(season: Season, starts_at: datetime) -> Season:
    """Move an open season's start (its registration reminder goes again before the new date)."""
    with transaction.atomic():
        changed = Season.objects.filter(pk=season.pk, status=Season.Status.OPEN).update(
            starts_at=starts_at, reminded_at=None
        )
        if changed != 1:
            raise Conflict(gettext("This season has started already."))
    season.starts_at, season.reminded_at = starts_at, None
    return season


def close_due(season: Season, now: datetime) -> bool:
    """Whether a running season closes now: all its games ended, or its 12 weeks are up."""
    if season.status != Season.Status.RUNNING:
        return False
    running = LeagueGame.objects.filter(division__season=season, match__status=Match.Status.ACTIVE).exists()
    return not running or now >= season.closes_by


def close_season(season: Season, now: datetime | None = None) -> bool:
    """Close a running season, write places and movement, open the next; True if this call closed it."""
    now = now or timezone.now()
    with transaction.atomic():
        changed = Season.objects.filter(pk=season.pk, status=Season.Status.RUNNING).update(
            status=Season.Status.CLOSED, closed_at=now
        )
        if changed != 1:
            return False
        season.status, season.closed_at = Season.Status.CLOSED, now
        made = list(season.divisions.order_by("index"))
        tables = load_tables(made)
        entries = []
        for division in made:
            table = tables[division.pk]
            finishers = [Finisher(line.player.pk, line.place, line.withdrawn) for line in table.lines]
            points = {line.player.pk: line.points for line in table.lines}
            moves = season_dates.moves_at_close(finishers, points, table.running, division.index, len(made))
            for line in table.lines:
                line.entry.final_place = line.place
                line.entry.movement = MOVEMENT.get(moves[line.player.pk], "")
                entries.append(line.entry)
        # One update per (place, movement): a few dozen at most, however many entries (a CASE per row is slow).
        outcomes: dict[tuple[int, str], list[int]] = defaultdict(list)
        for entry in entries:
            outcomes[entry.final_place, entry.movement].append(entry.pk)
        for (place, movement), ids in outcomes.items():
            Entry.objects.filter(pk__in=ids).update(final_place=place, movement=movement)
        following = next_season(season.series, now)
        Season.objects.filter(pk=following.pk, status=Season.Status.OPEN).update(starts_at=season_dates.next_start(now))
        signals.season_closed.send(sender=Season, season=season)
        for division in made:
            signals.table_changed.send(sender=Division, division=division)
    return True
