"""Competitions: leagues (seasons, divisions, promotion and relegation) and ladders, one of each per game.

This package will hold the competitions app. What it holds so far is the app's pure arithmetic, with no Django
and no database: the Berger seat tables (`berger`), standings and tie-breaks (`standings`), what is still
possible in a division (`clinch`), the division draw and movement (`divisions`), the withdrawal rule
(`withdrawals`), a season's dates (`season_dates`) and the ladder (`ladder`). Inputs are plain ids, numbers
and dates; answers are small frozen dataclasses.
"""
