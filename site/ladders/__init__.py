"""Ladders: one standing ladder per game and options, always open, that never rot.

The arithmetic (reach, refusals, movement, idle decay, strikes) is pure, in `arithmetic`, tested in
`tests/ladders/test_arithmetic.py`.
"""
