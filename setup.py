"""The packages of the wheel, found rather than listed, so that no app, game or data folder is ever left out.

pyproject.toml's `packages.find` cannot find packages under a renamed folder (site/ is installed as `daymove`, and
templates/, static/ and seeds/ inside it), so they are found here, under pyproject.toml's package-dir; everything else
about the build is in pyproject.toml. Data folders are found as namespace packages: setuptools wants every folder that
holds package data listed.
"""

import tomllib
from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

PACKAGE_DIR = tomllib.loads(Path(__file__).with_name("pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]


def packages_in(name: str, folder: str) -> list[str]:
    """`name` and every folder below `folder`, named under it."""
    below = find_namespace_packages(folder, exclude=["__pycache__", "*.__pycache__"])
    return [name, *(f"{name}.{sub}" for sub in below)]


class BuildWithCatalogues(build_py):
    """The usual build, then each translation catalogue compiled into the build (the .mo files are not in git)."""

    def run(self):
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        catalogues = Path(PACKAGE_DIR["daymove.locale"])
        for source in catalogues.glob("*/LC_MESSAGES/*.po"):
            built = Path(self.build_lib, "daymove", "locale", source.relative_to(catalogues).with_suffix(".mo"))
            built.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po, built.open("wb") as mo:
                write_mo(mo, read_po(po))


setup(
    packages=[package for name, folder in PACKAGE_DIR.items() for package in packages_in(name, folder)],
    cmdclass={"build_py": BuildWithCatalogues},
)
