"""Termination for convenience and liquidated damages, as CUAD defines them (issue 13).

Short sentences, synthetic or quoted from train contracts of CUAD (CC BY 4.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag

_PADDING = "\nThe other terms of this agreement follow below and hold no special clause." * 30


def _flag(sentence: str, clause: str) -> ClauseFlag | None:
    return find_clauses(prepare_text(sentence + _PADDING), ("en",), can_judge=True)[clause]


@pytest.mark.parametrize(
    "sentence",
    [
        # one item of a list of rights names a condition, the other none
        "Sekisui may terminate this Agreement upon prior written notice (i) in the event of any "
        "failure of Qualigen to meet a milestone, or (ii) at any other time upon ninety (90) "
        "days' prior written notice of impending termination.",
        "This Agreement shall be terminable (a) by the Licensor (i) at any time in the event "
        "that the Licensor receives notice of any third party claim or (ii) upon sixty (60) "
        "days' written notice by the Licensor to the Licensee.",
        "This Agreement shall be terminable by Licensor at any time in the event that Licensor "
        "receives notice of any third party claim; by Licensor or Licensee upon sixty (60) days' "
        "written notice to the other party; or by Licensee at any time in the event of a breach.",
        "After the first Contract Year, the Distributor may terminate this Agreement at will.",
        "Either Party may terminate this agreement for non-cause with a sixty (60) written notice.",
        "(a) by Magenta for any reason upon [***] written notice to Bachem;",
        "Either party may terminate this Agreement, without cause, by giving two (2) years "
        "written notice.",
        "Licensee may terminate this Agreement at any time upon [***] prior written notice.",
        # one's own wish is no condition
        "In the event that the Company desires to terminate the Agreement prior to the "
        "Termination Date, it shall provide AGI with at least 60 days prior written notice.",
        # the notice names what it ends
        "This Agreement shall continue in effect until either Party informs the other Party "
        "with thirty (30) day prior written notice of termination of this Agreement.",
    ],
)
def test_termination_for_convenience_is_a_right_without_a_condition(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        # every item names a cause
        "Either party may terminate this Agreement (i) upon the material breach of this "
        "Agreement by the other, if not cured, or (ii) upon thirty (30) days' written notice "
        "if the other party becomes insolvent.",
        # a wish tied to an event, to a right granted elsewhere, or to non-renewal
        "If any of the above occurs and the Owner decides to terminate this Agreement, the "
        "Owner may give a written notice of termination to the Operator.",
        "If the Licensee wishes to terminate this Agreement pursuant to Section 12.2, it shall "
        "give notice to the Licensor.",
        "Either party may give notice that it wishes to terminate this Agreement effective at "
        "the end of the Initial Term, in which case the Agreement will not renew.",
        "Neither party may terminate this Agreement (a) upon ninety (90) days' written notice.",
        "(a) by the Licensee for any reason other than a breach, upon thirty days' notice;",
        "(b) by either Party without cause if the other Party becomes insolvent, upon notice;",
        "AIG may terminate this Agreement upon ninety (90) days' prior written notice, provided "
        "that AIG agrees not to terminate this Agreement unless it sells the Company.",
        "If the Endorser is charged with a crime, then at any time after the occurrence of such "
        "act, the Company shall have the right to terminate this Agreement upon written notice.",
    ],
)
def test_termination_for_convenience_not_on_cause_event_or_reference(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        # denied, waived or a tax: no liquidated damages owed
        "A service level credit is a reduction in price and is not liquidated damages for any "
        "failure to meet a service level.",
        "Customer may terminate this Agreement without the payment of termination charges upon "
        "notice to IBM at least thirty (30) days prior to the effective date of the change.",
        "Recourse under any rule of law or by the enforcement of any assessment or penalty shall "
        "be limited only to the assets of the Fund.",
    ],
)
def test_liquidated_damages_not_when_denied_waived_or_a_levy(sentence: str) -> None:
    flag = _flag(sentence, "penalty")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "In the event Subcontractor directly employs an employee of EDGE without consent, "
        "Subcontractor shall pay as liquidated damages two times the monthly salary.",
        "The Parties agree that the Construction Cost Reimbursement shall be deemed liquidated "
        "damages and not a penalty.",
    ],
)
def test_liquidated_damages_owed_or_agreed(sentence: str) -> None:
    flag = _flag(sentence, "penalty")

    assert flag is not None and flag.present
