"""Abande (Dieter Stein, 2005): insert stones and stack onto enemy pieces while keeping one connected group."""
