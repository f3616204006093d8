"""The production layout as the Procfile gives it, and the deploy check's own pieces (its whole run is in `.ci/run`)."""

from __future__ import annotations

import re

from tools.deploycheck import CHECKOUT_PROCFILE, forms_of, normalised, procfile


def _queues(command: str) -> set[str]:
    found = re.search(r"-Q (\S+)", command)
    return set(found.group(1).split(",")) if found else set()


def test_the_procfile_has_one_beat_and_keeps_bots_apart_from_mail():
    processes = procfile(CHECKOUT_PROCFILE)
    assert set(processes) == {"release", "web", "worker", "bots", "beat"}
    assert sum("celery -A daymove beat" in command for command in processes.values()) == 1
    assert "--beat" not in processes["worker"] + processes["bots"]  # a second scheduler would sweep twice as often
    assert _queues(processes["bots"]) == {"bots"}
    assert _queues(processes["worker"]) == {"mail", "celery", "bulk"}
    assert processes["release"].index("migrate") < processes["release"].index("collectstatic")
    assert "daymove.asgi:application" in processes["web"]  # ASGI: pages hold event streams


def test_forms_are_read_as_a_browser_would_send_them():
    page = """<form action="/a/"><input name="x" value="1"><input type="checkbox" name="c">
      <input type="checkbox" name="d" checked value="yes"><select name="s"><option value="p">P</option>
      <option value="q" selected>Q</option></select><select name="t"><option value="u">U</option></select></form>
      <form method="post"><input name="y"></form>"""
    first, second = forms_of(page)
    assert first == {"action": "/a/", "fields": {"x": "1", "d": "yes", "s": "q", "t": "u"}}
    assert second == {"action": "", "fields": {"y": ""}}


def test_pages_are_compared_without_their_per_request_tokens():
    one = b'<input name="csrfmiddlewaretoken" value="abc"><div hx-get="/live/events/?m=1&t=17.5">'
    two = b'<input name="csrfmiddlewaretoken" value="xyz"><div hx-get="/live/events/?m=1&t=18.25">'
    assert normalised(one) == normalised(two)
    assert normalised(one) != normalised(one.replace(b"m=1", b"m=2"))
