"""Offboard (Lalet & Lévi, 2011): push your opponent's balls into the gutters around a hexagon."""
