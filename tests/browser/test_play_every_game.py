"""Two people sign up, verify, challenge and play a whole game of every game by clicking the board."""

import pytest

from daymove.play.models import Challenge, Match
from tests.support.games import game_cases

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PASSWORD = "a-long-browser-password"


def click_move(tab, rules, match, text):
    """Enter a move by clicking its tokens on the board (or beside it), then confirm."""
    page = tab.page
    clicked = []
    for token in rules.move_tokens(text):
        page.locator(f'[data-token="{token}"]').first.click()
        clicked.append(token)
        # The play area says which clicks it shows: wait for the swap of this click to land.
        page.wait_for_selector(f'#play[data-selected="{" ".join(clicked)}"]')
    # The move is whole: the prompt names the move the Play button plays, and asks for no other click.
    prompt = page.inner_text(".status")
    assert f"“Play {text}” to play it" in prompt and "click" not in prompt.lower(), prompt
    assert page.inner_text("button.confirm-move") == f"Play {text}"
    with page.expect_response(lambda r: r.url.endswith(f"/m/{match.pk}/move/")):
        page.locator("button.confirm-move").click()
    page.wait_for_selector('#play[data-selected=""]')


@pytest.mark.parametrize("game,options", game_cases(chosen_only=True))
def test_two_players_play_a_whole_game(open_tab, game, options):
    slug = game.slug
    alice, bob = open_tab(), open_tab()
    alice.sign_up("alice", PASSWORD)
    bob.sign_up("bob", PASSWORD)

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
    moves = game.sample_game(match.options)  # after the site drew any random options
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
        tab.screenshot("-".join([slug, *map(str, options.values()), f"seat{seat}"]))
        assert tab.console_errors == []
