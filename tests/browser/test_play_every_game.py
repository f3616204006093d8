"""Two people sign up, verify, challenge and play a whole game of every game by clicking the board."""

import random
import re

import pytest
from django.core import mail

from daymove.play.models import Challenge, Match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PASSWORD = "a-long-browser-password"
GAMES = [
    ("abande", {"board": "square"}),
    ("abande", {"board": "hex"}),
    ("abrana", {}),
    ("offboard", {}),
    ("parity", {}),
    ("ci-sequence", {}),
]


def short_random_game(rules, options, tries=300):
    """The shortest of some uniformly random games (a whole game, clicked in reasonable time)."""
    best = None
    for seed in range(tries):
        rng, state, played = random.Random(seed), rules.initial_state(options), []
        while rules.current_player(state) is not None and (best is None or len(played) < len(best)):
            text = rng.choice(rules.legal_move_strings(state))
            state = rules.play(state, text)
            played.append(text)
        if rules.current_player(state) is None and (best is None or len(played) < len(best)):
            best = played
    return best


def offboard_game_with_a_displaced_ball(rules, options, tries=40):
    """A short Offboard game that pushes balls into gutters and, once, into an occupied one (a displaced ball).

    Random games almost never displace a ball, so this one pushes whenever it can eject a ball, and prefers
    ejections into an occupied gutter.
    """
    best = None
    for seed in range(tries):
        rng, state, played = random.Random(seed), rules.initial_state(options), []
        while rules.current_player(state) is not None and len(played) < 200:
            moves = rules.legal_moves(state)
            normal = [m for m in moves if rules.format_move(m)[0] not in "@x"]
            previews = {m: rules.preview(state, m) for m in normal}
            displacing = [m for m in normal if previews[m]["displaced"]]
            ejecting = [m for m in normal if previews[m]["ejected"] is not None]
            move = rng.choice(displacing or ejecting or moves)
            state = rules.apply_move(state, move)
            played.append(rules.format_move(move))
        shows_displaced = any(m.startswith(("@", "x+")) for m in played)
        if rules.current_player(state) is None and shows_displaced and (best is None or len(played) < len(best)):
            best = played
    return best


SCRIPTS = {"offboard": offboard_game_with_a_displaced_ball}


def sign_up_and_verify(tab, username):
    """Sign up through the form and follow the link in the verification email."""
    tab.go("/accounts/signup/")
    page = tab.page
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_load_state()
    message = next(m for m in reversed(mail.outbox) if f"{username}@example.com" in m.to)
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body).group(0)
    page.goto(link)
    page.click("form button[type=submit]")  # allauth confirms by POST
    page.wait_for_load_state()


def click_move(tab, rules, match, text):
    """Enter a move by clicking its tokens on the board (or beside it), then confirm."""
    page = tab.page
    clicked = []
    for token in rules.move_tokens(text):
        page.locator(f'[data-token="{token}"]').first.click()
        clicked.append(token)
        # The play area says which clicks it shows: wait for the swap of this click to land.
        page.wait_for_selector(f'#play[data-selected="{" ".join(clicked)}"]')
    with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/")):
        page.locator("button.confirm-move").click()
    page.wait_for_selector('#play[data-selected=""]')


@pytest.mark.parametrize("slug,options", GAMES, ids=[f"{s}-{o.get('board', '')}" for s, o in GAMES])
def test_two_players_play_a_whole_game(open_tab, slug, options):
    alice, bob = open_tab(), open_tab()
    sign_up_and_verify(alice, "alice")
    sign_up_and_verify(bob, "bob")

    # Alice challenges Bob directly, taking the first seat.
    page = alice.go(f"/challenges/new/{slug}/")
    page.fill("input[name=opponent]", "bob")
    page.select_option("select[name=seat]", "0")
    for name, value in options.items():
        page.select_option(f"select[name=option_{name}]", str(value))
    page.click("form.stack button[type=submit]")
    challenge = Challenge.objects.get()
    page = bob.go("/")
    page.click(f'form[action="/challenges/{challenge.pk}/accept/"] button')
    match = Match.objects.get()
    script = SCRIPTS.get(slug, short_random_game)
    moves = script(match.rules, match.options)  # after the site drew any random options
    tabs = {0: alice, 1: bob}
    for tab in tabs.values():
        tab.go(match.get_absolute_url())

    for text in moves:
        match.refresh_from_db()
        tab = tabs[match.to_move]
        tab.go(match.get_absolute_url())
        click_move(tab, match.rules, match, text)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.ply == len(moves)
    for seat, tab in tabs.items():
        tab.go(match.get_absolute_url())
        assert match.result_text() in tab.page.inner_text(".status")
        tab.screenshot(f"{slug}{'-' + options['board'] if 'board' in options else ''}-seat{seat}")
        assert tab.console_errors == []
