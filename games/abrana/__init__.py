"""Abrana (Quadrante Isegrim, 2018): pawns jump and step on a 6x6 board, placing and turning markers."""
