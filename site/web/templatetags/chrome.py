"""What pages repeat from one request to the next, worked out once per process: `{% link %}` addresses, `{% asset %}`
static files' addresses, the language switcher's names and each game's key to its board.

Reversing an address costs about 20 µs and a match page has some 37 links, nearly all the same on every request
(the nav, the footer, a match's live parts and forms); a cached one costs a dictionary lookup.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.core.files.storage import storages
from django.template.loader import render_to_string
from django.urls import get_resolver, get_script_prefix, get_urlconf, reverse
from django.utils.text import capfirst
from django.utils.translation import get_language, get_language_info

register = template.Library()


@lru_cache(maxsize=4096)
def _reversed(resolver, prefix: str, name: str, args: tuple) -> str:
    # Keyed by the resolver (a new one whenever the URLconf changes, as in tests) and the script prefix:
    # what reverse() reads besides the name and the arguments.
    return reverse(name, args=args)


@register.simple_tag
def link(name: str, *args) -> str:
    """The address of the view `name` with positional `args`, as `{% url name *args %}` gives it."""
    return _reversed(get_resolver(get_urlconf()), get_script_prefix(), name, args)


@lru_cache(maxsize=256)
def _asset(storage, path: str) -> str:
    # Keyed by the storage (a new one whenever the settings that make it change, as in tests): its manifest of
    # hashed names is read once when it is made, so an address cannot change while the storage lives.
    return storage.url(path)


@register.simple_tag
def asset(path: str) -> str:
    """The address of the static file `path`, as `{% static path %}` gives it."""
    return _asset(storages["staticfiles"], path)


@lru_cache
def _language_names(languages: tuple) -> tuple[tuple[str, str], ...]:
    return tuple((code, capfirst(get_language_info(code)["name_local"])) for code, _ in languages)


@register.simple_tag
def language_names() -> tuple[tuple[str, str], ...]:
    """Each of the site's languages as (code, its name in itself): "Polski" whatever the page's language."""
    return _language_names(tuple(settings.LANGUAGES))


@lru_cache(maxsize=256)
def _board_key(lines: tuple[str, ...], language: str | None) -> str:
    return render_to_string("play/partials/board_key.html", {"lines": lines})


@register.simple_tag
def board_key(rules) -> str:
    """What the marks on `rules`' board mean, in the page's language (play/partials/board_key.html)."""
    return _board_key(tuple(rules.board_key), get_language())
