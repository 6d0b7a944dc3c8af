"""A party's option to renew or extend the term: found with its sentence, kept apart from
automatic renewal and from a renewal the parties may only agree on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen import RoutingPolicy, prescreen_document
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult

_PADDING = "\nThe other provisions of this Agreement are set out below in the usual way." * 20


def _option(sentence: str) -> tuple[bool, str | None]:
    flag = find_renewal_option(prepare_text(sentence + _PADDING), can_judge=True)
    assert flag is not None
    return flag.present, flag.evidence


@pytest.mark.parametrize(
    "sentence",
    [
        "Licensee may renew this Agreement for two additional five-year terms by giving notice.",
        "The term may be extended at Company's option for one (1) additional year.",
        "The Agreement may be renewed for an additional period of seven (7) years at the option"
        " of the Licensor.",
        "Distributor shall have the option to renew this Agreement for an additional three (3)"
        " year period by providing prior written notice to Company.",
        "Thereafter, Supplier shall have consecutive separate options to extend the Term for"
        " successive renewal terms of five (5) years each.",
        "Customer may, at its option, renew this Agreement for one (1) twelve month period at"
        " the then-current terms and conditions of this Agreement.",
        "At Publisher's option, this Agreement shall renew for a subsequent term of two (2)"
        " years on the terms and conditions herein.",
        "Buyer shall notify Seller whether Buyer elects to extend the Initial Term of the"
        " Agreement by an additional twenty four (24) months.",
        "If Distributor complies with all of its obligations, the Agreement shall be renewable"
        " on an annual basis for one (1) year terms.",
        "When this Agreement expires, you will have the option to continue the franchise"
        " relationship with us for two (2) additional terms of ten (10) years each.",
    ],
)
def test_an_option_to_renew_is_found_with_its_sentence(sentence: str) -> None:
    present, evidence = _option(sentence)
    assert present
    assert evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # renewal the parties may only agree on is no one's option
        "This Agreement may be renewed for an additional one year term upon mutual written"
        " agreement of the Parties.",
        "The term may be extended by written agreement of both Parties for up to three years.",
        "The parties may agree in writing to extend the term of this Agreement for one year.",
        # other things that get extended or renewed
        "The Supplier may extend the Delivery Date by up to thirty days by notice to Buyer.",
        "Contractor shall renew its insurance policies each year during the term of this"
        " Agreement.",
        "WHEREAS, the Parties wish to extend the term of Schedule 1 to cover additional years.",
        "Licensee shall have no right to renew this Agreement after the Initial Term of five"
        " years.",
        "After termination, Licensee shall have the right to continue to use the Software"
        " for a period of ninety days.",
        # a heading is not a clause
        "2.2 Option to Renew",
    ],
)
def test_what_is_not_an_option_to_renew_is_not_flagged(sentence: str) -> None:
    present, _ = _option(sentence)
    assert not present


def test_a_short_fragment_cannot_prove_there_is_no_option() -> None:
    assert find_renewal_option(prepare_text("Fees are due monthly."), can_judge=False) is None


def test_an_option_is_not_taken_for_automatic_renewal() -> None:
    sentence = "Licensee may renew this Agreement for two additional five-year terms by notice."
    clauses = find_clauses(prepare_text(sentence + _PADDING), ("en",), can_judge=True)
    flag = clauses["auto_renewal"]
    assert flag is not None
    assert not flag.present


def _screen(text: str) -> PrescreenResult:
    return prescreen_document(text, pipeline="contract", policy=RoutingPolicy())


def test_prescreen_reports_the_option_for_english_contracts_only() -> None:
    english = (
        "SERVICES AGREEMENT\nThis Agreement is made between Alpha Inc. and Beta LLC.\n"
        "The initial term of this Agreement is three years. Beta may renew this Agreement"
        " for one additional two-year term by written notice to Alpha." + _PADDING
    )
    result = _screen(english)
    assert result.renewal_option is not None
    assert result.renewal_option.present
    assert (result.renewal_option.evidence or "").startswith("Beta may renew")

    russian = "ДОГОВОР ПОСТАВКИ\nНастоящий договор заключён между сторонами.\n" + (
        "Срок действия договора составляет один год, прочие условия изложены ниже.\n" * 20
    )
    assert _screen(russian).renewal_option is None
