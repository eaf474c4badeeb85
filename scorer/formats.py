"""What the first bytes of a file say it is, where the name does not (read by the log readers and the batch's input
sorting; no imports, so a batch of hands never loads the log readers to ask)."""

from __future__ import annotations

# MCR records written as plain text, known by how their first line starts (a hands file never starts so):
# a Botzone Chinese Standard Mahjong match, and PMN (an MCR board as PGN-like tag pairs)
TEXT_RECORD_HEADS: dict[bytes, str] = {b"Match ": "botzone", b'[Event "': "pmn"}
