"""Readings drawn from the thirty-third blind round's misses (en_contracts_extra65 and 66:
documents that change, extend, transfer or join an earlier agreement, and short documents and
letters), written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, section_flagged


def _ends(text: str) -> date | None:
    return english_dates(text).ends_on


def test_the_one_day_among_three_limbs_ends_the_term() -> None:
    text = (
        "MEMORANDUM OF UNDERSTANDING\n\nThis MOU is entered into as of March 8, 2007 between "
        'Orland Media, Inc. ("Orland") and Fennick Stores Corp. ("Fennick").'
        + BODY
        + "\n\n9.1 Term. This MOU shall remain in effect until the earliest of (a) the signing of "
        "a definitive agreement; (b) the second anniversary of the date of this MOU; and (c) "
        "its termination under Section 9.2." + BODY
    )
    assert _ends(text) == date(2009, 3, 8)


def test_the_later_of_three_limbs_needs_each_a_day() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Agreement is entered into as of March 8, 2007 between Orland "
        'Media, Inc. ("Orland") and Fennick Stores Corp. ("Fennick").'
        + BODY
        + "\n\n9.1 Term. This Agreement shall remain in effect until the later of (a) December "
        "31, 2009; (b) the second anniversary of the date of this Agreement; and (c) the "
        "completion of the Services." + BODY
    )
    assert _ends(text) is None


def test_a_letter_of_intent_ends_on_the_day_of_its_later_limb() -> None:
    text = (
        "LETTER OF INTENT\n\n4 March 2012\n\nDear Sirs,\n\nThis letter sets out the terms on "
        "which Carrow Foods Limited and Ilford Brands Inc. intend to negotiate a supply "
        "agreement." + BODY + "\n\n9. This letter shall terminate on the earlier of (a) the "
        "signing of the Supply Agreement and (b) 30 June 2012." + BODY
    )
    assert _ends(text) == date(2012, 6, 30)


def test_a_trial_ends_at_the_end_of_a_period_named_after_its_sentence() -> None:
    text = (
        "SOFTWARE EVALUATION AGREEMENT\n\nThis Agreement is entered into as of May 4, 2016 (the "
        '"Effective Date") between Tamsin Data Inc. ("Tamsin") and Oxley Freight LLC '
        '("Oxley").'
        + BODY
        + "\n\n3.1 The trial period shall begin on the Effective Date and shall end on the "
        'ninetieth (90th) day after the Effective Date (the "Trial Period").\n\n3.2 This '
        "Agreement shall terminate automatically at the end of the Trial Period." + BODY
    )
    assert _ends(text) == date(2016, 8, 2)


_AMENDMENT_HEAD = (
    "SECOND AMENDMENT TO SERVICES AGREEMENT\n\nThis Second Amendment is made as of June 2, "
    '2010 by and between Harwell Systems, Inc. ("Harwell") and Osgood Bank ("Osgood").'
)


def test_a_recited_automatic_renewal_the_amendment_ends_is_none() -> None:
    assert not section_flagged(
        _AMENDMENT_HEAD,
        "WHEREAS, the Agreement provides for its automatic renewal for successive one-year "
        "periods unless either party gives notice of non-renewal; and\n\nWHEREAS, the "
        "parties wish to fix the end of its term;\n\nNOW, THEREFORE, the parties agree "
        "that Section 9.2 of the Agreement (Automatic Renewal) is hereby deleted.",
        "auto_renewal",
    )


def test_a_deleted_convenience_right_is_none() -> None:
    assert not section_flagged(
        _AMENDMENT_HEAD,
        "3. Deletion of Termination for Convenience. Section 11.3 of the Agreement, which "
        "permitted Osgood to terminate the Agreement without cause upon ninety (90) days' "
        "notice, is hereby deleted in its entirety.",
        "unilateral_termination",
    )


def test_no_entitlement_to_a_termination_payment_is_no_fee() -> None:
    assert not section_flagged(
        _AMENDMENT_HEAD,
        "8.4 Either party may terminate this Agreement upon thirty (30) days' notice. "
        "Consultant shall not be entitled to any severance, termination payment or other "
        "compensation by reason of the termination of this Agreement.",
        "penalty",
    )


def test_an_extension_this_letter_makes_ends_the_term() -> None:
    text = (
        "Dear Ms. Pell:\n\nThis letter agreement sets out the terms on which Corrigan Hosting "
        'Inc. ("Corrigan") and Baylis Credit Corp. ("Customer") extend the Hosting Agreement.'
        + BODY
        + "\n\n1. Effective as of May 1, 2008, the Term is extended for an additional period of "
        "twenty-four (24) months commencing on May 1, 2008 and ending on April 30, 2010 (the "
        '"Extension Term").' + BODY
    )
    assert _ends(text) == date(2010, 4, 30)


def test_an_old_end_recited_is_none_once_the_agreement_runs_until_terminated() -> None:
    text = (
        _AMENDMENT_HEAD
        + "\n\nRECITALS\n\nA. Section 2 of the Agreement provides that the term of the "
        "Agreement will expire on June 30, 2010.\n\nNOW, THEREFORE, the parties agree as "
        'follows:\n\n1. Section 2 of the Agreement is replaced with: "2. Term. The term of this '
        "Agreement commenced on July 1, 2008 and shall continue in effect until terminated by "
        'either party in accordance with Section 8."' + BODY
    )
    assert _ends(text) is None
