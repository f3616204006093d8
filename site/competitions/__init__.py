"""Competitions: leagues (seasons, divisions, promotion and relegation), one recurring series per game.

The rows are in `models`. The arithmetic is in pure modules with no Django and no database: the Berger seat
tables (`berger`), standings and tie-breaks (`standings`), what is still possible in a division (`clinch`), the
division draw and movement (`divisions`), the withdrawal rule (`withdrawals`) and a season's dates
(`season_dates`). Their inputs are plain ids, numbers and dates; answers are small frozen dataclasses. (The
ladders' arithmetic is in `daymove.ladders.arithmetic`.)
"""
