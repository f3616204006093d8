"""Locust users for the load benchmark (`tools.loadbench` runs them one class at a time): one class per endpoint.

The plan, written by `tools.loadbench` to the JSON file named by LOADBENCH_PLAN, holds each player's Cookie header
(a logged-in session and a CSRF secret), the (match, player) pairs whose pages are viewed, the (league division
page, player of it) pairs, the dashboard's path,
the archive searches, and the next move of seeded active matches. Requests go to the `--host` Locust is given;
users wait nothing between requests (a closed loop, as many requests in flight as users).
"""

from __future__ import annotations

import json
import os
import random
from collections import deque
from pathlib import Path

from locust import FastHttpUser, constant, task

PLAN = json.loads(Path(os.environ["LOADBENCH_PLAN"]).read_text()) if os.environ.get("LOADBENCH_PLAN") else {}
COOKIES = {int(uid): cookie for uid, cookie in PLAN.get("cookies", {}).items()}
# Moves left to play: each is the next ply of a match; a match's following move joins once this one is applied,
# so two requests never race on one match. (Locust's users share this process, one gevent loop.)
MOVES = deque(PLAN.get("moves", []))
REFUSED = {400, 403, 404, 409}  # a move the server turned down: counted as a failure, its match left alone
_rng = random.Random(1)


class _Bench(FastHttpUser):
    abstract = True
    wait_time = constant(0)


class Healthz(_Bench):
    """The trivial view: the server's own overhead, the baseline of every other figure."""

    @task
    def healthz(self):
        self.client.get("/healthz", name="GET /healthz (baseline)")


class SignedInFloor(_Bench):
    """The least any signed-in page costs: the middleware, the session, the user and their player."""

    @task
    def signed_in(self):
        uid = _rng.choice(PLAN["dashboard_users"])
        self.client.get("/bench/signed-in", headers={"Cookie": COOKIES[uid]}, name="GET signed-in floor")


class WriteFloor(_Bench):
    """The least any move costs: a signed-in POST through the CSRF check and one committed compare-and-set."""

    @task
    def write(self):
        move = _rng.choice(PLAN["moves"])
        cookie = COOKIES[move["players"][move["seats"][move["ply"]]]]
        headers = {"Cookie": cookie, "X-CSRFToken": cookie.rsplit("=", 1)[1], "Origin": self.host}
        self.client.post(
            f"/bench/write/{move['match']}", data={"ply": move["ply"]}, headers=headers, name="POST write floor"
        )


class Dashboard(_Bench):
    """A logged-in player's dashboard."""

    @task
    def dashboard(self):
        uid = _rng.choice(PLAN["dashboard_users"])
        self.client.get(PLAN["dashboard_path"], headers={"Cookie": COOKIES[uid]}, name="GET / (dashboard)")


class MatchPage(_Bench):
    """A match page, seen by one of its players."""

    @task
    def match_page(self):
        match_id, uid = _rng.choice(PLAN["viewers"])
        self.client.get(f"/m/{match_id}/", headers={"Cookie": COOKIES[uid]}, name="GET /m/<id>/ (match page)")


class DivisionPage(_Bench):
    """A league division's page (standings, crosstable, fixtures of 10 players), seen by one of its players."""

    @task
    def division_page(self):
        path, uid = _rng.choice(PLAN["division_viewers"])
        self.client.get(
            path,
            headers={"Cookie": COOKIES[uid]},
            name="GET /leagues/<series>/<season>/<division>/ (division page, 10 players)",
        )


class Archive(_Bench):
    """A player's archive searched with filters (a game, won, newest first), seen by a signed-in player."""

    @task
    def archive(self):
        uid = _rng.choice(PLAN["dashboard_users"])
        path = _rng.choice(PLAN["archive_paths"])
        self.client.get(path, headers={"Cookie": COOKIES[uid]}, name="GET /players/<name>/games/?filters (archive)")


class Move(_Bench):
    """Real moves, as htmx sends them (the play area comes back)."""

    @task
    def move(self):
        if not MOVES:
            self.stop()  # the pool ran dry (the report says so)
            return
        move = MOVES.popleft()
        ply = move["ply"]
        mover = move["players"][move["seats"][ply]]
        cookie = COOKIES[mover]
        headers = {
            "Cookie": cookie,
            "X-CSRFToken": cookie.rsplit("=", 1)[1],
            "HX-Request": "true",
            "Origin": self.host,
        }
        fields = {"move": move["notations"][ply], "ply": ply}
        with self.client.post(
            f"/m/{move['match']}/move/", data=fields, headers=headers, name="POST /m/<id>/move/", catch_response=True
        ) as response:
            if response.status_code == 200:
                response.success()
                if ply + 1 < len(move["notations"]):
                    MOVES.append(move | {"ply": ply + 1})
            elif response.status_code in REFUSED:
                response.failure(f"refused ({response.status_code})")
