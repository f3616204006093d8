"""Web Push: a push service on the loopback receives each kind of push and decrypts it as a browser would.

The test push service plays the browser's part: it holds the subscription's private key and auth secret, reads
the encrypted body (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292) against the site's public key.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.test import Client
from django.urls import reverse

from daymove.outbox import jobs
from daymove.outbox.models import Job
from daymove.play.draws import decline_draw
from daymove.push.keys import application_server_key, make_keys
from daymove.push.models import PushPreferences, PushSubscription
from daymove.round import challenges, draws, endings
from tests.factories import PASSWORD
from tests.support.clocks import play_one, start

PORT = 8220  # the inbox helper's port range


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on the loopback: keeps each device's pushes; answers 410 for a device marked gone."""

    def __init__(self):
        self.received: list[tuple[str, dict, bytes]] = []
        self.gone: set[str] = set()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(410 if self.path in service.gone else 201)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Device:
    """A browser's push subscription: its key pair and auth secret (RFC 8291), subscribed for `user`."""

    def __init__(self, user, name: str):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.auth = os.urandom(16)
        self.path = f"/push/{name}"
        self.row = PushSubscription.objects.create(
            user=user, endpoint=f"http://127.0.0.1:{PORT}{self.path}", p256dh=b64url(public), auth=b64url(self.auth)
        )

    def read(self, body: bytes) -> dict:
        """Decrypt a push as the browser does."""
        plain = http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain)


def verify_vapid(headers: dict) -> None:
    """The VAPID JWT (ES256) is signed by the site's key and names this push service as its audience."""
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == application_server_key()
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(claims))["aud"] == f"http://127.0.0.1:{PORT}"
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
    try:
        key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        pytest.fail("the VAPID signature does not hold")


@pytest.fixture(scope="module")
def service():
    running = PushService()
    yield running
    running.server.shutdown()
    running.server.server_close()


@pytest.fixture
def push(service, settings, tmp_path, django_capture_on_commit_callbacks):
    """Keys made as `make run` makes them, an empty push service, and after-commit jobs run at once."""
    settings.DAYMOVE_VAPID_FILE = str(tmp_path / "vapid.json")
    assert make_keys(Path(settings.DAYMOVE_VAPID_FILE))
    service.received.clear()
    service.gone.clear()
    return lambda: django_capture_on_commit_callbacks(execute=True)


def pushes_to(service, device: Device) -> list[dict]:
    found = []
    for path, headers, body in service.received:
        if path == device.path:
            assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
            verify_vapid(headers)
            found.append(device.read(body))
    return found


def test_each_kind_of_push_reaches_the_device_encrypted(push, service, alice, bob):
    device = Device(bob, "bob-phone")
    with push():
        challenge = challenges.create_challenge(alice, "abande", {}, "bob", creator_seat=0, rated=False)
    with push():
        match = challenges.accept_challenge(challenge.pk, bob)
    with push():
        match = play_one(match)
    with push():
        draws.offer_draw(match.pk, alice)
    with push():
        endings.resign(match.pk, alice)
    received = pushes_to(service, device)
    assert [p["kind"] for p in received] == ["challenge", "your_turn", "draw_offer", "game_over"]
    challenge_push, turn, offer, over = received
    assert challenge_push["body"] == "alice challenges you to Abande." and challenge_push["url"] == "/"
    assert turn == {
        "kind": "your_turn",
        "title": f"Abande #{match.pk}",
        "body": "Your turn against alice.",
        "url": f"/m/{match.pk}/",
        "tag": f"your_turn-{match.pk}",
        "badge": 1,  # the app's unread badge: one match waits for bob
    }
    assert offer["body"] == "alice offers a draw."
    assert over["body"].startswith("Game over: ") and over["badge"] == 0


def test_a_push_is_sent_once_per_device_and_kind(push, service, alice, bob):
    phone, laptop = Device(bob, "bob-phone"), Device(bob, "bob-laptop")
    with push():
        match = start(alice, bob)
    with push():
        play_one(match)
    assert len(pushes_to(service, phone)) == 1 and len(pushes_to(service, laptop)) == 1
    for job in Job.objects.filter(kind="push"):
        jobs.run(job.pk)  # a redelivered job finds itself done
    assert len(service.received) == 2


def test_a_device_the_push_service_says_is_gone_is_removed(push, service, alice, bob):
    device = Device(bob, "bob-old-phone")
    service.gone.add(device.path)
    with push():
        play_one(start(alice, bob))
    assert not PushSubscription.objects.filter(pk=device.row.pk).exists()


def test_a_kind_turned_off_is_not_pushed(push, service, alice, bob):
    device = Device(bob, "bob-phone")
    PushPreferences.objects.create(user=bob, your_turn=False)
    with push():
        play_one(start(alice, bob))
    assert pushes_to(service, device) == []


def test_a_browser_subscribes_and_unsubscribes_through_the_settings_page(bob, carol):
    client = Client(enforce_csrf_checks=False)
    client.login(username="bob", password=PASSWORD)
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    body = {
        "endpoint": "https://fcm.googleapis.com/fcm/send/abc123",
        "keys": {
            "p256dh": b64url(
                key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            ),
            "auth": b64url(os.urandom(16)),
        },
    }
    url = reverse("push_subscribe")
    assert client.post(url, json.dumps(body), content_type="application/json").status_code == 201
    assert PushSubscription.objects.get(user=bob).endpoint == body["endpoint"]
    for bad in [
        body | {"endpoint": "http://10.0.0.1/internal"},  # not https: the site would post where a client says
        body | {"keys": {"p256dh": "short", "auth": body["keys"]["auth"]}},
        ["not", "an", "object"],
    ]:
        assert client.post(url, json.dumps(bad), content_type="application/json").status_code == 400
    carols = Client()
    carols.login(username="carol", password=PASSWORD)
    carols.post(
        reverse("push_unsubscribe"), json.dumps({"endpoint": body["endpoint"]}), content_type="application/json"
    )
    assert PushSubscription.objects.filter(user=bob).exists()  # carol cannot remove bob's device
    client.post(
        reverse("push_unsubscribe"), json.dumps({"endpoint": body["endpoint"]}), content_type="application/json"
    )
    assert not PushSubscription.objects.exists()
    page = client.get(reverse("push_settings")).content.decode()
    assert 'id="push-on"' in page and "It is my turn" in page


def test_a_push_waits_in_the_outbox_while_the_broker_is_down(push, service, alice, bob, monkeypatch):
    from daymove.outbox import tasks

    device = Device(bob, "bob-phone")

    def broker_down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    with monkeypatch.context() as patch:
        patch.setattr(tasks.run_job, "apply_async", broker_down)
        with push():
            play_one(start(alice, bob))
    [job] = Job.objects.filter(kind="push", key__contains=":your_turn:")
    assert job.status == Job.Status.PENDING and pushes_to(service, device) == []  # kept, not lost
    Job.objects.filter(kind="push").update(created=job.created - jobs.SWEEP_GRACE)
    assert jobs.sweep() >= 1  # the broker is back: beat's sweep hands it over
    assert [p["kind"] for p in pushes_to(service, device)] == ["your_turn"]  # the accepted challenge is old news


def test_the_offerer_hears_by_push_that_their_draw_offer_was_declined(push, service, alice, bob):
    device = Device(alice, "alice-phone")
    with push():
        match = play_one(start(alice, bob))
    with push():
        draws.offer_draw(match.pk, alice)
    with push():
        decline_draw(match.pk, bob)
    [declined] = [p for p in pushes_to(service, device) if p["kind"] == "draw_declined"]
    assert declined["body"] == "bob declined your draw offer." and declined["url"] == f"/m/{match.pk}/"
    PushPreferences.objects.create(user=alice, draw_declined=False)  # a kind of its own, turned off on its own
    with push():
        other = play_one(start(alice, bob))
        draws.offer_draw(other.pk, alice)
        decline_draw(other.pk, bob)
    assert [p["kind"] for p in pushes_to(service, device)].count("draw_declined") == 1
