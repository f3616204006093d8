"""Parity (working title of an untitled Toadflax Games game): red and blue gates open by piece-count parity."""
