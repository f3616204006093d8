"""Every page of the URL matrix, rendered in the pseudo-language, holds no English the catalogues do not translate.

Each case of the URL matrix (tests/support/url_policy.py) builds its small site once, and each role that may read the
URL gets it in the pseudo-language; every HTML answer (not JSON, feeds, pictures, downloads or redirects: told by the
answer itself) is read by `tests.support.pseudo.untranslated`. Select one URL with `-k <URL name>`.

What is knowingly still English is in PENDING, by URL name (or case id, "report_player[a chat line]"), with the
reason; an entry whose pages are clean fails here, so the list says what is left and nothing more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.db import transaction

from games.registry import all_games
from tests.support.catalogues import compile_catalogues
from tests.support.pseudo import pseudo_language, untranslated
from tests.support.url_policy import CASES, POLICY, case_id, prepare_case
from tests.support.world import ROLES

compile_catalogues()


@dataclass(frozen=True)
class Pending:
    """Why a URL's pages still hold English; `skip` names the elements (id, class or labelling heading) that do, when
    the rest of the page is translated (otherwise the whole page is left unread)."""

    reason: str
    skip: tuple[str, ...] = ()


# The admin's filter of matches by how they ended lists the stored codes of the games' endings ("resignation").
ADMIN_FILTER = Pending("the admin's filter of matches by how they ended lists codes", skip=("changelist-filter",))
PENDING: dict[str, Pending] = {
    "admin:play_match_changelist": ADMIN_FILTER,
}

# Django's admin says a boolean, and its search box, by icons whose alt text ("True", "Search") Django does not
# translate: not the site's words.
DJANGO_ICON_ALT = re.compile(r'(<img src="[^"]*/admin/img/[\w-]+\.svg") alt="[^"]*"')

# Texts the world's people wrote (names of their ladders and leagues, their profile, a moderator's words): never
# translated.
WRITTEN_BY_PEOPLE = ("Security ladder", "Empty ladder", "Sec league", "I play slowly.", "Be kind.", "hello", "my plan")


def readers(name: str, index: int) -> list[str]:
    """The roles whose GET of the case's URL is answered with a page."""
    return [role for role in ROLES if POLICY[name][index].get[role] == 200]


def is_a_page(response) -> bool:
    """An HTML page shown in the browser (not a redirect, stream, download, feed, picture or JSON)."""
    return (
        response.status_code == 200
        and not response.streaming
        and response.get("Content-Type", "").startswith("text/html")
        and not response.get("Content-Disposition", "").startswith("attachment")
    )


READ_CASES = [case for case in CASES if readers(*case)]


@pytest.mark.django_db
@pytest.mark.parametrize("name,index", READ_CASES, ids=[case_id(c) for c in READ_CASES])
def test_every_word_of_every_page_is_translated(name, index):
    case, world, url = prepare_case(name, index)
    headers = {"HTTP_HX_REQUEST": "true"} if case.htmx else {}
    # Usernames, and the games' slugs (names in URLs, and the admin's stored values), are never translated.
    allowed = [user.username for user in world.users.values()] + list(WRITTEN_BY_PEOPLE) + list(all_games())
    key = case_id((name, index)) if case_id((name, index)) in PENDING else name
    pending = PENDING.get(key)
    english, english_outside_pending = {}, {}
    with pseudo_language() as language:
        for role in readers(name, index):
            with transaction.atomic():
                response = world.client(role, HTTP_ACCEPT_LANGUAGE=language).get(url, **headers)
                transaction.set_rollback(True)
            if not is_a_page(response):
                continue
            page = DJANGO_ICON_ALT.sub(r"\1", response.content.decode())
            english[role] = sorted(set(untranslated(page, allowed)))
            if pending and pending.skip:
                english_outside_pending[role] = sorted(set(untranslated(page, allowed, skip=pending.skip)))
    if not english:
        pytest.skip("no role gets an HTML page here")
    left = {role: words for role, words in english.items() if words}
    if pending is None:
        assert not left, f"English on {url}: {left}"
        return
    assert left, f"{key} is clean in the pseudo-language: remove it from PENDING"
    outside = {role: words for role, words in english_outside_pending.items() if words}
    assert not outside, f"English on {url} outside the pending parts {pending.skip}: {outside}"


def test_every_pending_entry_names_a_url_of_the_matrix():
    stale = sorted(PENDING.keys() - {name for name, _ in READ_CASES} - {case_id(case) for case in READ_CASES})
    assert not stale, f"PENDING names URLs the matrix does not read: {stale}"
