"""Payment terms: prepayment (the buyer's risk) and whether payment terms exist at all."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import first_rate, format_number

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PREPAYMENT = (
    probe(
        r"предоплат\w{0,3}|\bаванс\w{0,4}|предварительн\w{1,3}\s{1,3}оплат\w{1,3}",
        "предоплат",
        "аванс",
        "предварительн",
    ),
    # "Postage prepaid" and "approved in advance" are not payment terms: the
    # English forms need a word about paying next to them.
    probe(
        r"\b(?:pa(?:y|id|yable)|due|invoiced|fees?)\s{1,3}"
        r"(?:[\w()]{1,15}\s{1,3}){0,6}?in\s{1,3}advance\b|\badvance\s{1,3}payment|\bprepayment"
        r"|\bprepa(?:y|id)\s{1,3}(?:\w{1,12}\s{1,3}){0,2}(?:fees?|amount|price|sum|royalt)"
        r"|\bpayable\s{1,3}up-?front|\bup-?front\s{1,3}(?:payment|fee)",
        "advance",
        "prepa",
        "upfront",
        "up-front",
    ),
)
PRESENCE = (
    probe(
        r"\bоплат|\bрасч[её]т|\bплат[её]ж|\bцен[аыу]\b|\bстоимост|\bвознагражден",
        "оплат",
        "расч",
        "плат",
        "цен",
        "стоимост",
        "вознагражден",
    ),
    probe(
        r"\bpayment|\bfees?\b|\bprice\b|\bcompensation\b|\binvoice",
        "payment",
        "fee",
        "price",
        "compensation",
        "invoice",
    ),
)
_NEGATED = re.compile(
    r"(?:аванс|предоплат)\w{0,4}\s{1,3}не\s{1,3}(?:предусмотрен|выплачива|требуется|производится)"
    r"|без\s{1,3}(?:предоплат|аванс)|\bno\s{1,3}(?:advance|prepayment)"
    r"|not\s{1,3}(?:be\s{1,3})?(?:payable\s{1,3})?in\s{1,3}advance",
    re.IGNORECASE,
)
_FULL = re.compile(
    r"100\s{0,2}%|сто\s{1,3}процент|стопроцентн|полн\w{2,4}\s{1,3}(?:предоплат|оплат)"
    r"|\b(?:pay|paid|payment)\s{1,3}in\s{1,3}full|\bfull\s{1,3}(?:payment|amount|price|fee)"
    r"|\bentire\s{1,3}(?:amount|price|fee)",
    re.IGNORECASE,
)
_PAID_KINDS = frozenset({"supply", "services", "works", "licence", "lease"})
# At or above half the price paid up front, the buyer carries most of the risk.
LARGE_ADVANCE_PERCENT = Decimal(50)


def assess(doc: ContractText) -> list[Observation]:
    """Full prepayment (high), a large or unstated advance (medium), a small one (low), none."""
    hits = [hit for hit in doc.hits_of(PREPAYMENT) if not _NEGATED.search(hit.context)]
    if hits:
        full = next((hit for hit in hits if _FULL.search(hit.context)), None)
        if full:
            return [Observation("full_prepayment", full.quote, full.start)]
        for hit in hits:
            rate = first_rate(hit.context)
            if rate is not None and rate < LARGE_ADVANCE_PERCENT:
                params = {"percent": format_number(rate, doc.language)}
                return [Observation("small_advance", hit.quote, hit.start, params)]
        return [Observation("advance", hits[0].quote, hits[0].start)]
    if doc.kind in _PAID_KINDS and not doc.contains(*PRESENCE):
        return [Observation("absent", doc.title, 0)]
    return []


ITEM = ChecklistItem(
    id="payment_terms",
    title=Bilingual(ru="Порядок оплаты и предоплата", en="Payment terms and prepayment"),
    assess=assess,
    verdicts={
        "full_prepayment": Verdict(
            "high",
            Bilingual(
                ru="Предусмотрена 100% предоплата: покупатель (заказчик) несёт весь риск "
                "неисполнения до получения товара или результата.",
                en="Full (100%) prepayment: the buyer carries the whole risk of non-performance "
                "until it receives the goods or the work.",
            ),
            Bilingual(
                ru="Снизить аванс (например, до 30%), оплачивать остаток после приёмки или "
                "получить банковскую гарантию возврата аванса.",
                en="Reduce the advance (for example to 30%), pay the rest on acceptance, or "
                "require a bank guarantee for the advance.",
            ),
        ),
        "advance": Verdict(
            "medium",
            Bilingual(
                ru="Оплата вносится авансом (не менее половины цены или размер не указан) до "
                "исполнения обязательств другой стороной.",
                en="Payment is made in advance (half the price or more, or an unstated share) "
                "before the other side performs.",
            ),
            Bilingual(
                ru="Уточнить размер аванса, срок его отработки и порядок возврата при "
                "неисполнении.",
                en="Fix the advance amount, when it is earned, and how it is refunded if the "
                "other side fails to perform.",
            ),
        ),
        "small_advance": Verdict(
            "low",
            Bilingual(
                ru="Предусмотрен аванс {percent}% цены.",
                en="An advance of {percent}% of the price is payable.",
            ),
            Bilingual(
                ru="Проверить порядок возврата аванса при неисполнении.",
                en="Check how the advance is refunded if the other side fails to perform.",
            ),
        ),
        "absent": Verdict(
            "low",
            Bilingual(
                ru="Не найдены условия об оплате (цена, срок, порядок); цитата — заголовок "
                "документа, потому что самого условия нет.",
                en="No payment terms (price, deadline, method) were found; the quote is the "
                "document's title because the clause itself is absent.",
            ),
            Bilingual(
                ru="Указать цену, срок и порядок оплаты.",
                en="State the price, the payment deadline and the method.",
            ),
        ),
    },
)
