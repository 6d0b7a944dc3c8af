"""Renewal wordings the rules read since session 9, and their look-alikes that are no renewal.

The sentences are made up in the style of ordinary contracts: the shapes are general
(an option granted "but not the obligation", an evergreen term after its first period,
"auto-renew"), not one contract's wording.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text


def _automatic(sentence: str) -> bool:
    flag = find_clauses(prepare_text(sentence), ("en",), can_judge=True)["auto_renewal"]
    return bool(flag and flag.present)


def _option(sentence: str) -> bool:
    flag = find_renewal_option(prepare_text(sentence), can_judge=True)
    return bool(flag and flag.present)


@pytest.mark.parametrize(
    "sentence",
    [
        "Licensee shall have the right (but not the obligation) to extend the Term for one "
        "additional period of three years.",
        "Distributor shall have the right, but not the obligation, to renew this Agreement for "
        "an additional two year term.",
        "The Licensee has the option of extending the term of this Agreement for a further five "
        "years.",
        "The Distributor shall have the option of renewing this Agreement for an additional "
        "term of three years.",
        "Franchisee shall have the right to one (1) renewal term of ten (10) years.",
        "Licensee shall have the right to two successive renewal terms of five years each.",
        # how it is exercised, set off by commas at length (session 26's blind set)
        "The Company shall have the option, exercisable by giving written notice to the Athlete "
        "not less than sixty (60) days before 28 February 2018, to extend the Term for one (1) "
        "further period of twelve (12) months on the same terms.",
    ],
)
def test_options_worded_otherwise(sentence: str) -> None:
    assert _option(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Neither party shall have the right to renew or extend the Term for any further period.",
        "The Customer shall not have the option to extend the Term beyond three years.",
        "The Licensee shall have the right to one extension of the cure period of thirty days.",
    ],
)
def test_no_option(sentence: str) -> None:
    assert not _option(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement will auto renew for additional one-year periods.",
        "The term of this Agreement shall auto-renew for one-year terms.",
        "This Agreement shall continue on an annual basis thereafter unless either party gives "
        "written notice of termination at least 30 days before the anniversary date.",
        "This Agreement shall commence on the Effective Date and continue for an initial period "
        "of two years and thereafter unless and until terminated by either party giving the "
        "other not less than six months' written notice.",
        "Thereafter, this Agreement shall remain in full force and effect until either party "
        "gives the other ninety days' written notice of termination.",
        "The term of this Agreement shall continue year to year thereafter.",
        "This Agreement shall remain in effect year-to-year after the Initial Term.",
    ],
)
def test_terms_that_go_on(sentence: str) -> None:
    assert _automatic(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall not be renewed automatically.",
        "2.2 No Automatic Extension. This Agreement will not renew automatically.",
        "This Agreement shall become effective on the date hereof and shall thereafter continue "
        "in effect until terminated by either party on thirty days' notice.",
        "This Agreement shall continue in force until terminated by either party giving the "
        "other not less than three months' notice in writing.",
        "Thereafter, the license shall remain in effect until the expiration of the last to "
        "expire patent.",
        "The parties may agree to renew this Agreement on a year-to-year basis by mutual "
        "written agreement.",
        "The fees for each year shall be reviewed and may be adjusted from year to year by "
        "the approval of both parties.",
    ],
)
def test_no_term_going_on(sentence: str) -> None:
    assert not _automatic(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall continue thereafter for further periods of twelve months unless "
        "terminated by either party giving not less than three months' written notice.",
        "Unless either party notifies the other of its intention to terminate at least 90 days "
        "before the end of the Initial Term, the Agreement shall continue for a further period "
        "of 12 months.",
    ],
)
def test_further_periods(sentence: str) -> None:
    assert _automatic(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The obligations of confidentiality shall continue for a further period of five years "
        "after termination of this Agreement unless the information becomes public.",
        "The restrictions in this Section shall continue for a further period of one year "
        "following the expiration of the Term, unless waived by the Company.",
        "The parties may by mutual agreement continue this Agreement for a further period of "
        "one year unless either party objects.",
    ],
)
def test_no_further_period_of_the_term(sentence: str) -> None:
    assert not _automatic(sentence)
