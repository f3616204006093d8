"""Players: the profile that sits beside each user account."""
