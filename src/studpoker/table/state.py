"""Where the table's kept-hands figures were first written; they live with the part
that keeps the hands now (:mod:`studpoker.table.recent`)."""

from studpoker.table.recent import KEPT_HANDS, RECENT_HANDS

__all__ = ["KEPT_HANDS", "RECENT_HANDS"]
