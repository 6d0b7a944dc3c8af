"""Readings drawn from the thirty-fourth blind round's misses (en_contracts_extra67 and 68: the
kinds CUAD holds as filed, and what is and is not an agreed sum), and the same drafting in
older rounds' fixtures, written here in other words: a research term and its extension are
periods inside the contract, not its renewal, and a term that only all members may extend is
no one's option."""

from __future__ import annotations

from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY

_HEAD = (
    "COLLABORATION AGREEMENT\n\nThis Collaboration Agreement is entered into as of June 4, "
    '2013 by and between Orvane Therapeutics, Inc. ("Orvane") and Kessel Pharma AG ("Kessel").'
)


def _option(section: str) -> bool:
    flag = find_renewal_option(prepare_text(_HEAD + BODY + "\n\n" + section + BODY), can_judge=True)
    return flag is not None and flag.present


def test_a_research_terms_definition_is_no_renewal() -> None:
    assert not _option(
        '1.7 "Research Term" means the period commencing on the Effective Date and ending on the '
        "second anniversary of the Effective Date, as it may be extended under Section 3.4."
    )


def test_extending_the_research_term_is_no_renewal() -> None:
    assert not _option(
        "3.4 Kessel may extend the Research Term once for an additional period of one (1) year "
        "by written notice given at least sixty (60) days before the end of the Research Term."
    )


def test_a_term_only_all_members_may_extend_is_no_option() -> None:
    assert not _option(
        "10.2 The Members may extend the term of the Company only by their unanimous written "
        "consent."
    )


def test_an_option_to_extend_the_agreements_term_still_is_one() -> None:
    assert _option(
        "12.2 Kessel may extend the term of this Agreement for one (1) additional period of two "
        "(2) years by written notice given at least ninety (90) days before it expires."
    )
