"""Refusals and flash messages are said in the reader's language: on a page (the player's setting), in the answer to
a move sent by email (the sender's setting, in the worker), and in a plan's note, stored as a code and said when read.

The check at the top walks the syntax tree of the whole site: a refusal raised, or a flash message added, with a
plain string or an f-string (rather than a gettext call, or a text a gettext call made) fails it.
"""

from __future__ import annotations

import ast
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from daymove.inbound.replies import receive
from daymove.plans import conditional
from daymove.plans.models import ConditionalPlan
from daymove.play import lookups
from daymove.play.models import Challenge
from daymove.play.rules_refusals import rules_refusal
from daymove.players.models import Player
from daymove.round import moves
from games.base import RulesError
from tests.factories import ChallengeFactory
from tests.support.clocks import legal_after, play_one, start
from tests.support.pseudo import pseudo_language, untranslated
from tests.support.replies import thunderbird

SITE = Path(__file__).resolve().parents[2] / "site"
REFUSALS = {"Refused", "NotFound", "Forbidden", "Conflict", "Invalid", "RateLimited"}
FLASHES = {"debug", "info", "success", "warning", "error", "add_message"}
HTMX = {"HTTP_HX_REQUEST": "true"}


# ---- every refusal and flash message is marked ----------------------------------------------------------------
def _name(node) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _plain_text(node) -> bool:
    """Whether an expression is English written into the code: a string or f-string, alone, concatenated, formatted
    with % or .format, or a conditional choosing one."""
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, ast.BinOp):
        return _plain_text(node.left) or (isinstance(node.op, ast.Add) and _plain_text(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _plain_text(node.func.value)
    if isinstance(node, ast.IfExp):
        return _plain_text(node.body) or _plain_text(node.orelse)
    return False


def _messages_said(tree) -> list[tuple[int, ast.expr]]:
    """(line, message) of each refusal raised and each flash message added (`messages.<level>(request, message)`)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc.func) in REFUSALS:
            if node.exc.args:
                found.append((node.lineno, node.exc.args[0]))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in FLASHES
            and _name(node.func.value) == "messages"
        ):
            message = node.args[2 if node.func.attr == "add_message" else 1] if len(node.args) > 1 else None
            if message is not None:
                found.append((node.lineno, message))
    return found


def unmarked(source: str) -> list[int]:
    """The lines of `source` that raise a refusal or add a flash message in plain English."""
    return [line for line, message in _messages_said(ast.parse(source)) if _plain_text(message)]


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ('raise Refused("No.")', [1]),
        ('raise errors.NotFound(f"No {x}.") from None', [1]),
        ('raise Conflict("No %s." % x)', [1]),
        ('raise RateLimited("Wait " + when)', [1]),
        ('raise Forbidden("No {x}.".format(x=x))', [1]),
        ('raise Refused("a" if x else gettext("b"))', [1]),
        ('messages.success(request, f"Saved {x}.")', [1]),
        ('messages.add_message(request, messages.INFO, "Saved.")', [1]),
        ('raise Refused(gettext("No."))', []),
        ('raise Refused(gettext("No %(x)s.") % {"x": x})', []),
        ('raise Refused(ngettext("%(n)s day", "%(n)s days", n) % {"n": n})', []),
        ("raise Refused(reason)", []),
        ('messages.error(request, gettext("No."))', []),
        ('raise ValueError("not a refusal")', []),
    ],
)
def test_the_check_sees_plain_english_however_it_is_written(source, lines):
    assert unmarked(source) == lines


def test_every_refusal_and_flash_message_of_the_site_is_marked_for_translation():
    found = []
    for path in sorted(SITE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        found += [f"{path.relative_to(SITE)}:{line}" for line in unmarked(path.read_text())]
    assert found == [], "say it with gettext (named %(placeholders)s), not a plain string or an f-string"


# ---- on a page, in the player's language ----------------------------------------------------------------------
def speak(user, language: str) -> None:
    Player.objects.filter(user=user).update(language=language)


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def said_on(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "not_your_turn", "stale"),
    [
        ("pl", "To nie twój ruch.", "Pozycja zmieniła się od wczytania strony"),
        ("en", "It is not your turn.", "The position has changed since you loaded the page"),
    ],
)
def test_a_refused_move_is_said_in_the_players_language(language, not_your_turn, stale, alice, bob):
    match = start(alice, bob)
    move = match.rules.legal_move_strings(match.position())[0]
    speak(alice, language)
    speak(bob, language)
    out_of_turn = client_of(bob).post(reverse("play_move", args=[match.pk]), {"move": move, "ply": 0}, **HTMX)
    assert out_of_turn.status_code == 409 and not_your_turn in said_on(out_of_turn)
    seen_long_ago = client_of(alice).post(reverse("play_move", args=[match.pk]), {"move": move, "ply": 5}, **HTMX)
    assert seen_long_ago.status_code == 409 and stale in said_on(seen_long_ago)
    assert lookups.get_match(match.pk).ply == 0


def test_a_move_that_is_not_notation_is_refused_with_the_rules_words_in_the_players_language(alice, match):
    typed = "zz9?"
    with pytest.raises(RulesError) as refused:
        match.rules.parse_move(typed)
    with translation.override("pl"):
        polish = rules_refusal(refused.value)
    with translation.override("en"):
        english = rules_refusal(refused.value)
    assert polish != english and typed in polish
    speak(alice, "pl")
    response = client_of(alice).post(reverse("play_move", args=[match.pk]), {"move": typed, "ply": 0}, **HTMX)
    assert response.status_code == 400 and escape(polish) in said_on(response)
    assert escape(english) not in said_on(response)


@pytest.mark.parametrize(
    ("language", "reason"),
    [("pl", "Nie możesz przyjąć własnego wyzwania."), ("en", "You cannot accept your own challenge.")],
)
def test_a_refused_challenge_comes_back_as_a_message_in_the_players_language(language, reason, alice, bob):
    challenge = ChallengeFactory(creator=alice, opponent=bob)
    speak(alice, language)
    response = client_of(alice).post(reverse("accept_challenge", args=[challenge.pk]), follow=True)
    assert response.redirect_chain == [(reverse("lobby"), 302)] and reason in said_on(response)
    assert Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.OPEN


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("pl", ["<title>Niedozwolone", "To nie twoje wyzwanie, nie możesz go zmienić.", "Wróć do poczekalni"]),
        ("en", ["<title>Not allowed", "This is not your challenge to change.", "Back to the lobby"]),
    ],
)
def test_the_refusal_page_is_in_the_players_language(language, words, alice, bob, carol):
    challenge = ChallengeFactory(creator=alice, opponent=bob)
    speak(carol, language)
    response = client_of(carol).post(reverse("decline_challenge", args=[challenge.pk]))
    assert response.status_code == 403 and all(word in said_on(response) for word in words)


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("pl", "Twoja wiadomość ma 1999 znaków; wiadomość może mieć najwyżej"),
        ("en", "Your message is 1999 characters long; a message can be at most"),
    ],
)
def test_a_refused_chat_line_is_said_in_the_players_language(language, reason, alice, match):
    speak(alice, language)
    response = client_of(alice).post(reverse("chat_post", args=[match.pk]), {"text": "word " * 400}, **HTMX)
    assert response.status_code == 400 and reason in said_on(response)


# ---- in the answer to a move sent by email, from the worker ---------------------------------------------------
def answers_to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address] and m.extra_headers.get("Auto-Submitted") == "auto-replied"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "pl",
            ["nie jest dozwolonym ruchem w tej pozycji", "Nic nie zostało zagrane.", "Witaj, bob!", "Strona partii"],
        ),
        ("en", ["is not a legal move in this position", "Nothing was played.", "Hello bob,", "The match page"]),
    ],
)
def test_an_illegal_move_by_email_is_answered_in_the_senders_language(language, words, turn, bob):
    match, email = turn
    speak(bob, language)
    taken = match.moves.get(ply=0).notation  # alice's first move: not a move bob can make now
    raw = thunderbird(email, taken, bob.email)
    assert receive(BytesParser(policy=policy.default).parsebytes(raw), raw, email.reply_to) == "reply"
    [answer] = answers_to(bob.email)
    html = answer.alternatives[0][0]
    assert all(word in answer.body for word in words), answer.body
    assert f'<html lang="{language}">' in html and words[1] in html
    assert lookups.get_match(match.pk).ply == 1


@pytest.mark.django_db(transaction=True)
def test_every_word_of_the_answer_to_an_email_move_is_translated(turn, bob):
    match, email = turn
    taken = match.moves.get(ply=0).notation
    raw = thunderbird(email, taken, bob.email)
    with pseudo_language() as language:
        speak(bob, language)
        receive(BytesParser(policy=policy.default).parsebytes(raw), raw, email.reply_to)
    [answer] = answers_to(bob.email)
    names = ["bob", "alice", taken]
    assert not untranslated(answer.body, names, html=False), answer.body
    assert not untranslated(answer.alternatives[0][0], names), answer.alternatives[0][0]


# ---- a plan's note: stored as a code, said in the reader's language ----------------------------------------------
@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_why_a_plan_was_dropped_is_stored_once_and_said_in_each_readers_language(alice, bob, on_commit):
    match = play_one(start(alice, bob))
    expected, other = legal_after(match)[:2]
    conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
    reply = legal_after(match, expected)[0]
    speak(alice, "pl")
    mail.outbox.clear()
    with on_commit():
        moves.submit_move(match.pk, bob, other, match.ply)  # not the move alice's plan expected

    plan = ConditionalPlan.objects.get(match=match, owner=alice)
    assert plan.status == ConditionalPlan.Status.DROPPED
    assert plan.said == {"code": "unexpected", "after": other, "lines": f"{expected} {reply}"}
    with translation.override("pl"):
        assert plan.note == (
            f"Przeciwnik zagrał {other}, czego twój plan nie przewidywał. Porzucone warianty: {expected} {reply}."
        )
    with translation.override("en"):
        assert (
            plan.note == f"Your opponent played {other}, which your plan did not expect. Dropped: {expected} {reply}."
        )
    [email] = [m for m in mail.outbox if m.to == [alice.email]]
    assert email.subject.startswith("Twój plan został porzucony")
    assert f"Przeciwnik zagrał {other}, czego twój plan nie przewidywał." in email.body


def test_the_plan_dropped_email_says_why_in_english_to_an_english_reader(alice, bob, on_commit):
    match = play_one(start(alice, bob))
    expected, other = legal_after(match)[:2]
    conditional.plan_line(match.pk, alice, [expected, legal_after(match, expected)[0]], 0, match.ply)
    mail.outbox.clear()
    with translation.override("pl"), on_commit():  # bob's move is made on a Polish page: the email is alice's
        moves.submit_move(match.pk, bob, other, match.ply)
    [email] = [m for m in mail.outbox if m.to == [alice.email]]
    assert email.subject.startswith("Your plan was dropped")
    assert f"Your opponent played {other}, which your plan did not expect." in email.body


def test_a_plan_noted_before_notes_were_codes_still_reads_as_it_was_written(alice, bob):
    match = play_one(start(alice, bob))
    plan = ConditionalPlan.objects.create(
        match=match, owner=alice, ply=match.ply, status=ConditionalPlan.Status.DROPPED, old_note="The match ended."
    )
    for language in ("pl", "en"):
        with translation.override(language):
            assert ConditionalPlan.objects.get(pk=plan.pk).note == "The match ended."
