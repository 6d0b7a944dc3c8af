"""A non-compete under a heading that names it (`chalicelib.prescreen.non_compete`)."""

from __future__ import annotations

import pytest

from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.calibration import RULE_MARGIN
from chalicelib.prescreen.non_compete import find_headed_non_compete
from chalicelib.prescreen.text import prepare_text

_RESTRICTION = (
    "During the Term and for twelve (12) months after the Commercial Launch Date, Developer "
    "shall not, directly or through any affiliate, develop, publish or assist any third party "
    "to develop or publish any mobile game in the racing genre."
)


@pytest.mark.parametrize(
    "section",
    [
        pytest.param(f"3.4 Non-Competition. {_RESTRICTION}", id="numbered heading on its line"),
        pytest.param(f"6. NON-COMPETITION\n\n{_RESTRICTION}", id="heading in capitals above"),
        pytest.param(f"6. NON-COMPETITION   {_RESTRICTION}", id="capitals in joined lines"),
        pytest.param(f"4.4 Covenant Not to Compete. {_RESTRICTION}", id="covenant not to compete"),
        pytest.param(f"2.5 Non-Compete Covenant. {_RESTRICTION}", id="words after the name"),
        pytest.param(f"3. NO COMPETING LINES\n\n{_RESTRICTION}", id="no competing lines"),
        pytest.param(
            "2.1 Non-Competition. During the Restricted Period, neither Restricted Party shall, "
            "directly or indirectly, own or operate any Competing Business in the Territory.",
            id="neither of them shall",
        ),
        pytest.param(
            f"7. Non-Competition and Non-Solicitation.\n\n7.1 {_RESTRICTION}",
            id="shared with a non-solicit",
        ),
        pytest.param(
            f"5. NON-COMPETITION\n\n5.1 Restriction. {_RESTRICTION}", id="under a sub-heading"
        ),
        pytest.param(
            f"2.6 Non-Competition. {_RESTRICTION} Nothing in this Section 2.6 shall prevent "
            "Developer from owning two percent (2%) of the stock of a public company.",
            id="a proviso after the covenant leaves it standing",
        ),
    ],
)
def test_a_headed_covenant_is_found_with_its_first_sentence(section: str) -> None:
    flag = find_headed_non_compete(prepare_text(f"Intro text.\n\n{section}\n\n8. Fees."))

    assert flag is not None and flag.present
    assert flag.evidence is not None and "shall" in flag.evidence
    assert "Restriction." not in flag.evidence


def test_under_a_shared_heading_the_clause_of_its_own_is_the_evidence() -> None:
    text = (
        "6. EXCLUSIVITY AND NON-COMPETITION\n\n6.1 Exclusive Alliance. During the Term, "
        "Highcrest shall not appoint any other alliance partner in the Territory.\n\n"
        f"6.2 Non-Competition. {_RESTRICTION}\n\n7. Fees."
    )
    flag = find_headed_non_compete(prepare_text(text))

    assert flag is not None and flag.evidence == _RESTRICTION


@pytest.mark.parametrize(
    "section",
    [
        pytest.param(
            "5. Non-Competition. Nothing in this Agreement shall restrict either party from "
            "developing or marketing products that compete with the other party's products.",
            id="a heading over words that free the parties",
        ),
        pytest.param(
            "9.5 Competitive Activities. Each party acknowledges that the other party may now "
            "market products which compete with the services. Neither party shall use the "
            "other's confidential information to do so.",
            id="competitive activities are no covenant",
        ),
        pytest.param(
            "NON-COMPETITION AGREEMENT\n\nTHIS NON-COMPETITION AGREEMENT is made by Buyer and "
            "Seller. The Seller shall not be bound by any other agreement.",
            id="the title is no heading",
        ),
        pytest.param(
            "7. Non-Solicitation. During the Term, neither party shall solicit for employment "
            "any employee of the other party.",
            id="a non-solicit alone",
        ),
        pytest.param(
            "12. Non-Competition. The parties acknowledge the Restricted Period defined above.",
            id="a heading with no restriction under it",
        ),
        pytest.param(
            f"The Agent's non-competition obligations are in Exhibit C. {_RESTRICTION}",
            id="the words inside a sentence are no heading",
        ),
    ],
)
def test_no_covenant_without_a_heading_over_a_restriction(section: str) -> None:
    assert find_headed_non_compete(prepare_text(f"Intro text.\n\n{section}\n\n8. Fees.")) is None


def test_prescreen_takes_the_headed_covenant_at_the_rules_margin() -> None:
    body = " ".join(
        f"{n}.1 The Supplier shall deliver the Goods described in Schedule {n} to the "
        "Distributor's warehouse within thirty (30) days of each purchase order."
        for n in range(1, 12)
    )
    text = (
        "EXHIBIT 10.3\n\nMOBILE GAME DEVELOPMENT AGREEMENT\n\nThis Agreement is made as of "
        'May 1, 2012 by and between Larkspur Games, Inc. ("Publisher") and Quill Studio LLC '
        f'("Developer").\n\n{body}\n\n6. NON-COMPETITION\n\n{_RESTRICTION}\n\n'
        "7. This Agreement shall be governed by the laws of the State of New York."
    )
    screening = screen_text(text, pipeline="contract", policy=RoutingPolicy())

    flag = screening.result.non_compete
    assert flag is not None and flag.present and flag.evidence == _RESTRICTION
    assert screening.ruled == frozenset({"non_compete"})
    assert screening.margins["non_compete"] >= RULE_MARGIN
