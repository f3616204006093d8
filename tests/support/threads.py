"""Races in tests: functions run in threads released at the same moment, each with its own database connections."""

from __future__ import annotations

import threading

from django.db import connections

THREADS = 8


def run_together(functions) -> list:
    """Run the functions in threads released at the same moment; their results (or exceptions), in order."""
    barrier = threading.Barrier(len(functions))
    results = [None] * len(functions)

    def run(index, function):
        try:
            barrier.wait()
            results[index] = function()
        except Exception as error:  # noqa: BLE001 - reported by the test
            results[index] = error
        finally:
            connections.close_all()  # each thread has its own connections

    threads = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results
