"""``python -m calladventure``: the command line (see :mod:`calladventure.cli`)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    main()
