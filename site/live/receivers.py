"""What live does when a match, a challenge or a chat changes: record the notice for the pages open on it."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.clocks.signals import away_changed
from daymove.competitions.signals import table_changed
from daymove.ladders.models import LadderGame
from daymove.ladders.signals import ladder_challenged, place_changed
from daymove.live.notices import (
    AWAY,
    CHAT,
    OFFER,
    PLACES,
    POSITION,
    TABLE,
    division_topic,
    ladder_topic,
    match_changed,
    players_changed,
    publish,
)
from daymove.play import signals
from daymove.play.models import Match
from daymove.talk.signals import chat_moderated, chat_posted


@receiver(signals.turn_passed)
@receiver(signals.match_finished)
def position_changed(sender, match, **kwargs) -> None:
    """A move or an ending: the match page's position, and both players' lists of games."""
    match_changed(match, POSITION)


@receiver(signals.draw_offered)
@receiver(signals.draw_declined)
def offer_changed(sender, match, **kwargs) -> None:
    match_changed(match, OFFER)


@receiver(chat_posted)
@receiver(chat_moderated)
def chat_changed(sender, match, **kwargs) -> None:
    match_changed(match, CHAT)


@receiver(away_changed)
def away_changed_for(sender, user, **kwargs) -> None:
    """A vacation booked or cancelled: the pages of the player's matches show their clocks and "away" anew, and
    both players' lists of games their deadlines."""
    active = Match.objects.involving(user).active()
    for match in active.only("pk", "player0_id", "player1_id"):
        match_changed(match, AWAY)
        players_changed(match.player0_id, match.player1_id)


@receiver(signals.match_started)
def match_started(sender, match, **kwargs) -> None:
    players_changed(match.player0_id, match.player1_id)


@receiver(signals.challenge_created)
@receiver(signals.challenge_closed)
def challenge_changed(sender, challenge, **kwargs) -> None:
    players_changed(challenge.creator_id, challenge.opponent_id)


@receiver(place_changed)
def ladder_places_changed(sender, ladder, **kwargs) -> None:
    """A ladder's places changed: its open pages redraw their rows."""
    publish(ladder_topic(ladder.pk), PLACES)


@receiver(ladder_challenged)
def ladder_game_started(sender, game, **kwargs) -> None:
    """A ladder game started: its ladder's pages show it among the games being played (and the buttons it closes)."""
    publish(ladder_topic(game.ladder_id), PLACES)


@receiver(signals.match_finished)
def ladder_game_ended(sender, match, **kwargs) -> None:
    """A ladder game ended, whatever it did to the places (a draw moves nobody): its ladder's pages redraw."""
    for ladder_id in LadderGame.objects.filter(match_id=match.pk).values_list("ladder_id", flat=True):
        publish(ladder_topic(ladder_id), PLACES)


@receiver(table_changed)
def division_table_changed(sender, division, **kwargs) -> None:
    """A league division's table changed (a result, a withdrawal, a close): its open pages redraw it."""
    publish(division_topic(division.pk), TABLE)
