"""`python -m tools.servicecheck`: fail loudly when the configured PostgreSQL or Redis is unreachable."""

import os
import sys

import dj_database_url
import psycopg
import redis


def main() -> int:
    """Connect to DATABASE_URL (if PostgreSQL) and CELERY_BROKER_URL (if Redis); exit 1 on failure."""
    failures = []
    database_url = os.environ.get("DATABASE_URL", "")
    if database_url.startswith(("postgres://", "postgresql://")):
        config = dj_database_url.parse(database_url)
        try:
            psycopg.connect(
                host=config["HOST"],
                port=config["PORT"] or 5432,
                user=config["USER"],
                password=config["PASSWORD"] or None,
                dbname=config["NAME"],
                connect_timeout=5,
            ).close()
        except psycopg.Error as error:
            failures.append(f"PostgreSQL at {config['HOST']}:{config['PORT']} is unreachable: {error}")
    broker_url = os.environ.get("CELERY_BROKER_URL", "")
    if broker_url.startswith("redis://"):
        try:
            redis.Redis.from_url(broker_url, socket_connect_timeout=5).ping()
        except redis.RedisError as error:
            failures.append(f"Redis at {broker_url} is unreachable: {error}")
    for failure in failures:
        print(failure, file=sys.stderr)
    if not failures:
        print("services reachable:", database_url.split("@")[-1] or "-", broker_url or "-")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
