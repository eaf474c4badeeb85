"""Re-exports of :mod:`scorer.shanten` (shanten, waits, ukeire) for the callers not yet switched to it.

The one core is :mod:`scorer.shanten`; this module only keeps the old import path alive until its last callers
(the riichi and MCR evaluators, the CLI's ``analyze``) import from there. Nothing is defined here.
"""

from scorer.shanten import (discard_options, seven_pairs_shanten, shanten, shanten_counts,  # noqa: F401
                            standard_shanten, thirteen_orphans_shanten, ukeire_counts, waits, waits_counts)
