"""A small site with one person in each role, and snapshots of the site's state, for the security suites.

Roles, as seen from one active match: the player whose turn it is, their opponent, another
logged-in user, a staff member (admin access, but not playing) and an anonymous visitor.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.apps import apps
from django.test import Client

from daymove.clocks import calendar, vacations
from daymove.play import lookups
from daymove.play.models import Challenge, Match
from daymove.round import challenges, endings, moves
from daymove.talk import services as talk
from tests.factories import UserFactory

ROLES = ("anon", "player", "opponent", "other", "staff")
NOTE = "private-note-of-the-player-0192"
CHAT = "chat-between-the-players-4417"
# Rows that are not the site's state: sessions, the admin's log of its own changes, content types.
NOT_STATE_APPS = ("sessions", "admin", "contenttypes")
# Nor is the position a player's page last showed them (a look, like a login time: a turn email waits for it).
NOT_STATE_MODELS = ("notify.SeenPosition",)
# Nor when a user last logged in, nor the language their browser last read the site in (for their emails).
NOT_STATE_FIELDS = ("last_login", "browser_language")


@dataclass
class World:
    """The people and objects the security suites act on."""

    users: dict
    match: Match  # active, `player` (seat 0) to move, one earlier move each
    finished: Match  # player against opponent, over (rematch)
    direct: Challenge  # from opponent to player, open
    vacation_id: int  # the player's, in the future
    feed_token: str  # the player's calendar feed

    def client(self, role: str, **kwargs) -> Client:
        client = Client(**kwargs)
        if role != "anon":
            client.force_login(self.users[role])
        return client

    def legal_move(self) -> str:
        """A legal move for the player to move in `match`, now."""
        match = Match.objects.get(pk=self.match.pk)
        return match.rules.legal_move_strings(match.position())[0]


def build_world() -> World:
    player, opponent = UserFactory(username="sec-player"), UserFactory(username="sec-opponent")
    other = UserFactory(username="sec-other")
    staff = UserFactory(username="sec-staff", is_staff=True, is_superuser=True)
    users = {"player": player, "opponent": opponent, "other": other, "staff": staff}

    def start(creator, accepter) -> Match:
        challenge = challenges.create_challenge(creator, "abande", {}, accepter.username, creator_seat=0, rated=True)
        return challenges.accept_challenge(challenge.pk, accepter)

    match = start(player, opponent)
    for user in (player, opponent):
        match = lookups.get_match(match.pk)
        moves.submit_move(match.pk, user, match.rules.legal_move_strings(match.position())[0], match.ply)
    finished = start(player, opponent)
    endings.resign(finished.pk, opponent)
    direct = challenges.create_challenge(opponent, "abande", {}, player.username, rated=False)
    talk.save_note(match, player, NOTE)
    talk.post_message(match, opponent, CHAT)
    today = vacations.local_today(player)
    vacation = vacations.book_vacation(player, today + timedelta(days=30), today + timedelta(days=31))
    feed = calendar.regenerate(player)
    return World(users, Match.objects.get(pk=match.pk), finished, direct, vacation.pk, feed.token)


def snapshot() -> dict:
    """Every row of the site's own state (sessions, admin log, login times, looks and browser languages aside), for
    before/after."""
    state = {}
    for model in apps.get_models():
        if model._meta.app_label in NOT_STATE_APPS or model._meta.label in NOT_STATE_MODELS:
            continue
        rows = model.objects.order_by("pk").values()
        state[model._meta.label] = [{k: v for k, v in row.items() if k not in NOT_STATE_FIELDS} for row in rows]
    return state


def changed_tables(before: dict, after: dict) -> list[str]:
    """The models whose rows differ between two snapshots."""
    return sorted(label for label in before.keys() | after.keys() if before.get(label) != after.get(label))
