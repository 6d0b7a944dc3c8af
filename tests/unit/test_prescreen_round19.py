"""Two denials the nineteenth blind round (en_contracts_extra37 and 38) showed read as the rights
they deny, written here in other words: a joint venture's members denied any right to end it,
and a termination charge ruled out."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 60


def _present(sentence: str, clause: str) -> bool:
    flag = find_clauses(prepare_text(sentence + _BODY), ("en",), can_judge=True)[clause]
    return flag is not None and flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "No Venturer may resign from the Venture, and neither Venturer shall have any right to "
        "terminate this Agreement for convenience.",
        "The Distributor shall have no right to terminate this Agreement for its convenience.",
    ],
)
def test_a_right_to_terminate_for_convenience_denied_is_none(sentence: str) -> None:
    assert not _present(sentence, "unilateral_termination")


def test_a_termination_charge_ruled_out_is_no_liquidated_damages() -> None:
    sentence = (
        "On such termination Client shall pay for the Services performed through the date of "
        "termination. No further termination charge shall be payable by Client."
    )
    assert not _present(sentence, "penalty")


def test_a_right_to_terminate_for_convenience_still_reads() -> None:
    assert _present(
        "Either party may terminate this Agreement for convenience upon sixty (60) days' prior "
        "written notice to the other party.",
        "unilateral_termination",
    )
