"""Readings drawn from the thirty-second blind round's misses (en_contracts_extra63 and 64:
what follows the initial term, and the sums due on a delay, a breach, a shortfall or an early
end), written here in other words than the fixture that showed it."""

from __future__ import annotations

from tests.clause_text import section_flagged

_HEAD = (
    "DISTRIBUTION AGREEMENT\n\nTHIS AGREEMENT is made on 4 April 2006 between Corvane Optics "
    "Limited (Supplier) and Hallet Instruments Inc. (Distributor)."
)


def test_a_shortfall_payment_called_a_genuine_pre_estimate() -> None:
    assert section_flagged(
        _HEAD,
        "5.3 If the Distributor's purchases in a Contract Year fall below the Minimum "
        "Quantity, the Distributor shall pay the Supplier ten percent (10%) of the "
        "difference. The parties agree that this payment is a genuine pre-estimate of the "
        "contribution the Supplier will forgo and is not a penalty.",
        "penalty",
    )


def test_an_estimate_of_costs_without_those_words_is_no_agreed_sum() -> None:
    assert not section_flagged(
        _HEAD,
        "5.3 The Supplier shall give the Distributor a reasonable estimate of the costs of "
        "any modification the Distributor requests before carrying it out.",
        "penalty",
    )
