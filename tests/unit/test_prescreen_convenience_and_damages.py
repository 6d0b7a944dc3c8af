"""Termination for convenience and liquidated damages (English rules): CUAD's meaning.

Termination for convenience is a right to end the contract on notice alone, with no
reason to give; a right that only a breach, an insolvency, a change of control or another
event opens is not one. Liquidated damages are a sum agreed as owed on breach or
termination; an exclusion of such damages, costs passed on or a statute's name are not.
"""

from __future__ import annotations

import pytest

from tests.clause_text import english_flag


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
    flag = english_flag(sentence, "unilateral_termination")

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
    flag = english_flag(sentence, "unilateral_termination")

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
    flag = english_flag(sentence, "penalty")

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
    flag = english_flag(sentence, "penalty")

    assert flag is not None and not flag.present


# Wordings met on CUAD train contracts (issue 13): rights given as one item of a list, a
# party's own wish as the only condition, and sums denied, waived or levied.


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
        # what is not owed on it denies nothing of the right
        "Either party may terminate this Agreement for any reason upon thirty (30) days' written "
        "notice, with no termination fee.",
        # a wish to end it, not an event, before the reason
        "If Licensee wishes to terminate this Agreement for any reason, Licensee may do so upon "
        "ninety (90) days' prior written notice to Licensor.",
    ],
)
def test_termination_for_convenience_is_a_right_without_a_condition(sentence: str) -> None:
    flag = english_flag(sentence, "unilateral_termination")

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
        # the right excluded outright (German drafting's "ordentliche Kündigung")
        "The right of either Party to terminate this Agreement without cause (ordentliche "
        "Kündigung) is excluded.",
        # ... or waived
        "The Parties waive any right of unilateral termination without cause that might "
        "otherwise apply.",
        # "for any reason" is the condition's event, not the right's
        "The Buyer may terminate this Agreement by ninety (90) days' written notice if the Plant "
        "ceases to produce Product meeting the Specification for a period of more than twelve "
        "(12) consecutive months for any reason.",
        # ... or of a condition before the right
        "If any Race is cancelled or is not held on its scheduled Race Day for any reason, "
        "including severe weather, and Organizer does not hold the Race within sixty (60) days, "
        "then Sponsor may terminate this Agreement by written notice given within ninety (90) "
        "days after the second cancellation.",
        # a heading that denies the right, and a right for cause
        "10.1 No Termination for Convenience.",
        "9.3 No Termination by Developer Without Cause.",
        "The Company may terminate this Agreement immediately upon written notice for Cause.",
        # a right only in the cases another clause describes
        "Supplier may terminate this Agreement with three (3) months' notice in the case "
        "described in Section 4.2(b).",
    ],
)
def test_termination_for_convenience_not_on_cause_event_or_reference(sentence: str) -> None:
    flag = english_flag(sentence, "unilateral_termination")

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
        "Either party may terminate this Agreement at any time upon ninety (90) days' prior "
        "written notice. No penalty or termination fee shall be payable by either party by "
        "reason of such termination.",
    ],
)
def test_liquidated_damages_not_when_denied_waived_or_a_levy(sentence: str) -> None:
    flag = english_flag(sentence, "penalty")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "In the event Subcontractor directly employs an employee of EDGE without consent, "
        "Subcontractor shall pay as liquidated damages two times the monthly salary.",
        "The Parties agree that the Construction Cost Reimbursement shall be deemed liquidated "
        "damages and not a penalty.",
        # a penalty worked out by the contract's own formula
        "Shipments that have a temperature reading outside the agreed range have a price "
        "penalty applied calculated using the Formula for Breach Penalty Calculation below.",
        "A penalty calculated in accordance with Schedule C shall be deducted from the Fees.",
        # German drafting's contractual penalty, its name in brackets, the sum in words first
        "For each case of culpable breach of Section 4.3, Distributor shall pay to Supplier a "
        "contractual penalty (Vertragsstrafe) in the amount of twenty-five thousand Euros (EUR "
        "25,000).",
    ],
)
def test_liquidated_damages_owed_or_agreed(sentence: str) -> None:
    flag = english_flag(sentence, "penalty")

    assert flag is not None and flag.present


def test_a_later_item_of_the_list_grants_convenience_whatever_the_earlier_items_condition() -> None:
    sentence = (
        "Bellicum may terminate this Agreement upon ninety (90) days written notice to Miltenyi: "
        "1) if Bellicum discontinues the development of the Product or 2) without cause for any "
        "reason or no reason."
    )
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present
    assert "without cause for any reason" in (flag.evidence or "")
