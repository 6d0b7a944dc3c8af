"""English automatic renewal: terms that run on by themselves, and renewals only by choice.

Short quotes are from train-split CUAD contracts (CC BY 4.0) or written in their style.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.text import prepare_text


def _renews(sentence: str) -> bool:
    flag = find_clauses(prepare_text(sentence), ("en",), can_judge=True)["auto_renewal"]
    return bool(flag and flag.present)


@pytest.mark.parametrize(
    "sentence",
    [
        "The Term will be 3 years from Effective Date with an automatic 2 year term extensions "
        "unless otherwise advised by one of the Parties.",
        "This Agreement shall be subject to an automatic extension for consecutive one (1) year "
        "periods thereafter, unless terminated upon thirty (30) days' written notice.",
        "This Agreement may be renewed for additional periods of one (1) year unless either "
        "Party provides notice of nonrenewal upon not less than ninety days prior notice.",
        "This JV Agreement shall have a duration of five years, extendable for a further five "
        "years, unless notice of non- renewal is sent one year before the natural expiry date.",
        "Thereafter, this Agreement shall automatically continue in effect until either party "
        "gives the other at least six (6) months prior written notice of termination.",
        "This Agreement shall continue until January 18, 2022, and thereafter shall continue "
        "automatically for successive annual periods, provided such continuance is specifically "
        "approved at least annually by the Fund's Board of Trustees.",
        "This Agreement shall continue in full force and effect until the end of the fifteenth "
        "Contract Year, and shall continue in full force and effect thereafter until terminated "
        "by either Party by providing thirty (30) days' prior written notice.",
        "It is established by calendar year and renewed tacitly every year by the parties.",
        "This Agreement shall be self-renewing for periods of one (1) year each.",
        "This Agreement will roll over for additional twelve-month periods unless cancelled in "
        "writing.",
        "This Agreement will roll over for further twelve-month terms unless cancelled in "
        "writing 30 days before the anniversary date.",
        "At the end of the Initial Term the Agreement rolls over automatically for successive "
        "periods of one year.",
    ],
)
def test_terms_that_run_on_by_themselves(sentence: str) -> None:
    assert _renews(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Sponsor acknowledges that such rights do not automatically extend to Other Events at "
        "the Stadium.",
        "If the taking of such action is materially affected by a matter submitted to "
        "arbitration, such period shall automatically be extended by the number of days of delay.",
        "The Agreement may be extended for an additional two year period with the written "
        "consent of both parties by mutual agreement.",
        "Licensee shall have the option to renew this Agreement for an additional three (3) year "
        "period by giving prior written notice.",
        # something else renews: a subscription, a budget rolled over
        "Alpha shall automatically renew its subscription to the Beta newsletter.",
        "Any budgeted expenses not spent in a Calendar Quarter may be rolled over into the next "
        "Calendar Quarter.",
    ],
)
def test_no_automatic_renewal(sentence: str) -> None:
    assert not _renews(sentence)
