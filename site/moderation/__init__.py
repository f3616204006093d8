"""Moderation: players' reports, the moderators' queue and their actions (each logged), and the mass-timeout rule."""
