"""Who is told what about each event of play: the one decision that every transport (email, push) carries out.

Each function takes an event as the signals give it and the transport asking, and returns the tidings: who
hears what, about which match (or challenge) at which ply. The transports (`daymove.notify.events` for email,
`daymove.push.events` for push) only record an outbox job per tiding, after the recipient's own choices for
that transport. The rules are the same for both; where email and push differ on purpose, the difference is a
flag of `Transport`, and its comment says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from daymove.competitions.models import Entry, Season
from daymove.competitions.seasons import entrants
from daymove.notify.allowances import challenge_email_allowed
from daymove.notify.models import preferences_of
from daymove.play.models import Challenge, Match
from daymove.play.signals import is_replaying_history
from daymove.players.bots import is_bot


@dataclass(frozen=True)
class Transport:
    """A way of telling a player, with what it does differently on purpose (each flag says why)."""

    name: str
    # A player whose conditional plan waited for the move just played hears what became of the plan (a reply
    # played, or the plan dropped) instead of "your turn".
    plan_news_replaces_turn: bool
    # A draw offer made on the offerer's own turn is told with the "your turn" of the offerer's move, which
    # names any standing offer, rather than on its own.
    offer_rides_on_turn_news: bool
    # "Your turn" after a move waits a short grace (DAYMOVE_TURN_EMAIL_GRACE_SECONDS) and is dropped if the
    # player saw the new position on the match page meanwhile (or moved). The first turn of a match never waits.
    turn_news_waits_for_a_look: bool
    # Challenges are told within hourly allowances per challenger and per recipient (DAYMOVE_CHALLENGE_EMAILS_*);
    # past them the challenge still waits in the recipient's lobby and the challenger is told no email went out.
    challenges_within_allowance: bool
    # The offerer hears that the opponent declined their draw offer.
    tells_declined_offers: bool


EMAIL = Transport(
    name="email",
    # Email has emails of its own for plans ("planned reply played", "your plan was dropped", which says whether
    # it is the player's turn): one email, not two.
    plan_news_replaces_turn=True,
    # An email each time an offer is made on the offerer's turn, then another when they move, is one too many:
    # the "your turn" email of their move carries the offer and the reply address that accepts it.
    offer_rides_on_turn_news=True,
    # Turn emails went to players who had the match open and answered at once (four in three seconds): an email
    # stays in the inbox after its news is old, so it waits for the player to have had a look.
    turn_news_waits_for_a_look=True,
    # Mail sent at a challenger's bidding is what spam complaints are made of: the allowances guard the site's
    # sending reputation and a recipient's inbox.
    challenges_within_allowance=True,
    # A declined offer asks nothing of the offerer (the match goes on as it was), so it is no email's worth;
    # the match page says it (live, if open) and so does a push.
    tells_declined_offers=False,
)

PUSH = Transport(
    name="push",
    # Intended, not a bug: push has no kinds for plans, so its "your turn" is recorded anyway. When the plan
    # replies, the turn has moved on before the push is sent and the stale push is dropped (see push.sender);
    # when the plan was dropped, "your turn" is exactly the news.
    plan_news_replaces_turn=False,
    # Intended, not a bug: a push is one line and its "your turn" does not name a standing offer, and a player
    # who chose "my opponent offers a draw" wants to hear it when made; so every offer is pushed at once.
    offer_rides_on_turn_news=False,
    # A push is worth sending only at once (the outbox's sweep would delay it by a minute or more); an open
    # page shows the move live anyway.
    turn_news_waits_for_a_look=False,
    # A push goes to the site's own installed app and is stopped per device; the challenger's own hourly
    # challenge limit (DAYMOVE_CHALLENGES_PER_HOUR) bounds how many a recipient gets.
    challenges_within_allowance=False,
    # A push is cheap and quiet: the offerer hears the answer to their offer (their "draw_declined" choice).
    tells_declined_offers=True,
)


@dataclass(frozen=True)
class Tiding:
    """One thing one player is to be told: `kind` about `subject` (a match id, or "c<id>" for a challenge) at `ply`."""

    kind: str
    user: object
    subject: str
    ply: int
    details: dict = field(default_factory=dict)  # what the job needs besides: the match, the challenge, a seat
    waits_for_a_look: bool = False  # told only if the player has not seen the position by the end of the grace


def _against_bot(match: Match) -> bool:
    return any(is_bot(user) for user in match.players)


def _turn(match: Match, ply: int, *, waits: bool = False) -> Tiding:
    user = match.players[match.to_move]
    return Tiding("your_turn", user, str(match.pk), ply, {"match": match.pk}, waits_for_a_look=waits)


def challenge_created(challenge: Challenge, transport: Transport) -> list[Tiding]:
    """The named opponent of a direct challenge hears of it (people only)."""
    opponent = challenge.opponent
    if is_replaying_history() or opponent is None or is_bot(opponent):
        return []
    # Only an email the opponent wants counts against the allowances.
    counted = transport.challenges_within_allowance and preferences_of(opponent).wants("challenge")
    if counted and not challenge_email_allowed(challenge.creator, opponent):
        challenge.email_held = True  # the challenger is told that no email went out
        return []
    return [Tiding("challenge", opponent, f"c{challenge.pk}", 0, {"challenge": challenge.pk})]


def match_started(match: Match, transport: Transport) -> list[Tiding]:
    """The challenger hears that the match started if they move first (whoever accepted is on the page)."""
    if is_replaying_history() or not match.is_active or match.to_move is None or _against_bot(match):
        return []
    creator_id = Challenge.objects.filter(match=match).values_list("creator_id", flat=True).first()
    if match.players[match.to_move].pk != creator_id:
        return []
    return [_turn(match, match.ply)]


def turn_passed(match: Match, transport: Transport, *, awaited: bool = False) -> list[Tiding]:
    """The player to move hears it is their turn, unless a bot is in the match (it answers while they watch).

    `awaited`: the player's conditional plan waited for the move just played (see `Transport`).
    """
    if is_replaying_history() or not match.is_active or match.to_move is None or _against_bot(match):
        return []
    if awaited and transport.plan_news_replaces_turn:
        return []
    return [_turn(match, match.ply, waits=transport.turn_news_waits_for_a_look)]


def draw_offered(match: Match, seat: int, transport: Transport) -> list[Tiding]:
    """The opponent of `seat` hears of its draw offer."""
    user = match.players[1 - seat]
    if is_replaying_history() or is_bot(user):
        return []
    if transport.offer_rides_on_turn_news and match.to_move == seat:
        return []
    return [Tiding("draw_offer", user, str(match.pk), match.ply, {"match": match.pk, "seat": seat})]


def draw_declined(match: Match, seat: int, transport: Transport) -> list[Tiding]:
    """The player in `seat` hears that their draw offer was declined."""
    user = match.players[seat]
    if is_replaying_history() or not transport.tells_declined_offers or is_bot(user):
        return []
    return [Tiding("draw_declined", user, str(match.pk), match.ply, {"match": match.pk})]


def match_finished(match: Match, transport: Transport) -> list[Tiding]:
    """Both players hear the result (not in a match against a bot: the player is watching)."""
    if is_replaying_history() or _against_bot(match):
        return []
    return [Tiding("game_over", user, str(match.pk), match.ply, {"match": match.pk}) for user in match.players]


def _plan_news(match: Match, owner, transport: Transport) -> bool:
    return (
        not is_replaying_history()
        and transport.plan_news_replaces_turn
        and not is_bot(owner)
        and not _against_bot(match)
    )


def reply_played(match: Match, owner, ply: int, transport: Transport) -> list[Tiding]:
    """The owner hears that their planned reply was played at `ply` (instead of "your turn")."""
    if not _plan_news(match, owner, transport):
        return []
    return [Tiding("planned_reply", owner, str(match.pk), ply, {"match": match.pk})]


def plan_dropped(match: Match, owner, why: dict, dropped: list, transport: Transport) -> list[Tiding]:
    """The owner hears why their plan was dropped and which lines went (it is their turn)."""
    if not _plan_news(match, owner, transport):
        return []
    details = {"match": match.pk, "why": why, "dropped": dropped}
    return [Tiding("plan_dropped", owner, str(match.pk), match.ply, details)]


# Leagues. A league email's subject is its season ("s<id>", or its entry "e<id>"); what can happen again to the same
# season (a reminder or a wait after a postponed start, a withdrawal after a reinstatement) carries the moment it is
# about, so each is told once per occasion.


def _people(users) -> list:
    """The people among `users` (no bot reads email); nobody while demo history is replayed."""
    if is_replaying_history():
        return []
    return [user for user in users if not is_bot(user)]


def _season_players(season: Season) -> list:
    entries = Entry.objects.filter(division__season=season).select_related("player__player").order_by("pk")
    return _people(entry.player for entry in entries)


def _stamp(moment) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def season_started(season: Season, transport: Transport) -> list[Tiding]:
    """Each player of the season hears once that it started (their division, opponents and first deadlines)."""
    subject = f"s{season.pk}"
    return [Tiding("season_started", user, subject, 0, {"season": season.pk}) for user in _season_players(season)]


def season_closed(season: Season, transport: Transport) -> list[Tiding]:
    """Each player of the season hears their place, movement and the next start."""
    subject = f"s{season.pk}"
    return [Tiding("season_closed", user, subject, 0, {"season": season.pk}) for user in _season_players(season)]


def registration_closing(season: Season, transport: Transport) -> list[Tiding]:
    """Each player registered for the season hears, 3 days before its start, that it is coming."""
    subject = f"s{season.pk}-{_stamp(season.starts_at)}"
    details = {"season": season.pk}
    return [Tiding("league_reminder", user, subject, 0, details) for user in _people(entrants(season))]


def season_waiting(season: Season, missing: int, transport: Transport) -> list[Tiding]:
    """Each player registered for the season hears that it waits, and for how many more entrants."""
    subject = f"s{season.pk}-{_stamp(season.starts_at)}"
    details = {"season": season.pk, "missing": missing}
    return [Tiding("season_waiting", user, subject, missing, details) for user in _people(entrants(season))]


def entry_withdrawn(entry: Entry, reason: str, transport: Transport) -> list[Tiding]:
    """The withdrawn player hears why, and what becomes of their games."""
    if is_replaying_history() or is_bot(entry.player) or entry.withdrawn_at is None:
        return []
    subject = f"e{entry.pk}-{_stamp(entry.withdrawn_at)}"
    return [Tiding("league_withdrawn", entry.player, subject, 0, {"entry": entry.pk, "reason": reason})]
