"""Termination for convenience and liquidated damages (English rules): CUAD's meaning.

Termination for convenience is a right to end the contract on notice alone, with no
reason to give; a right that only a breach, an insolvency, a change of control or another
event opens is not one. Liquidated damages are a sum agreed as owed on breach or
termination; an exclusion of such damages, costs passed on or a statute's name are not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag

_PADDING = "\nThe remaining terms of this agreement are set out below without any reservation." * 30


def _flag(sentence: str, clause: str) -> ClauseFlag | None:
    return find_clauses(prepare_text(sentence + _PADDING), ("en",), can_judge=True)[clause]


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may also be terminated by either party upon ninety (90) days written "
        "notice.",
        "Regardless of the term, Licensee can terminate Agreement with at least one hundred "
        "eighty (180) days written notice with no further obligation.",
        "Developer may also terminate this Agreement by giving two (2) weeks' notice in writing "
        "to the Company.",
        "After the Initial Term, this Agreement shall continue on a month to month basis until "
        "terminated by either party upon thirty (30) days prior written notice to the other.",
        "Either party may cancel this Agreement at any time, with or without supplying a reason, "
        "through written notification.",
        "Dynamic Hearing may terminate this Agreement upon three (3) months written notice to "
        "IntriCon of such termination.",
    ],
)
def test_termination_on_notice_alone_is_for_convenience(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present and flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # an event opens the right
        "NCM may terminate this Agreement upon thirty (30) days written notice to Network "
        "Affiliate in the event that distribution of the Service is permanently discontinued.",
        "Either party may terminate this Agreement upon 30 days written notice if either "
        "Party's corporate structure has undergone a material ownership change.",
        "Consolidated Artists shall have the right to terminate this Agreement upon thirty (30) "
        "days prior written notice to TPC upon the occurrence of any of the following events.",
        "Should a Force Majeure event continue for more than two months, the Party unaffected "
        "may terminate this Agreement at any time upon written notice.",
        "This Agreement may be terminated by either party with cause upon thirty (30) days "
        "written notice.",
        # a right granted elsewhere, only referred to
        "If the Manufacturer terminates this Agreement or cancels any purchase order without "
        "cause pursuant to Section 8.2, Subcontractor will stop all shipments.",
        # the right denied
        "This Agreement may not be terminated by either Party at any time for its own convenience.",
    ],
)
def test_termination_on_an_event_or_by_reference_is_not_for_convenience(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "In the event the Company terminates this Agreement, the Company shall pay to HDI a "
        "termination payment equal to the aggregate Net Sales for the preceding twelve months.",
        "The Exit Fee shall be paid by Affiliate immediately prior to the assignment of the "
        "Merchants to another processor.",
        "The Parties agree that the Construction Cost Reimbursement shall be deemed liquidated "
        "damages and that such amount shall not be deemed a penalty.",
    ],
)
def test_a_sum_owed_on_termination_is_liquidated_damages(sentence: str) -> None:
    flag = _flag(sentence, "penalty")

    assert flag is not None and flag.present and flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "NEITHER PARTY SHALL BE LIABLE UNDER THIS AGREEMENT FOR INDIRECT, INCIDENTAL, "
        "CONSEQUENTIAL, LIQUIDATED, SPECIAL OR EXEMPLARY DAMAGES OR PENALTIES.",
        "Company agrees to reimburse Contractor for any losses (including cancellation "
        "penalties) that Contractor may sustain.",
        "CISCO SHALL NOT BE LIABLE FOR LOSS, DAMAGE OR PENALTY FOR DELAY IN DELIVERY.",
        "Such consent must be documented in writing and given under penalty of nullity.",
        "Exact shall comply with the Civil Monetary Penalty Statute and the False Claims Act.",
        "Licensee shall bear any liability, cause of action, lawsuit, penalty, claim or loss "
        "arising under the applicable Laws.",
        "Such shared expenses may include lease termination fees and employee severance costs "
        "payable by either party.",
        "No refund shall be payable for any pre-termination payments made to the Company.",
    ],
)
def test_an_excluded_or_passed_on_sum_is_not_liquidated_damages(sentence: str) -> None:
    flag = _flag(sentence, "penalty")

    assert flag is not None and not flag.present
