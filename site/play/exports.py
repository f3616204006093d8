"""A player's games for download, as JSON and as plain-text notation.

Moves of hidden-information games go through `Match.history_for` with the player's own seat: while
a match is in progress the export shows only what that player may see; once it has ended (however
it ended) the whole record.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q
from django.utils import timezone

from daymove.play.models import Match, Move


def _matches(user) -> list[tuple[Match, list[str]]]:
    """The user's matches, oldest first, each with the moves as the user may read them (two queries)."""
    matches = list(
        Match.objects.filter(Q(player0=user) | Q(player1=user))
        .select_related("player0", "player1")
        .order_by("created", "pk")
    )
    notations = defaultdict(list)
    for match_id, text in (
        Move.objects.filter(match__in=[m.pk for m in matches])
        .order_by("match_id", "ply")
        .values_list("match_id", "notation")
    ):
        notations[match_id].append(text)
    return [(m, m.history_for(m.seat_of(user), notations[m.pk])) for m in matches]


def export_json(user) -> dict:
    """All the user's matches as JSON-ready data."""
    games = []
    for match, moves in _matches(user):
        rules = match.rules
        games.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_name": rules.name,
                "options": match.options,
                "rated": match.rated,
                "players": [
                    {"seat": i, "seat_name": rules.seat_names[i], "username": p.username}
                    for i, p in enumerate(match.players)
                ],
                "your_seat": match.seat_of(user),
                "status": match.status,
                "winner": match.winner if match.status == Match.Status.FINISHED else None,
                "scores": match.scores,
                "result_reason": match.result_reason,
                "result": match.result_text(),
                "created": match.created.isoformat(),
                "finished": match.finished_at.isoformat() if match.finished_at else None,
                "moves": moves,
            }
        )
    return {"player": user.username, "exported": timezone.now().isoformat(), "matches": games}


def _tag(name: str, value) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def export_text(user) -> str:
    """All the user's matches in plain text: tag lines, then one numbered move per line."""
    blocks = []
    for match, moves in _matches(user):
        rules = match.rules
        lines = [_tag("Game", rules.name), _tag("Match", match.pk), _tag("Date", match.created.date().isoformat())]
        summary = rules.describe_options(match.options)
        if summary:
            lines.append(_tag("Options", summary))
        for seat_name, player in zip(rules.seat_names, match.players):
            lines.append(_tag(seat_name, player.username))
        lines.append(_tag("Rated", "yes" if match.rated else "no"))
        lines.append(_tag("Result", match.result_text() or "in progress"))
        lines.append("")
        lines.extend(f"{ply}. {text}" for ply, text in enumerate(moves, start=1))
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
