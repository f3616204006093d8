"""A player's games for download, as JSON and as plain-text notation, with what they wrote on each for themself;
and one match's record, for anyone who may see the match.

Moves of hidden-information games go through `Match.history_for` with the viewer's own seat (none for a
spectator): while a match is in progress the export shows only what that viewer may see; once it has ended (however
it ended) the whole record. Private notes, analysis boards and conditional plans are the player's own
(their moves entered as that player saw the game), and only their own are read.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils import timezone

from daymove.plans import trees
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.play.models import Match, Move
from daymove.play.wording import options_said
from daymove.talk.models import PrivateNote


def _matches(user) -> list[tuple[Match, list[str]]]:
    """The user's matches, oldest first, each with the moves as the user may read them (two queries)."""
    matches = list(Match.objects.involving(user).select_related("player0", "player1").order_by("created", "pk"))
    notations = defaultdict(list)
    for match_id, text in (
        Move.objects.filter(match__in=[m.pk for m in matches])
        .order_by("match_id", "ply")
        .values_list("match_id", "notation")
    ):
        notations[match_id].append(text)
    return [(m, m.history_for(m.seat_of(user), notations[m.pk])) for m in matches]


def _own_work(user) -> dict[int, dict]:
    """What the user wrote for themself, by match: note, analysis boards, conditional plan (three queries; the
    analyses they made as a spectator of others' finished matches are not part of their games, nor of the export)."""
    work = defaultdict(lambda: {"note": "", "analyses": [], "plan": None})
    for match_id, text in PrivateNote.objects.filter(user=user).exclude(text="").values_list("match_id", "text"):
        work[match_id]["note"] = text
    for analysis in AnalysisTree.objects.filter(owner=user).order_by("root_ply"):
        work[analysis.match_id]["analyses"].append(
            {"from_ply": analysis.root_ply, "published": analysis.published, "lines": _lines(analysis.tree)}
        )
    for plan in ConditionalPlan.objects.filter(owner=user):
        work[plan.match_id]["plan"] = {"from_ply": plan.ply, "status": plan.status, "lines": _lines(plan.tree)}
    return work


def _lines(tree: list) -> list[list[str]]:
    """Every line of a move tree, main lines first."""
    return [list(line) for line in trees.lines(tree)]


def game_json(match: Match, moves: list[str], viewer) -> dict:
    """One match's public record (players, options, dates, result) with `moves` as `viewer` may read them."""
    rules = match.rules
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": rules.name,
        "options": match.options,
        "rated": match.rated,
        "players": [
            {"seat": i, "seat_name": rules.seat_names[i], "username": p.username} for i, p in enumerate(match.players)
        ],
        "your_seat": match.seat_of(viewer),
        "status": match.status,
        "winner": match.winner if match.status == Match.Status.FINISHED else None,
        "scores": match.scores,
        "result_reason": match.result_reason,
        "result": match.result_text(),
        "created": match.created.isoformat(),
        "finished": match.finished_at.isoformat() if match.finished_at else None,
        "moves": moves,
    }


def export_json(user) -> dict:
    """All the user's matches as JSON-ready data."""
    games = []
    work = _own_work(user)
    for match, moves in _matches(user):
        own = work[match.pk]
        games.append(
            game_json(match, moves, user)
            | {"your_note": own["note"], "your_analyses": own["analyses"], "your_conditional_plan": own["plan"]}
        )
    return {"player": user.username, "exported": timezone.now().isoformat(), "matches": games}


def _tag(name: str, value) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def game_text(match: Match, moves: list[str]) -> list[str]:
    """One match in plain text, as lines: tag lines, a blank line, then one numbered move per line."""
    rules = match.rules
    lines = [_tag("Game", rules.name), _tag("Match", match.pk), _tag("Date", match.created.date().isoformat())]
    summary = options_said(rules, match.options)
    if summary:
        lines.append(_tag("Options", summary))
    for seat_name, player in zip(rules.seat_names, match.players):
        lines.append(_tag(seat_name, player.username))
    lines.append(_tag("Rated", "yes" if match.rated else "no"))
    lines.append(_tag("Result", match.result_text() or "in progress"))
    lines.append("")
    lines.extend(f"{ply}. {text}" for ply, text in enumerate(moves, start=1))
    return lines


def export_text(user) -> str:
    """All the user's matches in plain text: tag lines, then one numbered move per line."""
    work = _own_work(user)
    blocks = [game_text(match, moves) + _own_work_text(work[match.pk]) for match, moves in _matches(user)]
    return "\n".join("\n".join(lines) + "\n" for lines in blocks)


def record_json(match: Match, viewer) -> dict:
    """One match's record as JSON-ready data, its moves as `viewer` may read them."""
    moves = match.history_for(match.seat_of(viewer), match.notations())
    return game_json(match, moves, viewer) | {"exported": timezone.now().isoformat()}


def record_text(match: Match, viewer) -> str:
    """One match's record in plain text, its moves as `viewer` may read them."""
    return "\n".join(game_text(match, match.history_for(match.seat_of(viewer), match.notations()))) + "\n"


def _own_work_text(own: dict) -> list[str]:
    """The user's note, analyses and plan on one match as text lines after its moves (none if they wrote none)."""
    text = []
    if own["note"]:
        text += ["", "Your note:", *(f"  {line}" for line in own["note"].splitlines())]
    for analysis in own["analyses"]:
        shown = ", published" if analysis["published"] else ""
        text += ["", f"Your analysis from the position after {_moves(analysis['from_ply'])}{shown}:"]
        text += [f"  {' '.join(line)}" for line in analysis["lines"]]
    if own["plan"]:
        plan = own["plan"]
        text += ["", f"Your conditional plan from the position after {_moves(plan['from_ply'])} ({plan['status']}):"]
        text += [f"  {' '.join(line)}" for line in plan["lines"]]
    return text


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"
