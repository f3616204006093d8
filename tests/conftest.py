import pytest

from tests.factories import MatchFactory, UserFactory

# Fixtures that start real Celery workers and a private Redis (the integration tests use them), and the SMTP
# receiver with a turn email to reply to (the inbound mail tests).
pytest_plugins = ["tests.support.celery_worker", "tests.support.replies"]


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def carol(db):
    return UserFactory(username="carol")


@pytest.fixture
def match(alice, bob):
    """A fresh Abande match on the square board: alice is Black (seat 0), bob White."""
    return MatchFactory(player0=alice, player1=bob)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_inline():
    """Tasks run in the test process when handed over (the integration suite uses a real worker)."""
    from daymove.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


@pytest.fixture
def bot(db):
    user = UserFactory(username="bot-casual")
    user.player.is_bot = True
    user.player.bot_level = "beginner"  # fast enough for tests
    user.player.save()
    return user


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate limits (allauth keeps them in the cache) and drawn boards must not carry over from one test to the next."""
    from django.core.cache import caches

    for store in caches.all():
        store.clear()
