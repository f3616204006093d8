"""Loading seeds/: demo and bot accounts, and example matches replayed through the move service and endings.

rated-history.json holds short rated matches among the demo players of every game, so that each leaderboard
lists established players (their ratings made by the rating service as the matches end). seasons.json holds a
league series per game, each with a season open for registration, and one season in progress: its entrants
registered and the season started by the competitions' services, some of its games played and ended through the
move service and the endings, as players would have. It is loaded after rated-history.json (files go in name
order), whose ratings the season's first draw follows.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from daymove.competitions import registration, seasons
from daymove.competitions.models import LeagueGame, Season, Series
from daymove.errors import Refused
from daymove.play.models import Match
from daymove.play.signals import replaying_history
from daymove.players.models import Player
from daymove.round import draws, endings, moves
from daymove.round.ladder_seeding import load_ladder_players
from games.registry import get_game


def ensure_player(entry: dict):
    """The user of a seeds entry, created with a verified address if missing.

    Keys: username, email, password (none for bots: they cannot log in), staff (a superuser),
    bot (the bot's level).
    """
    User = get_user_model()
    user = User.objects.filter(username=entry["username"]).first()
    if user is None:
        create = User.objects.create_superuser if entry.get("staff") else User.objects.create_user
        user = create(username=entry["username"], email=entry["email"], password=entry.get("password"))
        EmailAddress.objects.create(user=user, email=entry["email"], verified=True, primary=True)
        if entry.get("bot"):
            Player.objects.filter(user=user).update(is_bot=True, bot_level=entry["bot"])
    return user


def load_match(entry: dict, users: dict, nth: int = 1) -> Match | None:
    """Create one example match, play its moves and its ending; None if it exists already.

    It exists if the database holds `nth` matches of its game, seats and options (it is the `nth` entry of those
    in seeds/). An entry may end with "resigns": a player's name, or "draw": true (offered and accepted).
    """
    game = get_game(entry["game"])
    options = game.normalize_options(entry.get("options"))
    player0, player1 = (users[name] for name in entry["players"])
    if Match.objects.filter(game=game.slug, player0=player0, player1=player1, options=options).count() >= nth:
        return None
    state = game.initial_state(options)
    match = Match.objects.create(
        game=game.slug,
        options=options,
        player0=player0,
        player1=player1,
        state=game.to_json(state),
        to_move=game.current_player(state),
    )
    with replaying_history():  # demo history: nobody is told of its moves (no email, no reminder)
        for text in entry["moves"]:
            mover = match.players[match.to_move]
            try:
                match = moves.submit_move(match.pk, mover, text, match.ply).match
            except Refused as refusal:
                raise ValueError(f"seed {game.slug} move {match.ply} {text!r}: {refusal.message}") from None
        return _end(entry, match, users)


def _end(entry: dict, match: Match, users: dict) -> Match:
    """End a seeded match as its entry says (rated like any ending), or leave it going on."""
    if "resigns" in entry:
        return endings.resign(match.pk, users[entry["resigns"]])
    if entry.get("draw"):
        offerer, other = match.players[match.to_move], match.players[1 - match.to_move]
        draws.offer_draw(match.pk, offerer)
        return draws.accept_draw(match.pk, other)
    return match


def load_series(entry: dict) -> Series:
    """A league series as its seeds entry describes it (created if missing), with a season open for registration."""
    fields = {key: entry[key] for key in ("name", "game", "options", "time_control", "division_size") if key in entry}
    fields["options"] = get_game(entry["game"]).normalize_options(entry.get("options"))
    series, _ = Series.objects.get_or_create(slug=entry["slug"], defaults=fields)
    seasons.next_season(series)
    return series


def load_season(entry: dict, users: dict) -> Season | None:
    """Start a season of the series named by `entry` with its entrants and play its games as listed; None if the
    series has started a season already.

    The season starts now (its clocks run from now), and the next one opens for registration. Each listed game,
    named by its two players, is played `plies` random legal moves (the same ones on every run) and may end with
    "resigns" or "draw" as a match does.
    """
    series = Series.objects.get(slug=entry["series"])
    if series.seasons.exclude(status=Season.Status.OPEN).exists():
        return None
    with transaction.atomic(), replaying_history():  # demo history: nobody is told of the start or the moves
        for name in entry["entrants"]:
            registration.register(series, users[name])
        season = seasons.next_season(series)
        seasons.start_season(season, timezone.now(), random.Random(str(season)))  # the same draw on every run
        for game in entry.get("games", []):
            _play_league_game(season, game, users)
    return season


def _play_league_game(season: Season, entry: dict, users: dict) -> Match:
    first, second = (users[name] for name in entry["between"])
    league_game = (
        LeagueGame.objects.filter(division__season=season, match__player0__in=(first, second))
        .filter(match__player1__in=(first, second))
        .select_related("match")
        .first()
    )
    if league_game is None:
        raise ValueError(f"seed league: {' and '.join(entry['between'])} have no game together in {season}")
    match = league_game.match
    rng = random.Random(f"{season}:{':'.join(entry['between'])}")  # a string seed: the same moves on every run
    for _ in range(entry.get("plies", 0)):
        if not match.is_active:
            break
        text = rng.choice(match.rules.legal_move_strings(match.position()))
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return _end(entry, match, users) if match.is_active else match


def load_seeds(folder: Path) -> list[str]:
    """Load every seeds/*.json file; returns a line per file that created matches."""
    report = []
    seen = Counter()  # entries so far per (game, seats, options): the nth of them is the nth such match
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        users = {}
        for player in data.get("players", []):
            users[player["username"]] = ensure_player(player)
        for name in {n for entry in data.get("matches", []) for n in entry["players"]} - set(users):
            users[name] = get_user_model().objects.get(username=name)
        loaded = []
        for entry in data.get("matches", []):
            options = get_game(entry["game"]).normalize_options(entry.get("options"))
            key = (entry["game"], tuple(entry["players"]), json.dumps(options, sort_keys=True))
            seen[key] += 1
            match = load_match(entry, users, seen[key])
            if match is not None:
                loaded.append(match)
        if loaded:
            finished = sum(not match.is_active for match in loaded)
            report.append(
                f"{path.name}: {len(loaded)} matches ({finished} finished, {len(loaded) - finished} going on)"
            )
        for entry in data.get("series", []):
            load_series(entry)
        for entry in data.get("seasons", []):
            for name in set(entry["entrants"]) - set(users):
                users[name] = get_user_model().objects.get(username=name)
            season = load_season(entry, users)
            if season is not None:
                games = LeagueGame.objects.filter(division__season=season)
                finished = games.exclude(match__status=Match.Status.ACTIVE).count()
                report.append(
                    f"{path.name}: {season} started, {season.divisions.count()} divisions, {games.count()} games "
                    f"({finished} finished)"
                )
        if data.get("ladder_players"):
            users |= {name: get_user_model().objects.get(username=name) for name in data["ladder_players"]}
            if ladders := load_ladder_players(data["ladder_players"], users):
                report.append(f"{path.name}: {ladders} ladders with {', '.join(data['ladder_players'])} on them")
    return report
