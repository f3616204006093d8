"""The cached template tags every page uses (daymove.web.templatetags.chrome) give what the uncached ones gave."""

from __future__ import annotations

from django.template import engines
from django.urls import reverse, set_script_prefix
from django.utils import translation
from django.utils.html import escape

from games.registry import all_games
from tests.support.catalogues import compile_catalogues

compile_catalogues()


def render(source: str, **context) -> str:
    return engines["django"].from_string("{% load chrome i18n %}" + source).render(context)


def test_a_link_is_the_address_url_gives_and_follows_the_script_prefix():
    assert render("{% link 'match_part' 7 'head' %}") == reverse("match_part", args=[7, "head"])
    assert render("{% link 'profile' name %}", name="a&b") == render("{% url 'profile' name %}", name="a&b")
    set_script_prefix("/daymove/")  # a site served below a path: asked again, not the cached address
    try:
        assert render("{% link 'lobby' %}") == "/daymove/"
    finally:
        set_script_prefix("/")
    assert render("{% link 'lobby' %}") == "/"


def test_an_asset_is_the_address_static_gives_and_follows_the_storage(settings):
    source = "{% asset 'js/live.js' %} {% asset 'css/site.css' %}"
    assert render(source) == engines["django"].from_string(
        "{% load static %}" + source.replace("asset", "static")
    ).render({})
    settings.STATIC_URL = "/elsewhere/"  # a new storage: asked again, not the cached address
    assert render("{% asset 'js/live.js' %}") == "/elsewhere/js/live.js"


def test_the_board_key_is_in_the_pages_language():
    rules = next(rules for rules in all_games().values() if rules.board_key)
    keys = {}
    for language in ("en", "pl", "en"):
        with translation.override(language):
            keys[language] = render("{% board_key rules %}", rules=rules)
            assert all(f"<li>{escape(translation.gettext(line))}</li>" in keys[language] for line in rules.board_key)
    assert keys["en"] != keys["pl"]
