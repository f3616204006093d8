"""Refusals are answered in one place (daymove.refusals): no view catches one itself, and each kind of request gets
its answer: the not-found or refusal page, a message and a redirect, the view's own fragment, or JSON."""

import ast
import builtins
import contextlib
import importlib
import json
from pathlib import Path

import pytest
from django.test import Client
from django.urls import ResolverMatch, reverse
from django_htmx.middleware import HtmxDetails

from daymove import errors
from daymove.errors import Forbidden, Refused
from daymove.play.models import Challenge, Match
from daymove.refusals import RefusalMiddleware, answers_refusals
from daymove.talk.models import ChatMessage
from tests.factories import ChallengeFactory, MatchFactory

SITE = Path(__file__).resolve().parents[2] / "site"
HTMX = {"HTTP_HX_REQUEST": "true"}


def _module_name(path: Path) -> str:
    return ".".join(("daymove", *path.relative_to(SITE).with_suffix("").parts))


def _resolve(node, namespace: dict):
    """The object an exception expression names in the module (None if it is not a plain name or attribute)."""
    if isinstance(node, ast.Name):
        return namespace.get(node.id, getattr(builtins, node.id, None))
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, namespace)
        return getattr(owner, node.attr, None)
    return None


def _catches_refusals(node, namespace: dict) -> bool:
    """Whether an `except` clause's or `suppress(...)`'s exception expression catches a refusal."""
    names = node.elts if isinstance(node, ast.Tuple) else [node]
    for name in names:
        caught = _resolve(name, namespace)
        if isinstance(caught, type) and (issubclass(caught, Refused) or issubclass(Refused, caught)):
            return True
    return False


def refusals_caught(source: str, namespace: dict) -> list[int]:
    """The lines of `source` that catch a refusal: `except` naming Refused, a subclass or a base, a bare `except`,
    or `contextlib.suppress` of one."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler):
            caught = node.type is None or _catches_refusals(node.type, namespace)
        elif isinstance(node, ast.Call) and _resolve(node.func, namespace) is contextlib.suppress:
            caught = any(_catches_refusals(arg, namespace) for arg in node.args)
        else:
            caught = False
        if caught:
            lines.append(node.lineno)
    return lines


def test_no_view_catches_a_refusal_itself():
    views = sorted({*SITE.glob("**/views*.py"), *SITE.glob("**/*_views.py")})
    assert {"web/views.py", "talk/views.py", "web/analysis_views.py"} <= {str(p.relative_to(SITE)) for p in views}
    caught = []
    for path in views:
        namespace = vars(importlib.import_module(_module_name(path)))
        caught += [f"{path.relative_to(SITE)}:{line}" for line in refusals_caught(path.read_text(), namespace)]
    assert caught == [], "let daymove.refusals answer them (declare the answer with answers_refusals)"


@pytest.mark.parametrize(
    "source,lines",
    [
        ("try:\n    pass\nexcept Refused:\n    pass", [3]),
        ("try:\n    pass\nexcept (ValueError, errors.Conflict) as e:\n    pass", [3]),
        ("try:\n    pass\nexcept Exception:\n    pass", [3]),
        ("try:\n    pass\nexcept:\n    pass", [3]),
        ("with contextlib.suppress(errors.NotFound):\n    pass", [1]),
        ("try:\n    pass\nexcept (KeyError, ValueError):\n    pass", []),
    ],
)
def test_the_check_sees_every_way_of_catching_one(source, lines):
    assert refusals_caught(source, {"Refused": Refused, "errors": errors, "contextlib": contextlib}) == lines


# ---- the answers ----------------------------------------------------------------------------------------------
def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_refused_form_post_goes_back_with_the_reason(alice, bob):
    challenge = ChallengeFactory(creator=alice, opponent=bob)
    response = _client(alice).post(reverse("accept_challenge", args=[challenge.pk]), follow=True)
    assert response.redirect_chain == [(reverse("lobby"), 302)]
    assert "You cannot accept your own challenge." in response.content.decode()
    assert Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.OPEN


def test_someone_elses_object_gets_the_refusal_page_and_a_missing_one_not_found(alice, bob, carol):
    challenge = ChallengeFactory(creator=alice, opponent=bob)
    response = _client(carol).post(reverse("decline_challenge", args=[challenge.pk]))
    page = response.content.decode()
    assert response.status_code == 403 and "This is not your challenge to change." in page and "<html" in page
    assert _client(carol).post(reverse("decline_challenge", args=[challenge.pk + 1])).status_code == 404
    assert Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.OPEN


def test_htmx_gets_the_reason_alone_with_the_status(match, carol):
    response = _client(carol).post(reverse("chat_post", args=[match.pk]), {"text": "hello"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 403 and "<html" not in page
    assert "Only the two players can use this match" in page and 'role="alert"' in page
    response = _client(carol).get(reverse("chat_read", args=[match.pk]), **HTMX)
    assert response.status_code == 403 and "Only the players read this chat." in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_a_refused_move_shows_the_play_area_again_with_the_reason(alice, match):
    response = _client(alice).post(reverse("play_move", args=[match.pk]), {"move": "pass", "ply": 0}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 400 and 'id="play"' in page and "<html" not in page
    assert "pass is not a legal move in this position" in page
    assert Match.objects.get(pk=match.pk).ply == 0


def test_a_refused_chat_line_comes_back_to_be_shortened(alice, match):
    long_line = "word " * 400
    response = _client(alice).post(reverse("chat_post", args=[match.pk]), {"text": long_line}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 400 and 'id="chat"' in page and "Shorten it" in page and "word word" in page


def test_a_refused_report_shows_the_form_again_with_the_reason(alice):
    response = _client(alice).post(reverse("report_player", args=["alice"]), {"reason": "other"})
    page = response.content.decode()
    assert response.status_code == 400 and "You cannot report yourself." in page and "<form" in page


def test_an_api_view_answers_json(alice):
    response = _client(alice).post(reverse("push_subscribe"), "[]", content_type="application/json")
    assert response.status_code == 400
    assert json.loads(response.content) == {"error": "That is not a push subscription."}


def test_a_page_refused_without_a_declared_answer_is_the_refusal_page(carol):
    match = MatchFactory()
    response = _client(carol).get(reverse("analysis", args=[match.pk]))
    assert response.status_code == 403 and "<html" in response.content.decode()


def test_a_page_shown_again_that_is_refused_itself_gets_the_refusal_page(rf, alice):
    def show(request, refusal):
        raise Forbidden("This is no longer yours to see.")

    @answers_refusals(show=show)
    def view(request):
        raise Refused("Not like that.")

    request = rf.post("/anywhere/")
    request.user, request.htmx = alice, HtmxDetails(request)
    request.resolver_match = ResolverMatch(view, (), {})
    response = RefusalMiddleware(view).process_exception(request, Refused("Not like that."))
    assert response.status_code == 403 and "This is no longer yours to see." in response.content.decode()
