"""Queries whose SQL Django builds once per process: for a hot page's few fixed queries, building the SQL (filters,
joins, selected columns, compilation) costs more than running it. Each query differs between requests only by a few
ids (the viewer's, the match's), each put where its stand-in was when the SQL was built.

This reads what Django's own iterables read after compiling (`compiler.select`, `klass_info`, converters), so it is
tied to Django's query internals: tests/site/test_lobby_prepared.py compares its rows with the plain querysets'.

On PostgreSQL these queries are also prepared on the server (once per connection), as planning them cost more than
running them: Django binds parameters on the client, which psycopg cannot prepare, so they run through a cursor
that binds on the server and asks psycopg to prepare, wrapped by Django as its own cursors are (`execute_wrapper`s
see them). While Django logs queries (`DEBUG`, assertNumQueries) they run through its own cursor instead, as only
that one can tell the log their text."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django.db import connections
from django.db.models.query import get_related_populators

# Ids no row has: where the real values go in the built SQL's parameters, the first value for the first stand-in.
STAND_INS = (-2147483646, -2147483645, -2147483644)


@dataclass(frozen=True, slots=True)
class _Built:
    sql: str
    params: tuple
    compiler: object
    converters: dict

    def run(self, using: str, values: tuple) -> list:
        """The rows, converted as Django converts them, with `values` in place of the stand-ins."""
        slots = dict(zip(STAND_INS, values))
        # isinstance, not type: psycopg wraps some of Django's integer parameters (Int4, a subclass of int).
        params = tuple(slots.get(p, p) if isinstance(p, int) else p for p in self.params)
        with _cursor(connections[using]) as cursor:  # this thread's connection, not the one that built the SQL
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        return list(self.compiler.apply_converters(rows, self.converters)) if self.converters else rows


@cache
def _preparing_cursor_class():
    """A psycopg cursor that binds parameters on the server and has every query it runs prepared (PostgreSQL only)."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    class PreparingCursor(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True, binary=binary)

    return PreparingCursor


def _cursor(connection):
    """Django's cursor; on PostgreSQL one whose queries psycopg prepares on the server (see the module's text)."""
    if connection.vendor != "postgresql" or connection.queries_logged:
        return connection.cursor()
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.pq import Format

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        cursor = _preparing_cursor_class()(connection.connection)
        # As Django's own cursors: the time zone of the connection's settings, if they changed since it was opened.
        if connection.timezone != connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT).timezone:
            register_tzloader(connection.timezone, cursor)
        return connection._prepare_cursor(cursor)


class Prepared:
    """A queryset built by `build(*stand-ins)` (one per argument of `build`), compiled once per database and then run
    for any values."""

    def __init__(self, build: Callable):
        self._build = build
        self._arity = len(inspect.signature(build).parameters)
        self._by_db = {}

    def _built(self, using: str) -> tuple[_Built, object]:
        found = self._by_db.get(using)
        if found is None:
            queryset = self._build(*STAND_INS[: self._arity])
            compiler = queryset.query.get_compiler(using=using, connection=connections[using])
            sql, params = compiler.as_sql()
            converters = compiler.get_converters([s[0] for s in compiler.select[: compiler.col_count]])
            found = self._by_db[using] = (_Built(sql, tuple(params), compiler, converters), queryset)
        return found

    def values(self, *values, using: str = "default") -> list[dict]:
        """The rows of a `.values(*names)` queryset, as dicts."""
        built, queryset = self._built(using)
        query = queryset.query
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
        return [dict(zip(names, row, strict=True)) for row in built.run(using, values)]

    def first(self, *values, using: str = "default"):
        """The first model instance `models` gives, or None."""
        found = self.models(*values, using=using)
        return found[0] if found else None

    def count(self, *values, using: str = "default") -> int:
        """How many rows the queryset has (its SQL counted as a subquery)."""
        built, _ = self._built(using)
        counted = _Built(f"SELECT COUNT(*) FROM ({built.sql}) AS counted", built.params, built.compiler, {})
        return counted.run(using, values)[0][0]

    def models(self, *values, using: str = "default") -> list:
        """The model instances of a queryset (with its select_related objects and annotations), as iterating it
        gives them."""
        built, _ = self._built(using)
        compiler = built.compiler
        select, klass_info = compiler.select, compiler.klass_info
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        init_list = [s[0].target.attname for s in select[start:end]]
        populators = get_related_populators(klass_info, select, using)
        found = []
        for row in built.run(using, values):
            obj = klass_info["model"].from_db(using, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in compiler.annotation_col_map.items():
                setattr(obj, name, row[position])
            found.append(obj)
        return found
