"""The outbox: background work recorded in the database with the change that causes it.

A move records its follow-up work (a bot turn, an email) as a Job row in the move's own
transaction; the job is handed to Celery after commit, and a periodic sweep hands over whatever
is still pending. A unique key per job means redelivery never doubles the work, and a Redis
outage only delays it.
"""
