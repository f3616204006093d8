"""The packages of the wheel, found rather than listed, so that no app, game or data folder is ever left out.

pyproject.toml's `packages.find` cannot find packages under a renamed folder (site/ is installed as `daymove`, and
templates/, static/ and seeds/ inside it), so they are found here, under pyproject.toml's package-dir; everything else
about the build is in pyproject.toml. Data folders are found as namespace packages: setuptools wants every folder that
holds package data listed.
"""

import tomllib
from pathlib import Path

from setuptools import find_namespace_packages, setup

PACKAGE_DIR = tomllib.loads(Path(__file__).with_name("pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]


def packages_in(name: str, folder: str) -> list[str]:
    """`name` and every folder below `folder`, named under it."""
    below = find_namespace_packages(folder, exclude=["__pycache__", "*.__pycache__"])
    return [name, *(f"{name}.{sub}" for sub in below)]


setup(packages=[package for name, folder in PACKAGE_DIR.items() for package in packages_in(name, folder)])
