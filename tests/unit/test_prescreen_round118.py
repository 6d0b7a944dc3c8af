"""Readings drawn from the hundred-and-eighteenth blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from tests.clause_text import section_flagged

_LEASE = (
    "EQUIPMENT LEASE\n\nThis Equipment Lease is made as of May 4, 2006 between Ferrand Leasing "
    'Corp. ("Lessor") and Ostrava Foods, Inc. ("Lessee").'
)


def test_an_early_termination_option_with_notice_timed_against_its_date_is_a_convenience() -> None:
    section = (
        "12. EARLY TERMINATION OPTION\n\nLessee may terminate this Lease as to all of the "
        "Equipment effective on the last day of any calendar quarter after June 30, 2008 by "
        "giving Lessor written notice at least six (6) months before the termination date "
        "stated in the notice, together with the Termination Value for that date."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    # an order placed under the contract is not the contract
    order = (
        "12. ORDERS\n\nLessee may cancel any Equipment Schedule not yet accepted by written "
        "notice given not less than thirty (30) days before the scheduled delivery date."
    )
    assert not section_flagged(_LEASE, order, "unilateral_termination")


def test_a_one_time_right_to_end_a_lease_on_a_date_noticed_by_another_is_a_convenience() -> None:
    section = (
        "3.5 Termination Right. Tenant shall have a one-time right to terminate this Lease "
        'effective as of June 30, 2014 (the "Early Termination Date") by giving Landlord written '
        "notice not later than December 31, 2013, together with a termination payment of "
        "$42,000."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")


def test_the_proviso_that_no_default_is_continuing_names_no_cause() -> None:
    section = (
        "17.2 Early Termination. Provided that no Event of Default has occurred and is "
        "continuing, Lessee may terminate this Lease on any Rent Payment Date after the "
        "twenty-fourth (24th) Rent Payment Date by giving Lessor ninety (90) days' prior written "
        "notice and paying the Termination Value."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    # a right that a default opens is for cause
    for_cause = (
        "17.2 Remedies. If an Event of Default has occurred and is continuing, Lessor may "
        "terminate this Lease upon ten (10) days' prior written notice to Lessee."
    )
    assert not section_flagged(_LEASE, for_cause, "unilateral_termination")


def test_a_list_item_open_after_an_anniversary_for_any_or_no_reason_is_a_convenience() -> None:
    section = (
        "7.1 By Licensee. Licensee may terminate this Agreement by notice to Licensor (a) if any "
        "permit needed to operate the Equipment is finally denied; (b) if the Site is destroyed "
        "or becomes unusable; or (c) at any time after the second (2nd) anniversary of the "
        "Effective Date, for any reason or for no reason, upon ninety (90) days' prior written "
        "notice."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    only_events = section.split("; or (c)", maxsplit=1)[0] + "."
    assert not section_flagged(_LEASE, only_events, "unilateral_termination")
