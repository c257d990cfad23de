"""Write ``calladventure/data/save.schema.json``, the JSON Schema of save files (for editors).

    python scripts/gen_save_schema.py

``tests/test_saves_strict.py`` fails when the committed file is not what this writes.
"""

from __future__ import annotations

from calladventure.data._save_schema import SCHEMA_FILE, schema_text
from calladventure.game._library import DEFAULT

if __name__ == "__main__":
    boxes = [box.id for box in DEFAULT.expansions]  # the bundled boxes: their ext types and effect atoms
    SCHEMA_FILE.write_text(schema_text(DEFAULT.state_types(), boxes), encoding="utf-8")
    print(f"wrote {SCHEMA_FILE}")
