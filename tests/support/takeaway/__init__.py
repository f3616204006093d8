"""Take-away: a tiny game that lives only in the tests, added the way docs/adding-a-game.md says (one folder)."""
