"""Safe defaults read by the settings: a development key of one's own, and refusals of unsafe production setups.

Imported by `settings.py` before Django is set up, so nothing here may import Django's models.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

# Django's own deployment check (security.W009) asks for this much of a key.
MIN_KEY_LENGTH = 50
MIN_KEY_DISTINCT_CHARACTERS = 5
# Host names that only this machine (or the test client) answers to.
LOCAL_NAMES = {"localhost", "testserver"}


def development_secret_key(folder: Path) -> str:
    """The key kept in `folder/secret-key`, made (random, readable by the owner only) the first time it is asked for.

    The web server and the Celery worker of `make run` start together: the key is written to a
    temporary file and linked into place, so the one that comes second reads the whole key.
    """
    path = folder / "secret-key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f"secret-key.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(64))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            temporary.unlink()
    return path.read_text().strip()


def weak_secret_key(key: str) -> str | None:
    """Why `key` is too weak to sign anything in production, or None if it is strong enough."""
    if not key:
        return "SECRET_KEY must be set when DEBUG is off"
    if key.startswith("django-insecure"):
        return "SECRET_KEY is Django's development key: set a long random one"
    if len(key) < MIN_KEY_LENGTH or len(set(key)) < MIN_KEY_DISTINCT_CHARACTERS:
        return (
            f"SECRET_KEY is too weak: use at least {MIN_KEY_LENGTH} random characters "
            '(python -c "import secrets; print(secrets.token_urlsafe(64))")'
        )
    return None


def is_local_host(host: str) -> bool:
    """True for a host name or address that only this machine or a private network reaches."""
    host = host.strip().lower().lstrip(".")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if host in LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def public_hosts(allowed_hosts: list[str], site_url: str) -> list[str]:
    """The hosts among ALLOWED_HOSTS and SITE_URL that the public could reach ("*" included)."""
    hosts = list(allowed_hosts) + [urlsplit(site_url).hostname or ""]
    return [host for host in hosts if host and not is_local_host(host)]
