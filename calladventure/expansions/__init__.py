"""expansions layer."""
