"""A grant to end the contract, or a sum owed on breach, read however it is worded.

Session 13 (issue 13) measured the English rules sentence by sentence on train's CUAD
spans of the two clauses, then on the same spans reworded the ways drafting varies:
"is entitled to terminate" for "may terminate", "notice in writing" for "written notice",
"cancel" for "terminate", "remit" for "pay". Of the 106 termination spans the rules read,
9 were lost to "is entitled to", 3 to "cancel", 3 to "notice in writing"; of the 61
liquidated-damages spans, 5 to "remit". Session 14 added plain drafting's "end this
Agreement" (68 of 70 lost), "without reason" for "without cause" (3 of 20) and "for any or
no reason" (5 of 18), "notification" for "notice" (29 of 99), "may elect to terminate" (9 of
61), "for its convenience" (3 of 4), and for renewals "additional" for "successive" (2 of 25)
and "notification" (1 of 50). Now none; no train contract's reading changed. Each wording
below is our own; so is each one that must stay unread.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.text import prepare_text
from tests.clause_text import english_flag, none_read


@pytest.mark.parametrize(
    "sentence",
    [
        "The Reseller is entitled to terminate this Agreement at any time upon sixty (60) days "
        "written notice to the Supplier.",
        # as "may terminate the Programme": the grant's object need not be the agreement
        "The Sponsor is entitled to terminate the Programme and all related commitments, "
        "subject to Section 4.2, upon sixty (60) days written notice to the Institution.",
        "This Agreement shall continue in force until cancelled by either party upon ninety (90) "
        "days prior written notice to the other.",
        "The Client may end its engagement by giving the Consultant at least thirty (30) days "
        "advance notice in writing of cancellation of this Agreement.",
        "Either party may terminate this Agreement upon prior notice in writing to the other.",
        "Either party may terminate this Agreement upon advance written notice to the other.",
        "Either party may terminate this Agreement by providing one month's written notice to "
        "the other party.",
        "The Agent may terminate this Agreement on giving not less than one hundred eighty (180) "
        "days' notice to the Principal.",
        "Either party may end this Agreement at any time by giving the other party three months' "
        "notice in writing.",
        "The Customer may terminate this Agreement without reason, subject to paying for the "
        "services performed until then.",
        "The Distributor may terminate this Agreement for any or no reason whatsoever.",
        "The Licensee may terminate this Agreement upon ninety (90) days prior written "
        "notification to the Licensor.",
        "Either party may elect to terminate the Services upon sixty (60) days written notice "
        "to the other party.",
        "The Customer may terminate this Agreement for its own convenience.",
        "Either Party may unilaterally terminate the Program upon thirty (30) days written notice "
        "to the other Party.",
        "This Agreement may be terminated by the Licensee by written notice (i) at any time "
        "during the Term upon six (6) months prior written notice, or (ii) on ninety (90) days "
        "notice following a change of control of the Licensor.",
        "Either party may withdraw from this Agreement upon sixty (60) days written notice to "
        "the other party.",
        "The Agency may terminate this contract for the convenience of the Agency by written "
        "notice to the Contractor.",
        # the grant need not name the agreement: "terminate the Study"
        "The Sponsor may, at its option, terminate the Study upon thirty (30) days written notice "
        "to the Institution.",
        "The Company may, in its sole discretion, terminate the Services upon sixty (60) days "
        "prior written notice.",
        "This Agreement shall continue in effect until either Party informs the other Party with "
        "thirty (30) days prior written notice of termination of this Master Services Agreement.",
        "After the first year, this Agreement shall continue on a month to month basis until "
        "terminated by either of the parties upon thirty (30) days prior written notice.",
        "If the Buyer decides to end this Agreement before delivery begins, it shall notify the "
        "Seller in writing at least sixty (60) days before the intended date.",
        "Either party may terminate this Agreement for whatever reason upon sixty (60) days' "
        "written notice to the other party.",
        "The Customer shall have the option to terminate this Agreement upon thirty (30) days' "
        "written notice to the Supplier.",
        "The Licensee is free to terminate this Agreement at any time on ninety (90) days' "
        "notice to the Licensor.",
    ],
)
def test_a_grant_to_end_on_notice_however_it_is_worded(sentence: str) -> None:
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present and flag.evidence == sentence


def test_a_listed_grant_on_notice_is_read_apart_from_the_event_in_the_next_item() -> None:
    # the condition of item (ii) is not item (i)'s; "any time" without its "at"
    sentence = (
        "This Agreement may be terminated by the Licensee by written notice to the Licensor (i) "
        "any time upon six (6) months prior written notice, (ii) on six (6) months prior "
        "notice following the sale of the Licensor's business."
    )
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        # the grant is the item's, and its own item names the event
        "This Agreement may be terminated by the Licensee (i) upon sixty (60) days notice "
        "following a change of control of the Licensor, or (ii) upon the Licensor's breach.",
        # entitled, but only on the other side's breach
        "The Supplier is entitled to terminate this Agreement upon thirty (30) days written "
        "notice if the Buyer fails to pay any sum when due.",
        # "end", but only for the other side's breach
        "Either party may end this Agreement upon thirty (30) days notice if the other party "
        "fails to cure a material breach.",
        # "at the end of the Agreement" is no grant to end it
        "Either party may give notice of non-renewal at the end of the Agreement's term, on sixty "
        "(60) days prior written notice.",
        # cancelled, but only by both
        "This Agreement may be cancelled by mutual written agreement of the parties upon thirty "
        "(30) days notice.",
    ],
)
def test_a_grant_with_its_condition_is_no_convenience_however_it_is_worded(sentence: str) -> None:
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "In the event the Distributor breaches this covenant, the Company has the right to "
        "require the Distributor to remit thirty percent (30%) of its revenues as liquidated "
        "damages.",
        "Should the Customer cancel an order after shipment, the Customer shall remit a "
        "cancellation fee of fifteen percent (15%) of the order price.",
    ],
)
def test_a_sum_remitted_as_agreed_damages_is_owed(sentence: str) -> None:
    flag = english_flag(sentence, "penalty")

    assert flag is not None and flag.present and flag.evidence == sentence


def test_a_sum_remitted_for_a_service_is_no_agreed_damages() -> None:
    flag = english_flag(
        "The Customer shall remit the monthly service fee within thirty (30) days of invoice.",
        "penalty",
    )

    assert flag is not None and not flag.present


# Renewals: train's "Renewal Term" spans with "automatically" taken out lost 8 of 99, with
# "consecutive" or "further" for "successive" 2 each; now 5, 0 and 0 (the 5: an approval, a
# renewal "under these same terms", an election not to extend; no train contract changed).
@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement will renew for up to two (2) renewal terms of five (5) years each unless "
        "either Party gives written notice of its intent to terminate at least ninety (90) days "
        "before the end of the then-current term.",
        "Thereafter, this Agreement shall be renewed on a three (3) year basis unless either party "
        "notifies the other in writing at least sixty (60) days before the end of the term.",
        "This Agreement shall continue until December 31, 2022, and thereafter shall continue "
        "automatically for additional annual periods, provided such continuance is approved at "
        "least annually by the Board.",
        "Upon the expiration of the Initial Term, this Agreement shall continue in effect for "
        "renewal terms of one (1) year each unless either party gives notice.",
        "This Agreement will renew year on year unless cancelled by either party with 30 days "
        "notice.",
        "Thereafter, this Agreement shall automatically continue in effect until either party "
        "gives the other at least six (6) months prior written notification of termination.",
        "This Agreement shall remain in effect for two years from its date and thereafter shall "
        "continue automatically for consecutive annual periods, provided that such continuance "
        "is specifically approved at least annually by the Board of Trustees of the Fund.",
    ],
)
def test_a_term_that_runs_on_by_itself_however_it_is_worded(sentence: str) -> None:
    flag = english_flag(sentence, "auto_renewal")

    assert flag is not None and flag.present and flag.evidence == sentence


def test_an_additional_insured_and_a_policy_non_renewal_are_no_renewal_of_the_term() -> None:
    flag = english_flag(
        "Each policy shall continue to name the Supplier as an additional insured and shall "
        "require thirty (30) days notice to the Supplier of any cancellation or non-renewal.",
        "auto_renewal",
    )

    assert flag is None or not flag.present


def test_a_renewal_for_several_terms_by_mutual_agreement_does_not_run_on_by_itself() -> None:
    flag = english_flag(
        "This Agreement may be renewed for up to two (2) further terms of three (3) years each "
        "by mutual written agreement of the parties.",
        "auto_renewal",
    )

    assert flag is not None and not flag.present


def test_a_term_that_remains_in_force_for_renewal_periods_runs_on_but_no_renewal_does_not() -> None:
    sentence = (
        "Thereafter the Agreement shall remain in force for successive renewal periods of two (2) "
        "years each."
    )
    flag = english_flag(sentence, "auto_renewal")
    unread = none_read(
        "auto_renewal",
        "There shall be no automatic renewal of this Agreement.",
        "This Agreement shall expire at the end of the Term without any automatic extension.",
        "This Agreement shall remain in force for three (3) years, and may be renewed for "
        "successive periods by mutual agreement.",
    )

    assert flag is not None and flag.present and flag.evidence == sentence
    assert unread


def test_a_cancellation_payment_owed_on_ending_is_agreed_damages() -> None:
    sentence = (
        "The Company may end the engagement on three (3) months notice, in which case the "
        "Company shall pay the Consultant a cancellation payment of fifty thousand dollars "
        "($50,000)."
    )
    flag = english_flag(sentence, "penalty")

    assert flag is not None and flag.present


def test_a_term_extended_unless_notice_of_non_extension_runs_on_by_itself() -> None:
    sentence = (
        "This Agreement shall remain in force for two (2) years and thereafter for one (1) year "
        "at a time, save where a notice of non-extension is served by either Party at least "
        "ninety (90) days before the expiry of the then current term."
    )
    flag = english_flag(sentence, "auto_renewal")

    assert flag is not None and flag.present


def test_a_capital_list_item_after_a_colon_starts_its_own_sentence() -> None:
    # as "(i)" does: the penalties the heading line announces are not read with the
    # conditions of the items below it (and an "unpaid" there is no late payment)
    text = prepare_text(
        "IN THE EVENT OF TERMINATION OF THIS AGREEMENT, THE FOLLOWING PAYMENT PENALTIES SHALL "
        "APPLY: (I) IF TERMINATION OCCURS IN THE FIRST YEAR, LICENSEE SHALL PAY ANY AMOUNT THEN "
        "UNPAID; AND (II) IF TERMINATION OCCURS LATER, LICENSEE SHALL PAY HALF OF IT."
    )
    start = text.low.find("penalties")

    sentence = text.sentence(start, start + 9)

    assert sentence.lower().endswith("shall apply") and "unpaid" not in sentence.lower()


def test_liquidated_and_agreed_damages_are_agreed_damages() -> None:
    # train's spans with "liquidated and agreed damages" lost 30 of 34 (session 14); now none
    sentence = (
        "If the Supplier fails to deliver by the Delivery Date, it shall pay the Buyer one "
        "percent (1%) of the price for each week of delay as liquidated and agreed damages."
    )
    flag = english_flag(sentence, "penalty")

    assert flag is not None and flag.present and flag.evidence == sentence


def test_a_term_deemed_renewed_runs_on_but_a_deadline_deemed_extended_does_not() -> None:
    # "shall be deemed renewed" for "shall automatically renew" lost 2 of 24 (session 14)
    renewed = english_flag(
        "At the end of the Initial Term this Agreement shall be deemed renewed for an additional "
        "period of one (1) year unless either party objects in writing.",
        "auto_renewal",
    )
    delayed = english_flag(
        "Any delay caused by conditions beyond the control of the performing party will not "
        "constitute a breach, and the time for performance will be deemed to be extended for a "
        "period equal to the duration of those conditions.",
        "auto_renewal",
    )

    assert renewed is not None and renewed.present
    assert delayed is None or not delayed.present


def test_liquidated_damages_owed_besides_an_indemnity_are_agreed_damages() -> None:
    # an indemnity after the sum does not undo it; one that covers liquidated damages does
    owed = english_flag(
        "In such case, the Buyer is entitled to terminate this Agreement and request the Seller "
        "to pay liquidated damages of USD 50,000 and indemnify all losses incurred thereby.",
        "penalty",
    )
    covered = english_flag(
        "The Seller shall indemnify and hold the Buyer harmless from all losses, including any "
        "liquidated damages the Buyer must pay to its customers.",
        "penalty",
    )

    assert owed is not None and owed.present
    assert covered is None or not covered.present


def test_liquidated_damages_neither_party_is_entitled_to_are_not_agreed() -> None:
    flag = english_flag(
        "Neither party shall be entitled to liquidated damages under this Agreement.", "penalty"
    )

    assert flag is None or not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        # train's grants reworded "for whatever reason" lost 6 of 20 before this, "shall have the
        # option to terminate" 9 of 61 (session 15): what they say otherwise stays unread
        "Upon termination of this Agreement for whatever reason, the Reseller shall return all "
        "materials to the Supplier.",
        "The Customer shall have the option to terminate this Agreement if the Supplier fails to "
        "deliver the Products within thirty (30) days after written notice.",
    ],
)
def test_whatever_reason_and_an_option_to_terminate_grant_no_right_here(sentence: str) -> None:
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is None or not flag.present


def test_a_right_to_discontinue_the_agreement_is_granted_and_a_right_denied_is_not() -> None:
    granted = (
        "Either party may discontinue this Agreement upon sixty (60) days prior written notice."
    )
    flag = english_flag(granted, "unilateral_termination")
    unread = none_read(
        "unilateral_termination",
        "Neither party shall have the right to terminate this Agreement without cause.",
        "The Distributor shall not have any right to terminate this Agreement for convenience.",
        "The Supplier may discontinue any Product upon sixty (60) days prior written notice.",
    )

    assert flag is not None and flag.present and flag.evidence == granted
    assert unread


@pytest.mark.parametrize(
    "granted",
    [
        "Alpha may opt out of this Agreement upon thirty (30) days' written notice to Beta.",
        # public procurement's termination for convenience (FAR 52.249)
        "Alpha may, without liability, terminate this Agreement in whole or in part whenever "
        "Alpha determines that termination is in its best interest.",
        "The Government may terminate performance of work under this contract in whole or in "
        "part if the Contracting Officer determines that a termination is in the Government's "
        "interest.",
    ],
)
def test_opting_out_and_a_termination_in_ones_interest_are_a_right_to_terminate(
    granted: str,
) -> None:
    flag = english_flag(granted, "unilateral_termination")
    unread = none_read(
        "unilateral_termination",
        "Beta may opt out of the marketing programme upon thirty (30) days' notice.",
        "The parties agree that an early termination is in neither party's interest.",
    )

    assert flag is not None and flag.present and flag.evidence == granted
    assert unread


def test_stipulated_damages_are_agreed_damages_unless_excluded() -> None:
    # train's spans reworded "stipulated damages" lost 32 of 36 before this (session 15)
    owed = (
        "The Contractor shall pay the Owner stipulated damages of $500 for each day of delay "
        "in completing the Work."
    )
    flag = english_flag(owed, "penalty")
    excluded = none_read(
        "penalty",
        "Neither party shall be liable for any stipulated damages.",
        "The Supplier shall not be liable for consequential or stipulated damages.",
        "No stipulated damages shall apply to delays caused by the Owner.",
    )

    assert flag is not None and flag.present and flag.evidence == owed
    assert excluded


@pytest.mark.parametrize(
    "owed",
    [
        # FIDIC's name for them since 2017
        "The Contractor shall pay Delay Damages to the Employer for every day which elapses "
        "between the Time for Completion and the date of completion.",
        # English and Australian drafting
        "The Supplier agrees to pay the Buyer the amount of $10,000 as agreed damages for each "
        "breach of this clause.",
        "Beta shall be liable for delay damages at the rate of one half of one percent (0.5%) of "
        "the Contract Price per day of delay.",
    ],
)
def test_delay_damages_and_agreed_damages_are_liquidated_damages(owed: str) -> None:
    flag = english_flag(owed, "penalty")
    unread = none_read(
        "penalty",
        "Neither party shall be liable for any delay damages.",
        "No delay damages shall be payable under this Agreement.",
        "The Supplier shall indemnify the Buyer against delay damages claimed by the Owner.",
        "The parties agreed damages would be assessed by the court.",
    )

    assert flag is not None and flag.present and flag.evidence == owed
    assert unread


@pytest.mark.parametrize(
    "owed",
    [
        "The parties agree that the damages for late delivery would be difficult to ascertain "
        "and that the sum of $500 per day is a reasonable pre-estimate of such damages.",
        "You shall pay us $100 for each day of non-compliance, which is a reasonable estimate "
        "of the damages we would incur.",
        # the recital that the harm is hard to measure
        "The parties agree that actual damages would be impracticable or extremely difficult to "
        "fix, and that the amount set out in Schedule C is a fair estimate of them.",
    ],
)
def test_a_sum_called_an_estimate_of_the_damages_is_agreed_damages(owed: str) -> None:
    flag = english_flag(owed, "penalty")
    unread = none_read(
        "penalty",
        "Each forecast shall be the Customer's reasonable estimate of the quantities it will "
        "order.",
        "The Research Budget is the parties' reasonable estimate of the costs of the research.",
        "The insurer's estimate of the damages shall be binding on Beta.",
        # the recital's words before an injunction, or about anything but damages
        "Because damages may be difficult to ascertain, an injunction may be sought against the "
        "party who has breached this Section.",
        "The amount of injury would be impossible or difficult to ascertain, and the Company "
        "shall be entitled to specific performance.",
        "The parties acknowledge that it may be difficult to ascertain market conditions for "
        "the purposes of reviewing the fees in this amount.",
    )

    assert flag is not None and flag.present and flag.evidence == owed
    assert unread


def test_a_cancellation_fee_that_names_its_sum_before_the_verb_is_agreed_damages() -> None:
    owed = (
        "If the Buyer cancels an order after acceptance, a cancellation fee of $10,000 shall be "
        "payable to the Seller."
    )
    flag = english_flag(owed, "penalty")
    waived = english_flag("No cancellation fee of any kind shall apply.", "penalty")
    service = english_flag(
        "The Buyer shall pay the Seller a monthly service fee of $10,000.", "penalty"
    )

    assert flag is not None and flag.present and flag.evidence == owed
    assert waived is None or not waived.present
    assert service is None or not service.present


@pytest.mark.parametrize(
    ("section", "agreed"),
    [
        (
            "9. Liquidated Damages. If the Services are not completed by the Completion Date, the "
            "Contractor shall pay the Owner $500 for each day of delay.",
            True,
        ),
        (
            "9. Liquidated Damages.\nIf the Services are not completed by the Completion Date, "
            "the Contractor shall pay the Owner $500 for each day of delay.",
            True,
        ),
        ("9. Liquidated Damages. Neither party shall be liable for liquidated damages.", False),
        ("9. Liquidated Damages. Reserved.", False),
        ("Contents: 9. Liquidated Damages. 10. Notices. 11. Governing Law.", False),
        (
            "9. Liquidated Damages. The parties have not agreed any liquidated damages; the Owner "
            "may recover its actual damages.",
            False,
        ),
    ],
)
def test_a_liquidated_damages_heading_is_read_with_the_sentence_under_it(
    section: str, agreed: bool
) -> None:
    flag = english_flag(section, "penalty")

    assert bool(flag and flag.present) is agreed
    if agreed:
        assert flag is not None and flag.evidence == " ".join(section.split())


def test_a_term_then_renewed_annually_runs_on() -> None:
    renewed = english_flag(
        "3. Term. This Agreement shall then be renewed annually unless terminated by either party.",
        "auto_renewal",
    )
    agreed = english_flag(
        "3. Term. This Agreement may then be renewed annually by mutual written agreement.",
        "auto_renewal",
    )

    assert renewed is not None and renewed.present
    assert agreed is None or not agreed.present


def test_a_right_to_terminate_at_will_reads_in_justified_text() -> None:
    sentence = "The  Distributor  may  terminate  this  Agreement  at  will."
    flag = english_flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present
