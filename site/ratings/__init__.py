"""Ratings: Glicko-2 per game, rated as each game ends; leaderboards."""
