"""Penalties: неустойка, штраф, пени, liquidated damages; their size and who pays them."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import (
    MUTUAL,
    ROLE_RU,
    first_rate,
    format_number,
    largest_rub_amount,
)

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText, Hit

# Courts and practice treat 0.1% a day (about 36% a year) as the ceiling of a
# fair penalty; above it a claim under art. 333 of the Civil Code is likely.
DAILY_RATE_LIMIT = Decimal("0.1")
_DAYS_IN_MONTH = Decimal(30)
_DAYS_IN_YEAR = Decimal(365)

PATTERNS = (
    probe(r"\bнеусто[йе]к\w{0,3}|\bпен(?:и|я|ей|ю)\b|\bштраф\w{0,4}", "неусто", "пен", "штраф"),
    probe(
        r"\bliquidated\s{1,5}damages\b"
        r"|\b(?:daily|late[\s-]{1,3}payment|contractual)\s{1,5}penalt(?:y|ies)\b"
        r"|\bpenalt(?:y|ies)\s{1,5}(?:of|equal\s{1,5}to|in\s{1,5}the\s{1,5}amount"
        r"|at\s{1,5}(?:a|the)\s{1,5}rate|is|shall\s{1,5}be)\b"
        r"|\blate\s{1,5}(?:payment\s{1,5})?(?:fee|charge)s?\b"
        r"|\b(?:(?:shall|will|to)\s{1,3}(?:accrue|bear)|accrues|bears)\s{1,3}interest"
        r"|\binterest\s{1,3}(?:at|on)\s{1,3}(?:\w{1,15}\s{1,3}){0,6}?"
        r"(?:overdue|late|unpaid|past[\s-]due|delinquent)\b",
        "liquidated",
        "penalt",
        "late",
        "interest",
    ),
)
_PER_DAY = re.compile(
    r"за\s{1,3}кажд\w{1,3}\s{1,3}(?:календарн\w{1,3}\s{1,3}|рабоч\w{1,3}\s{1,3})?(?:день|сутки)"
    r"|\bв\s{1,3}(?:день|сутки)\b|\bза\s{1,3}день\b|ежедневн|\bper\s{1,3}day\b|\beach\s{1,3}day\b"
    r"|\bdaily\b|\bfor\s{1,3}(?:each|every)\s{1,3}(?:calendar\s{1,3})?day\b",
    re.IGNORECASE,
)
_PER_MONTH = re.compile(
    r"\bв\s{1,3}месяц|ежемесячн|за\s{1,3}кажд\w{1,3}\s{1,3}месяц|\bper\s{1,3}month|\bmonthly\b"
    r"|a\s{1,3}month\b",
    re.IGNORECASE,
)
_PER_YEAR = re.compile(
    r"годовых|\bв\s{1,3}год\b|per\s{1,3}annum|per\s{1,3}year|annual", re.IGNORECASE
)
_EXCESSIVE = re.compile(
    r"(?:дву|двух|трех|четырех|пяти|шести|семи|восьми|девяти|десяти|\d{1,3}-?\s?)кратн\w{1,4}"
    r"|без\s{1,3}ограничени|в\s{1,3}неограниченн"
    r"|\b(?:two|three|four|five|ten|\d{1,2})\s{1,3}times\s{1,3}the\b|\bunlimited\b",
    re.IGNORECASE,
)
_PAYER = re.compile(
    ROLE_RU + r"\w{0,4}\s{1,3}(?:(?:обязан\w{0,2}|обязуется|должен)\s{1,3})?"
    r"(?:уплачивает|выплачивает|уплатить|выплатить|оплачивает|возмещает)",
    re.IGNORECASE,
)
_RECEIVER = re.compile(
    ROLE_RU + r"\w{0,4}\s{1,3}(?:вправе|имеет\s{1,3}право|может)\s{1,3}(?:\w{1,12}\s{1,3}){0,2}"
    r"(?:по)?требовать",
    re.IGNORECASE,
)
_LIQUIDATED = re.compile(r"liquidated\s{1,5}damages", re.IGNORECASE)


def _daily_rate(context: str) -> Decimal | None:
    rate = first_rate(context)
    if rate is None:
        return None
    if _PER_DAY.search(context):
        return rate
    if _PER_MONTH.search(context):
        return rate / _DAYS_IN_MONTH
    if _PER_YEAR.search(context):
        return rate / _DAYS_IN_YEAR
    return None


def _is_excessive(hit: Hit, doc: ContractText) -> bool:
    if _EXCESSIVE.search(hit.context):
        return True
    price = doc.prescreen.amount
    fine = largest_rub_amount(hit.context)
    return bool(price and price.currency == "RUB" and fine and fine > price.amount)


def _one_sided(hits: list[Hit]) -> Hit | None:
    """The first sentence naming who pays, when only one side ever pays; else None."""
    payers: set[str] = set()
    receivers: set[str] = set()
    first: Hit | None = None
    for hit in hits:
        if MUTUAL.search(hit.context):
            return None
        found_payers = {m.group("role").casefold() for m in _PAYER.finditer(hit.context)}
        found_receivers = {m.group("role").casefold() for m in _RECEIVER.finditer(hit.context)}
        if (found_payers or found_receivers) and first is None:
            first = hit
        payers |= found_payers
        receivers |= found_receivers
    if len(payers) > 1 or len(receivers) > 1 or payers & receivers:
        return None
    return first


def assess(doc: ContractText) -> list[Observation]:
    """Penalties over 0.1% a day, excessive or one-sided fines, liquidated damages, any penalty."""
    hits = doc.hits_of(PATTERNS)
    if not hits:
        return []
    found: list[Observation] = []
    for hit in hits:
        rate = _daily_rate(hit.context)
        if rate is not None and rate > DAILY_RATE_LIMIT:
            params = {"rate": format_number(rate.quantize(Decimal("0.001")), doc.language)}
            found.append(Observation("rate_above_limit", hit.quote, hit.start, params))
            break
    excessive = next((hit for hit in hits if _is_excessive(hit, doc)), None)
    if excessive:
        found.append(Observation("excessive_fine", excessive.quote, excessive.start))
    one_sided = _one_sided(hits)
    if one_sided:
        found.append(Observation("one_sided", one_sided.quote, one_sided.start))
    liquidated = next((hit for hit in hits if _LIQUIDATED.search(hit.context)), None)
    if liquidated:
        found.append(Observation("liquidated_damages", liquidated.quote, liquidated.start))
    if not found:
        found.append(Observation("present", hits[0].quote, hits[0].start))
    return found


ITEM = ChecklistItem(
    id="penalty",
    title=Bilingual(ru="Неустойка (штрафы, пени)", en="Penalties and liquidated damages"),
    assess=assess,
    verdicts={
        "rate_above_limit": Verdict(
            "high",
            Bilingual(
                ru="Неустойка около {rate}% в день выше принятого в практике уровня 0,1% в день "
                "(около 36% годовых): за месяц просрочки долг растёт на десятки процентов.",
                en="The penalty of about {rate}% per day is above the customary 0.1% per day "
                "(about 36% a year): a month of delay adds tens of percent to the debt.",
            ),
            Bilingual(
                ru="Снизить ставку до 0,1% в день или ниже и ограничить общую сумму неустойки "
                "(например, 10% от цены договора).",
                en="Lower the rate to 0.1% per day or less and cap the total penalty "
                "(for example at 10% of the contract price).",
            ),
        ),
        "excessive_fine": Verdict(
            "high",
            Bilingual(
                ru="Штраф кратен цене договора, превышает её или не ограничен: такая санкция "
                "несоразмерна возможным убыткам.",
                en="The fine is a multiple of the contract price, exceeds it or has no limit: "
                "it is out of proportion to any likely loss.",
            ),
            Bilingual(
                ru="Заменить на фиксированный штраф, соразмерный цене договора, и установить "
                "предел общей суммы санкций.",
                en="Replace it with a fixed fine in proportion to the contract price and cap "
                "the total of all sanctions.",
            ),
        ),
        "one_sided": Verdict(
            "high",
            Bilingual(
                ru="Неустойка установлена только для одной стороны: другая сторона за свои "
                "нарушения санкций не несёт.",
                en="Only one side is liable for penalties: the other side bears no sanction "
                "for its own breaches.",
            ),
            Bilingual(
                ru="Добавить зеркальную неустойку для второй стороны (за просрочку оплаты, "
                "поставки, приёмки) в том же размере.",
                en="Add a mirror penalty of the same size for the other side's breaches "
                "(late payment, late delivery, late acceptance).",
            ),
        ),
        "liquidated_damages": Verdict(
            "medium",
            Bilingual(
                ru="Предусмотрены заранее оценённые убытки (liquidated damages): сумма "
                "взыскивается независимо от фактических потерь.",
                en="Liquidated damages are agreed in advance: the sum is due whatever the "
                "actual loss is.",
            ),
            Bilingual(
                ru="Проверить, что сумма соразмерна вероятным убыткам и является единственной "
                "мерой ответственности за это нарушение.",
                en="Check the sum is a genuine pre-estimate of the loss and is the sole remedy "
                "for that breach.",
            ),
        ),
        "present": Verdict(
            "low",
            Bilingual(
                ru="Договор предусматривает неустойку; её ставка не выше 0,1% в день или не "
                "указана.",
                en="The contract provides for penalties; the rate is at most 0.1% per day or "
                "not stated.",
            ),
            Bilingual(
                ru="Проверить размер, порядок начисления и общий предел неустойки для обеих "
                "сторон.",
                en="Check the size, how it accrues, and the overall cap, for both sides.",
            ),
        ),
    },
)
