"""The `world` fixture of the security suites: a small site with one person in each role (tests.support.world)."""

import pytest

from tests.support.world import World, build_world


@pytest.fixture
def world(db) -> World:
    return build_world()
