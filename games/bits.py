"""Bit tricks the bitboard games share (a set of cells is the set bits of a Python int)."""

from __future__ import annotations


def set_bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def nth_set_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (from 0, lowest first); the mask must have more than n set bits."""
    while n:
        mask &= mask - 1
        n -= 1
    return (mask & -mask).bit_length() - 1
