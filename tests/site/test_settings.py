"""Production mode passes Django's deployment checks with no warnings."""

import os
import subprocess
import sys

from django.conf import settings


def test_check_deploy_is_clean_in_production_mode():
    # The browser tests lift Django's async guard for their own process only.
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"} | {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-0123456789",
        "ALLOWED_HOSTS": "daymove.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_mode_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DEBUG": "false"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr
