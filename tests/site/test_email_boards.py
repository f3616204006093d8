"""Board pictures in email: the turn email's inline PNG is the position, drawn from the recipient's own view."""

from __future__ import annotations

import io
import random
import re

import cairosvg
import pytest
from django.core import mail
from PIL import Image

from daymove.notify.mailer import send_email_job
from daymove.play.models import Match
from daymove.play.pictures import WIDTH, picture_of
from games.registry import get_game
from games.ui import BoardUI
from tests.factories import MatchFactory
from tests.support.clocks import play_one, start
from tests.support.leaks import OtherWorld, replay
from tests.support.turn_emails import past_the_grace


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGBA")


def same_image(a: bytes, b: bytes) -> bool:
    first, second = pixels(a), pixels(b)
    return first.size == second.size and first.tobytes() == second.tobytes()


def reference_png(game_slug: str, notations: list[str], options: dict, seat: int) -> bytes:
    """The position drawn independently: the moves replayed by the rules, the board drawn and rasterised."""
    game = get_game(game_slug)
    state = replay(game, notations, options)[-1]
    ui = BoardUI(last_move=tuple(game.move_tokens(notations[-1])), flip=seat == 1)
    return cairosvg.svg2png(
        bytestring=game.render_board(game.player_view(state, seat), ui).encode(), output_width=WIDTH
    )


def inline_images(message) -> dict[str, bytes]:
    """The email's inline images by Content-ID (as a mail client finds them for cid: links)."""
    return {part["Content-ID"].strip("<>"): part.get_payload(decode=True) for part in message.attachments}


@pytest.mark.django_db(transaction=True)
def test_the_turn_email_shows_the_position_as_an_inline_png(alice, bob):
    match = start(alice, bob)
    for _ in range(3):
        match = play_one(match)  # alice, bob, alice: bob (seat 1, board seen from his side) is to move
    past_the_grace()  # bob did not look at the page meanwhile: his turn email goes
    email = [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("Your turn")][-1]
    html = email.alternatives[0][0]
    [cid] = re.findall(r'<img src="cid:([^"]+)" alt="([^"]+)"', html)[0][:1]
    alt = re.search(r'alt="([^"]+)"', html).group(1)
    assert email.message().get_content_subtype() == "related"  # the image travels with the HTML that shows it
    png = inline_images(email)[cid]
    assert png.startswith(b"\x89PNG")
    notations = match.notations()
    assert same_image(png, reference_png("abande", notations, match.options, seat=1))
    assert not same_image(png, reference_png("abande", notations[:-1], match.options, seat=1))  # a move matters
    assert alt == f"The board of Abande #{match.pk}, after {notations[-1]}, seen from your side"
    assert "The position:" in email.body  # and in words, for text-only mail and screen readers


@pytest.mark.django_db(transaction=True)
def test_the_digest_shows_a_board_for_each_waiting_match(alice, bob, carol):
    from daymove.notify.models import EmailPreferences

    EmailPreferences.objects.create(user=bob, turn_emails=EmailPreferences.TurnEmails.DIGEST)
    play_one(start(alice, bob))
    play_one(start(carol, bob))
    mail.outbox.clear()
    send_email_job({"kind": "digest", "user": bob.pk, "date": "2026-11-24"})
    [digest] = mail.outbox
    cids = re.findall(r'src="cid:([^"]+)"', digest.alternatives[0][0])
    assert len(cids) == 2 and set(cids) == set(inline_images(digest))


@pytest.mark.django_db
@pytest.mark.parametrize("seat", [0, 1])
def test_c_i_sequence_pictures_do_not_depend_on_hidden_symbols(seat, alice, bob, monkeypatch):
    """The leak harness: the hidden symbols permuted into another world give a byte-identical picture."""
    game = get_game("ci-sequence")
    rng = random.Random(7)
    options = game.normalize_options({})
    notations, state = [], game.initial_state(options)
    while len(notations) < 12 and game.outcome(state) is None:
        move = rng.choice(game.legal_move_strings(state))
        notations.append(move)
        state = game.play(state, move)
    match = MatchFactory(game="ci-sequence", options=options, player0=alice, player1=bob, state=game.to_json(state))
    match.ply, match.to_move = len(notations), game.current_player(state)
    match.save()
    for ply, text in enumerate(notations):
        match.moves.create(ply=ply, seat=replay_seat(game, notations, options, ply), notation=text)
    real = picture_of(Match.objects.get(pk=match.pk), seat).png
    world = OtherWorld(game, match, notations, seat, rng)
    assert world, "C#I Sequence has another world to compare with"
    with world:
        other = picture_of(Match.objects.get(pk=match.pk), seat).png
    assert other == real
    # The check can fail: with the view revealing everything, the other world draws another picture.
    with monkeypatch.context() as patch:
        patch.setattr(type(game), "player_view", lambda self, st, viewer: self.visibility.revealed_view(st, None))
        leaky = picture_of(Match.objects.get(pk=match.pk), seat).png
        with world:
            assert picture_of(Match.objects.get(pk=match.pk), seat).png != leaky


def replay_seat(game, notations, options, ply) -> int:
    return game.current_player(replay(game, notations[:ply], options)[-1])
