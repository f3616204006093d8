"""A built wheel is a whole site: installed into a fresh virtualenv, it checks, migrates, seeds and serves pages
from a directory outside the checkout.

It needs no network. The wheel is built with this virtualenv's setuptools (the `dev` extra pins the build
backend's version; no build isolation, nothing downloaded) from a copy of the checkout, and installed with
`--no-deps --no-index` into a new virtualenv whose only other packages are this one's, added by a .pth line (this
virtualenv's editable install of the checkout is not: .pth files inside an added folder are not read). So the site
that runs is the wheel's own files, on the dependencies the project pins.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds a wheel and a virtualenv (about 20 s): `make test`, not `make check`

CHECKOUT = Path(__file__).resolve().parent.parent
# Not part of the build, and large or private: left out of the copy the wheel is built from.
# Compiled catalogues (*.mo) are left out too, as a fresh clone lacks them: the build must compile its own.
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "var",
    "build",
    "*.egg-info",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    "test-artifacts",
    "*.mo",
)
# The folders installed inside the package, and where they come from.
INSTALLED_AS = {
    "site": "daymove",
    "templates": "daymove/templates",
    "static": "daymove/static",
    "seeds": "daymove/seeds",
    "locale": "daymove/locale",
}

# Run by the installed site, in the scratch directory: what a deploy checks after installing.
SMOKE = """
import json, re, django
django.setup()
import daymove
from django.test import Client
client = Client()
rules = client.get("/games/abande/rules/")
stylesheet = re.search(rb'href="(/static/css/[^"]+)"', rules.content).group(1).decode()
print(json.dumps({
    "package": daymove.__file__,
    "rules": [rules.status_code, "Abande" in rules.content.decode()],
    "stylesheet": client.get(stylesheet).status_code,
    "lobby": client.get("/").status_code,
    "polish": "Poczekalnia" in client.get("/", HTTP_ACCEPT_LANGUAGE="pl").content.decode(),
}))
"""


def run(*command, **kwargs) -> str:
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)
    assert result.returncode == 0, f"{command}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built offline from a copy of the checkout."""
    scratch = tmp_path_factory.mktemp("wheel")
    source = scratch / "source"
    shutil.copytree(CHECKOUT, source, ignore=NOT_COPIED)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    run(*pip, "wheel", str(source), "--no-deps", "--no-build-isolation", "--no-index", "-w", str(scratch))
    (built,) = scratch.glob("daymove-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtualenv with the wheel installed; returns its Python."""
    target = tmp_path_factory.mktemp("venv") / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", str(wheel))
    purelib = Path(run(str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip())
    (purelib / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python


def test_the_wheel_holds_every_module_template_static_file_and_seed_and_no_tooling(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = set()
    for folder in ("site", "games", "templates", "static", "seeds", "locale"):
        for path in (CHECKOUT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".mo"):
                relative = path.relative_to(CHECKOUT / folder).as_posix()
                expected.add(f"{INSTALLED_AS.get(folder, folder)}/{relative}")
    assert expected - names == set()
    # The catalogues compiled by the build (the .mo files are not in git).
    compiled = {
        f"daymove/locale/{po.relative_to(CHECKOUT / 'locale').with_suffix('.mo').as_posix()}"
        for po in (CHECKOUT / "locale").glob("*/LC_MESSAGES/*.po")
    }
    assert compiled and compiled <= names
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == {"daymove", "games"}


def test_the_installed_site_checks_migrates_seeds_and_serves_pages_outside_the_checkout(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # The installed site's own defaults (SQLite and the folder broker under DAYMOVE_VAR_DIR), whatever this run uses.
    local = {"DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "CACHE_URL", "EMAIL_HOST", "EMAIL_FILE_PATH"}
    env = {key: value for key, value in os.environ.items() if key not in local} | {
        "DJANGO_SETTINGS_MODULE": "daymove.settings",
        "DAYMOVE_VAR_DIR": str(tmp_path / "var"),
        "PYTHONPATH": "",
    }
    django = [str(installed), "-m", "django"]

    assert "no issues" in run(*django, "check", cwd=elsewhere, env=env)
    run(*django, "migrate", "--noinput", cwd=elsewhere, env=env)
    seeded = run(*django, "load_seeds", cwd=elsewhere, env=env)  # a line per seed file, from the wheel's seeds
    assert "rated-history.json: " in seeded and " matches (" in seeded
    production = env | {"DEBUG": "false", "SECRET_KEY": "a-long-random-secret-key-for-this-test-only-0123456789"}
    run(*django, "collectstatic", "--noinput", cwd=elsewhere, env=production)
    found = json.loads(run(str(installed), "-c", SMOKE, cwd=elsewhere, env=production | {"SECURE_SSL_REDIRECT": "0"}))

    assert Path(found["package"]).is_relative_to(installed.parent.parent)  # the wheel's code, not the checkout's
    assert (found["rules"], found["stylesheet"], found["lobby"]) == ([200, True], 200, 200)
    assert found["polish"]  # the wheel's compiled Polish catalogue
    assert (tmp_path / "var" / "db.sqlite3").is_file() and not (elsewhere / "var").exists()
