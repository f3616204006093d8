"""Production mode passes Django's deployment checks with no warnings; unsafe setups refuse to start."""

import os
import re
import stat
import subprocess
import sys
import threading

import pytest
from django.conf import settings

from daymove.secure_defaults import development_secret_key, public_hosts, weak_secret_key

STRONG_KEY = "x" * 20 + "a-long-random-production-secret-key-0123456789"


def run_manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    """manage.py in a fresh process: this one's environment without SECRET_KEY and DEBUG, then `env`.

    The browser tests lift Django's async guard for their own process only, so it is not passed on either.
    """
    base = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=base | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_in_production_mode():
    env = {"DEBUG": "false", "SECRET_KEY": STRONG_KEY, "ALLOWED_HOSTS": "daymove.example"}
    result = run_manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_mode_refuses_to_start_without_a_secret_key():
    result = run_manage({"DEBUG": "false", "ALLOWED_HOSTS": "daymove.example"}, "check")
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    "key", ["short-key", "django-insecure-" + "k" * 50, "ab" * 40, "dev-only-insecure-key-do-not-use-in-production"]
)
def test_production_mode_refuses_a_weak_secret_key(key):
    result = run_manage({"DEBUG": "false", "SECRET_KEY": key, "ALLOWED_HOSTS": "daymove.example"}, "check")
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr
    assert weak_secret_key(key) and weak_secret_key(STRONG_KEY) is None


@pytest.mark.parametrize(
    "env",
    [
        {"ALLOWED_HOSTS": "daymove.example"},
        {"ALLOWED_HOSTS": "*"},
        {"ALLOWED_HOSTS": "127.0.0.1,93.184.216.34"},
        {"SITE_URL": "https://daymove.example"},
    ],
)
def test_development_mode_refuses_to_face_a_public_host(env):
    result = run_manage(env, "check")
    assert result.returncode != 0 and "DEBUG is on with a public host" in result.stderr


def test_local_and_private_hosts_are_fine_in_development():
    assert public_hosts(["127.0.0.1", "localhost", "testserver", "[::1]", "app.localhost", "192.168.1.20"], "") == []
    assert public_hosts([".localhost", "10.0.0.5"], "http://127.0.0.1:8000") == []


def test_development_makes_its_own_key_once_in_the_var_folder(tmp_path):
    env = {"DAYMOVE_VAR_DIR": str(tmp_path)}
    script = "from django.conf import settings; print(settings.SECRET_KEY)"
    first = run_manage(env, "shell", "--no-imports", "-c", script)
    second = run_manage(env, "shell", "--no-imports", "-c", script)
    assert first.returncode == 0, first.stderr
    key_file = tmp_path / "secret-key"
    assert first.stdout.strip() == second.stdout.strip() == key_file.read_text().strip()
    assert weak_secret_key(first.stdout.strip()) is None
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    other = run_manage({"DAYMOVE_VAR_DIR": str(tmp_path / "elsewhere")}, "shell", "--no-imports", "-c", script)
    assert other.stdout.strip() != first.stdout.strip()  # every checkout has its own key


def test_processes_starting_together_share_one_key(tmp_path):
    keys = []
    threads = [threading.Thread(target=lambda: keys.append(development_secret_key(tmp_path))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 8 and len(set(keys)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["secret-key"]


def test_the_readme_lists_every_setting_and_production_names_the_safety_ones():
    source = (settings.BASE_DIR / "site" / "settings.py").read_text()
    names = set(re.findall(r'(?:environ\.get|env_bool|env_list)\(\s*"([A-Z_]+)"', source))
    readme = (settings.BASE_DIR / "README.md").read_text()
    table = readme.split("## Settings")[1].split("\n## ")[0]
    production = readme.split("## Running in production")[1].split("\n## ")[0]
    assert len(names) > 20
    assert sorted(name for name in names if f"`{name}`" not in table) == []
    safety_settings = {name for name in names if name.startswith(("DAYMOVE_MAX_", "DAYMOVE_MASS_", "DAYMOVE_TRUSTED_"))}
    safety_settings |= {name for name in names if "_PER_HOUR" in name or "RESERVED" in name}
    assert len(safety_settings) == 15
    assert sorted(name for name in safety_settings | {"CACHE_URL", "SECRET_KEY"} if f"`{name}" not in production) == []


def test_database_connections_are_pooled_not_kept_per_thread():
    """Under ASGI a connection kept per thread leaks one per request; reuse comes from psycopg's pool. psycopg may
    prepare statements (daymove.prepared_sql asks it to for its few hot queries), pooled or not."""
    show = "from django.conf import settings as s; d = s.DATABASES['default']; print(d['CONN_MAX_AGE'], d['OPTIONS'])"
    url = {"DATABASE_URL": "postgres://daymove@db.example:5432/daymove"}
    pooled = run_manage(url | {"DB_POOL_SIZE": "6"}, "shell", "-v", "0", "-c", show)
    unpooled = run_manage(url, "shell", "-v", "0", "-c", show)
    pool = "{'min_size': 1, 'max_size': 6, 'timeout': 10}"
    assert pooled.stdout.strip() == f"0 {{'pool': {pool}, 'prepare_threshold': 5}}", pooled.stderr
    assert unpooled.stdout.strip() == "0 {'prepare_threshold': 5}", unpooled.stderr
