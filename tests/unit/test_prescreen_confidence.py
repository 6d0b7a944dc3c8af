"""Confidence: one minus nothing for a clean reading; each doubt lowers it and says why."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from chalicelib.models import ClauseFlag, Money, Party, PrescreenResult
from chalicelib.prescreen import RoutingPolicy, prescreen_document
from chalicelib.prescreen.confidence import score_confidence
from chalicelib.prescreen.text import prepare_text

_PREAMBLE = (
    "ДОГОВОР ПОСТАВКИ № 5\n\nОбщество с ограниченной ответственностью «Ромашка», именуемое в "
    "дальнейшем «Поставщик», с одной стороны, и Акционерное общество «Лютик», именуемое в "
    "дальнейшем «Покупатель», с другой стороны, заключили настоящий договор о нижеследующем. "
)
_BODY = "Поставщик обязуется поставить, а Покупатель принять и оплатить товар. " * 40
_JUDGED = ClauseFlag(present=False)


def _draft(**changes: object) -> PrescreenResult:
    clean: dict[str, object] = {
        "language": "ru",
        "contract_type": "supply",
        "title": "ДОГОВОР ПОСТАВКИ № 5",
        "parties": (
            Party(name="ООО «Ромашка»", role="Поставщик"),
            Party(name="АО «Лютик»", role="Покупатель"),
        ),
        "penalty": _JUDGED,
        "unilateral_termination": _JUDGED,
        "dispute_forum": _JUDGED,
        "confidence": 0.0,
        "route": "manual_review",
    }
    clean.update(changes)
    return PrescreenResult.model_validate(clean)


def test_confidence_is_full_when_nothing_casts_doubt() -> None:
    confidence, doubts = score_confidence(_draft(), prepare_text(_PREAMBLE + _BODY), "contract")

    assert (confidence, doubts) == (1.0, ())


def test_confidence_drops_when_the_preamble_names_two_sides_and_one_was_found() -> None:
    text = prepare_text(_PREAMBLE + _BODY)
    one_side = _draft(parties=(Party(name="ООО «Ромашка»", role="Поставщик"),))

    confidence, doubts = score_confidence(one_side, text, "contract")

    assert confidence < 1.0
    assert doubts == ("The preamble names two sides; only one was found.",)


def test_confidence_keeps_one_party_for_an_offer_that_names_one_side() -> None:
    offer = "ПУБЛИЧНАЯ ОФЕРТА\n\nООО «РИТ» предлагает любому лицу заключить договор. " + _BODY
    draft = _draft(parties=(Party(name="ООО «РИТ»", role="Лицензиар"),))

    assert score_confidence(draft, prepare_text(offer), "contract") == (1.0, ())


def test_confidence_doubts_an_end_before_the_start() -> None:
    draft = _draft(starts_on=date(2024, 5, 1), ends_on=date(2024, 4, 1))

    _, doubts = score_confidence(draft, prepare_text(_PREAMBLE + _BODY), "contract")

    assert "The end date comes before the start date." in doubts


def test_confidence_lists_the_gravest_doubt_first() -> None:
    draft = _draft(title=None, contract_type=None, parties=())

    confidence, doubts = score_confidence(draft, prepare_text(_PREAMBLE), "image")

    assert confidence < 0.4
    assert doubts[0] == "Less than a page of text: most of the contract may be missing."
    assert "No party is named." in doubts
    assert "The text was read by OCR: names, dates and digits may be off." in doubts


def test_confidence_doubts_an_amendment_whose_main_terms_are_elsewhere() -> None:
    draft = _draft(title="AMENDMENT NO. 1 TO THE SUPPLY AGREEMENT")

    _, doubts = score_confidence(draft, prepare_text(_PREAMBLE + _BODY), "contract")

    assert doubts == ("An annex or amendment: the main contract's terms are not in this text.",)


def test_a_held_document_tells_the_reviewer_what_lowered_its_confidence() -> None:
    result = prescreen_document("ООО «Ромашка»", pipeline="image", policy=RoutingPolicy())

    assert result.route == "manual_review"
    assert result.doubts and set(result.doubts) <= set(result.route_reasons)


def test_confidence_doubts_an_amount_whose_words_say_another_number() -> None:
    draft = _draft(amount=Money(amount=Decimal(2500000), currency="RUB", words_agree=False))

    _, doubts = score_confidence(draft, prepare_text(_PREAMBLE + _BODY), "contract")

    assert doubts == ("The amount in figures and the amount in words differ.",)
