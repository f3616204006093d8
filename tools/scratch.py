"""Scratch databases and folders for the tools, and the production-like settings their processes run with.

A scratch database is dropped at the end of a run, so its name must contain the tool's name ("loadbench",
"failurecheck"): a name without it is someone's real data, and the tools refuse it.
"""

from __future__ import annotations

import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

CHECKOUT = Path(__file__).resolve().parent.parent
POSTGRES = "postgres://postgres@127.0.0.1:5432"


def default_database_url(marker: str) -> str:
    """The scratch database a tool uses unless told otherwise: daymove_<tool> on this machine's PostgreSQL."""
    return f"{POSTGRES}/daymove_{marker}"


def fresh_folder(name: str) -> Path:
    """An empty folder var/<name> (under DAYMOVE_VAR_DIR when set) for a run's files and logs."""
    folder = Path(os.environ.get("DAYMOVE_VAR_DIR", CHECKOUT / "var")) / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@dataclass
class Database:
    """The scratch database of a run: its URL, what it is (for the report) and how to remove it."""

    url: str
    label: str
    marker: str
    sqlite_path: Path | None = None

    def drop(self) -> None:
        if self.sqlite_path is not None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.sqlite_path}{suffix}").unlink(missing_ok=True)
        else:
            _postgres_admin(self.url, "DROP DATABASE IF EXISTS {} WITH (FORCE)", self.marker)


def _scratch_name(name: str, marker: str) -> str:
    if marker not in name:
        raise SystemExit(f"refusing to use database {name!r}: a scratch database's name must contain {marker!r}")
    return name


def _postgres_admin(url: str, statement: str, marker: str) -> None:
    """Run a CREATE/DROP DATABASE statement for `url`'s database from the server's "postgres" database."""
    import psycopg
    from psycopg import sql
    from psycopg.conninfo import conninfo_to_dict

    name = _scratch_name(conninfo_to_dict(url)["dbname"], marker)
    with psycopg.connect(url, dbname="postgres", autocommit=True, connect_timeout=3) as connection:
        connection.execute(sql.SQL(statement).format(sql.Identifier(name)))


def open_database(url: str | None, folder: Path, marker: str) -> Database:
    """A new empty scratch database: PostgreSQL at `url`, or a SQLite file in `folder` if that server is unreachable.

    Its name must contain `marker` (the tool's name), as it is dropped at the end.
    """
    import psycopg

    url = url or default_database_url(marker)
    if url.startswith("sqlite:"):
        path = Path(url.removeprefix("sqlite:///").removeprefix("sqlite://")).resolve()
        _scratch_name(path.name, marker)
        database = Database(f"sqlite:///{path}", "SQLite (file)", marker, path)
        database.drop()
        return database
    try:
        _postgres_admin(url, "DROP DATABASE IF EXISTS {} WITH (FORCE)", marker)
        _postgres_admin(url, "CREATE DATABASE {}", marker)
    except psycopg.OperationalError as error:
        path = folder / f"{marker}.sqlite3"
        reason = " ".join(str(error).split())
        print(f"PostgreSQL at {urlsplit(url).hostname} is unreachable ({reason}); using SQLite {path}")
        return Database(f"sqlite:///{path}", "SQLite (fallback: PostgreSQL unreachable)", marker, path)
    return Database(url, "PostgreSQL", marker)


def server_environment(database_url: str, folder: Path) -> dict[str, str]:
    """Production-like settings for the site's processes and the tool's own: same database and key, scratch folders."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "EMAIL_HOST", "EMAIL_FILE_PATH", "SITE_URL", "CSRF_TRUSTED_ORIGINS"}
    }
    return env | {
        "DJANGO_SETTINGS_MODULE": "daymove.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        # The folder queue under the scratch folder: jobs recorded by moves are handed over after commit
        # without a broker server, and never reach the developer's own queue in var/celery-queue.
        "CELERY_BROKER_URL": "filesystem://",
        "DAYMOVE_VAR_DIR": str(folder),
        "LOG_LEVEL": "WARNING",
    }
