"""Studying stud (issue 18): one's own hands imported beside the room's, statistics
that know the up cards, and the replayer's hands (docs/study.md).

It sits after ``table`` among DESIGN.md's layers: it reads records (``history``), the
room's hands (``store``) and renders events as the table does (``table.snapshot``)."""

from studpoker.study.hands import StudyHand, from_hand, from_phh_text, from_record, nets

__all__ = ["StudyHand", "from_hand", "from_phh_text", "from_record", "nets"]
