"""The rewordings `contract-check rewordings` applies keep the meaning of what they change."""

from __future__ import annotations

import pytest

from chalicelib.evaluation.rewording import ONLY, READERS, REWORDINGS


@pytest.mark.parametrize(
    ("label", "before", "after"),
    [
        (
            "extend for renew",
            "renews unless notice of non-renewal is given; the Agreement is renewed",
            "extends unless notice of non-extension is given; the Agreement is extended",
        ),
        (
            "cancel for terminate",
            "may terminate; termination; terminated",
            "may cancel; cancellation; cancelled",
        ),
        ("digits for spelled numbers", "ninety (90) days, one hundred (100)", "90 days, 100"),
        ("spelled numbers alone", "ninety (90) days", "ninety days"),
        # "until terminated" has no "through" form; a date or an end has
        (
            "through for until",
            "until terminated by either party, until December 31, 2020, until the end of",
            "until terminated by either party, through December 31, 2020, through the end of",
        ),
        (
            "laws of the United States and a state",
            "the laws of the United States of America and the State of Texas",
            "the laws of the United States and Texas",
        ),
    ],
)
def test_a_rewording_changes_only_its_words(label: str, before: str, after: str) -> None:
    assert REWORDINGS[label](before) == after


def test_a_rewording_kept_to_some_clauses_names_only_clauses_read() -> None:
    assert all(set(categories) <= set(READERS) for categories in ONLY.values())
    assert set(ONLY) <= set(REWORDINGS)
