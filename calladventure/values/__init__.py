"""values layer."""
