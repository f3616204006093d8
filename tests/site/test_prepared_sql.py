"""Queries whose SQL is built once per process (daymove.prepared_sql) stay visible to Django's query logging, and on
PostgreSQL are prepared on the server, so each connection plans them once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from daymove.web import views


def test_a_prepared_query_is_seen_by_djangos_query_logging(alice):
    with CaptureQueriesContext(connection) as queries:
        views.LISTED_MATCHES.values(alice.pk)
    assert len(queries) == 1 and queries[0]["sql"].startswith('SELECT "play_match"."id"')


@pytest.mark.skipif(connection.vendor != "postgresql", reason="only PostgreSQL prepares statements on the server")
def test_on_postgresql_it_is_prepared_on_the_server(alice, bob):
    for user in (alice, bob):
        views.LISTED_MATCHES.values(user.pk)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        statements = [row[0] for row in cursor.fetchall()]
    built, _ = views.LISTED_MATCHES._built("default")
    assert sum(statement.startswith(built.sql[:80]) for statement in statements) == 1  # one statement, both runs
