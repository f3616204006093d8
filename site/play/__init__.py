"""Play: challenges, matches and their moves."""
