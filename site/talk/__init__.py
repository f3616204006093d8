"""Talk inside a match: chat between the two players and each player's private notes."""
