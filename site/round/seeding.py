"""Loading seeds/: demo and bot accounts, and example matches replayed through the move service and endings.

rated-history.json holds short rated matches among the demo players of every game, so that each leaderboard
lists established players (their ratings made by the rating service as the matches end).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from daymove.errors import Refused
from daymove.play.models import Match
from daymove.play.signals import replaying_history
from daymove.players.models import Player
from daymove.round import draws, endings, moves
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
    return report
