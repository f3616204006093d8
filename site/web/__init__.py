"""Web: the pages that show several apps together (see apps.WebConfig)."""
