"""The expansion modules: each box's rules, plugged into the rules through ``rules.expansion.Expansion``.

* :mod:`calladventure.expansions.naming`: The Name of the Wind (002): Naming, Name tokens.
* :mod:`calladventure.expansions.odium`: solo and co-op play against Odium (000) or the core
  game's Adversary.

:data:`BUNDLED` lists the boxes the package's default library offers. A new box is a module
here (a subclass of ``Expansion``) plus its card data; nothing in ``rules`` changes.
"""

from __future__ import annotations

from ..rules._expansion import Expansion
from . import naming, odium
from .naming import Naming
from .odium import Adversary

#: The bundled boxes, in the order their hooks run.
BUNDLED: tuple[Expansion, ...] = (Adversary(), Naming())

__all__ = ["BUNDLED", "Adversary", "Naming", "naming", "odium"]
