"""Rules pages: one per registered game, carried by its package, with a notation section and diagrams that pass
our CSP."""

import re

import pytest
from django.urls import reverse

from games.registry import all_games

SLUGS = list(all_games())  # what each page must say beyond this is tested with each game's rules


def _article(client, slug: str) -> str:
    response = client.get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    page = response.content.decode()
    start = page.index('<article class="rules')
    return page[start : page.index("</article>", start)]


@pytest.mark.parametrize("slug", SLUGS)
def test_rules_page_has_notation_and_diagrams(client, db, slug):
    article = _article(client, slug)
    assert 'id="notation"' in article
    assert 'id="playing"' in article
    svgs = re.findall(r"<svg\b[^>]*>", article)
    assert svgs, "at least one diagram"
    for tag in svgs:
        assert 'class="diagram"' in tag and 'role="img"' in tag and re.search(r'aria-label="[^"]+"', tag), tag
    # Every diagram sits in a figure with a caption.
    assert article.count("<figure") == len(svgs) == article.count("<figcaption>")


@pytest.mark.parametrize("slug", SLUGS)
def test_rules_page_is_csp_safe(client, db, slug):
    article = _article(client, slug).lower()
    assert "style=" not in article
    assert "<style" not in article
    assert "<script" not in article
    assert not re.search(r"\son[a-z]+=", article), "no inline event handlers"


def test_unknown_game_has_no_rules_page(client, db):
    assert client.get("/games/no-such-game/rules/").status_code == 404
