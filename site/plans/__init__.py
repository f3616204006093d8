"""Planning ahead: each player's private analysis boards of a match, and their conditional moves."""
