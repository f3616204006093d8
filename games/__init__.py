"""Rules of the games played on Daymove: pure Python, no Django (see games/base.py)."""
