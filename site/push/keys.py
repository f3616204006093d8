"""The site's VAPID key pair (RFC 8292): from settings, else from var/vapid.json, made by `manage.py vapid_keys`."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02


def _stored() -> dict:
    path = Path(settings.DAYMOVE_VAPID_FILE)
    return json.loads(path.read_text()) if path.exists() else {}


def private_pem() -> str:
    """The private key (PEM), or "" when push is not set up."""
    return settings.DAYMOVE_VAPID_PRIVATE_KEY or _stored().get("private_key", "")


def application_server_key() -> str:
    """The public key as browsers take it (base64url of the uncompressed point), or "" when push is not set up."""
    pem = private_pem()
    if not pem:
        return ""
    point = Vapid02.from_pem(pem.encode()).public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(point).decode().rstrip("=")


def make_keys(path: Path) -> bool:
    """Write a new key pair to `path` unless one is there; True if it was made."""
    if path.exists():
        return False
    vapid = Vapid02()
    vapid.generate_keys()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"private_key": vapid.private_pem().decode()}))
    path.chmod(0o600)
    return True
