"""calladventure: a typed engine for Call to Adventure and the challenge decks of Worldspanner Factions."""

from __future__ import annotations

__version__ = "0.1.0"
