"""Unilateral termination: who may walk away from the contract, and whether they need a reason."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import MUTUAL, ROLE_RU

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText, Hit

_CONTRACT_RU = r"(?:договор\w{0,2}|контракт\w{0,2}|соглашени\w{1,2}|оферт\w{1,2}|услуг)"
PATTERNS = (
    probe(
        r"\b(?:вправе|имеет\s{1,3}право|может|могут)\s{1,3}(?:[\w()]{1,15}\s{1,3}){0,4}"
        r"(?:отказаться\s{1,3}от\s{1,3}(?:\w{1,12}\s{1,3}){0,2}" + _CONTRACT_RU + r"|расторгнуть"
        r"|прекратить\s{1,3}(?:действие|исполнение))",
        "отказаться",
        "расторгнуть",
        "прекратить",
    ),
    probe(
        r"\bодносторонн\w{1,4}\s{1,3}(?:\(?внесудебн\w{1,4}\)?\s{1,3})?"
        r"(?:отказ\w{0,2}|расторжени\w{0,2})\b"
        r"|\bрасторгн\w{1,4}\s{1,3}(?:[\w()]{1,15}\s{1,3}){0,2}в\s{1,3}одностороннем",
        "односторонн",
    ),
    probe(
        r"(?:^|\n)[ \t]{0,8}(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?\s{1,3})?"
        r"(?:отказаться\s{1,3}от\s{1,3}(?:\w{1,12}\s{1,3}){0,2}"
        + _CONTRACT_RU
        + r"|расторгнуть\s{1,3}(?:настоящ\w{2,3}\s{1,3})?"
        r"(?:договор|контракт|соглашени))",
        "отказаться",
        "расторгнуть",
    ),
    probe(
        r"\b(?:may|can|shall\s{1,3}have\s{1,3}the\s{1,3}right\s{1,3}to"
        r"|has\s{1,3}the\s{1,3}right\s{1,3}to|is\s{1,3}entitled\s{1,3}to"
        r"|reserves\s{1,3}the\s{1,3}right\s{1,3}to)[\s,]{1,4}"
        r"(?:(?!not\b)[\w,]{1,15}\s{1,3}){0,5}terminate\b"
        r"|\bmay\s{1,3}be\s{1,3}terminated\b"
        r"|\bterminat\w{0,5}\s{1,3}(?:\w{1,12}\s{1,3}){0,3}for\s{1,3}convenience",
        "terminat",
    ),
)
# Words that make a right at-will whatever else the sentence says. "At any
# time" is not among them: "at any time, if the other party breaches" is for cause.
_AT_WILL = re.compile(
    r"без\s{1,3}(?:объяснения|указания)\s{1,3}причин|по\s{1,3}любой\s{1,3}причине"
    r"|по\s{1,3}своему\s{1,3}усмотрению|for\s{1,3}convenience|for\s{1,3}any\s{1,3}reason"
    r"|without\s{1,3}cause|discretion|for\s{1,3}no\s{1,3}reason|without\s{1,3}(?:a\s{1,3})?reason",
    re.IGNORECASE,
)
# Ending the contract by agreement of both sides is not a unilateral right.
_BY_AGREEMENT = re.compile(
    r"по\s{1,3}(?:взаимному\s{1,3})?соглашению\s{1,3}сторон"
    r"|by\s{1,3}(?:mutual\s{1,3})?(?:written\s{1,3})?(?:agreement|consent)"
    r"|mutual(?:ly)?\s{1,3}(?:agree|consent|written)",
    re.IGNORECASE,
)
_UNILATERAL = re.compile(r"односторонн|unilateral", re.IGNORECASE)
_FOR_CAUSE = re.compile(
    r"нарушени|неисполнени|ненадлежащ|просрочк|несоблюдени|неоплат|неуплат"
    r"|по\s{1,3}решению\s{1,3}суда|в\s{1,3}следующих\s{1,3}случаях|по\s{1,3}основаниям"
    r"|в\s{1,3}соответствии\s{1,3}с\s{1,3}(?:действующим\s{1,3})?(?:законодательств|гражданск)"
    r"|в\s{1,3}порядке,?\s{1,3}предусмотренн\w{1,4}\s{1,3}законодательств|\bbreach|\bdefault"
    r"|insolven|bankrupt|\bfails?\s{1,3}to|\bfailure\s{1,3}to|for\s{1,3}cause|violat"
    r"|change\s{1,3}of\s{1,3}control|\bceases?\b|\bexpir|в\s{1,3}случае|\bесли\b"
    r"|\bпри\s{1,3}условии|in\s{1,3}the\s{1,3}event|\bif\b|upon\s{1,3}the\s{1,3}occurrence|regulat"
    r"|legislat|judicial",
    re.IGNORECASE,
)
_SUBJECT_RU = re.compile(
    ROLE_RU + r"\w{0,4}\s{1,3}(?:\S{1,20}\s{1,3})?(?:вправе|имеет\s{1,3}право|может)", re.IGNORECASE
)
# A list item ("3.3.2. Расторгнуть договор…") takes its subject from the
# heading above it ("3.3. Поставщик вправе:").
_LIST_HEAD_RU = re.compile(
    ROLE_RU + r"\w{0,4}\s{1,3}(?:вправе|имеет\s{1,3}право)\s{0,3}:", re.IGNORECASE
)
_NOT_A_PARTY = {"this", "it", "that", "which", "who", "agreement", "the", "contract", "such"}
_SUBJECT_EN = re.compile(
    r"(?P<subject>[A-Z][\w&.'-]{0,30})\s{1,3}"
    r"(?:may|can|shall\s{1,3}have|has\s{1,3}the|is\s{1,3}entitled|reserves)\b"
    r"|terminated\s{1,3}by\s{1,3}(?P<by>[A-Z][\w&.'-]{0,30})"
)
_PREAMBLE_CHARS = 400
_RANK = {"at_will_one_side": 0, "at_will_unclear": 1, "at_will_mutual": 2, "for_cause_one_side": 3}


def _party(hit: Hit, doc: ContractText) -> str:
    """ "mutual", "single" or "unknown": who holds the right the sentence grants."""
    if MUTUAL.search(hit.context):
        return "mutual"
    if _SUBJECT_RU.search(hit.context):
        return "single"
    for match in _SUBJECT_EN.finditer(hit.context):
        subject = match.group("subject") or match.group("by")
        if subject and subject.casefold() not in _NOT_A_PARTY:
            return "single"
    preamble = doc.window_before(hit.start, _PREAMBLE_CHARS)
    heads = list(_LIST_HEAD_RU.finditer(preamble))
    return "single" if heads else "unknown"


def _verdict(hit: Hit, doc: ContractText) -> str | None:
    if _BY_AGREEMENT.search(hit.context) and not _UNILATERAL.search(hit.context):
        return None
    at_will = bool(_AT_WILL.search(hit.context)) or not _FOR_CAUSE.search(hit.context)
    party = _party(hit, doc)
    if at_will:
        return {"single": "at_will_one_side", "unknown": "at_will_unclear"}.get(
            party, "at_will_mutual"
        )
    return "for_cause_one_side" if party == "single" else None


def assess(doc: ContractText) -> list[Observation]:
    """The worst termination right in the contract: one side's right to leave at will is high."""
    judged = [(verdict, hit) for hit in doc.hits_of(PATTERNS) if (verdict := _verdict(hit, doc))]
    if not judged:
        return []
    verdict, hit = min(judged, key=lambda pair: (_RANK[pair[0]], pair[1].start))
    return [Observation(verdict, hit.quote, hit.start)]


ITEM = ChecklistItem(
    id="unilateral_termination",
    title=Bilingual(ru="Односторонний отказ от договора", en="Unilateral termination"),
    assess=assess,
    verdicts={
        "at_will_one_side": Verdict(
            "high",
            Bilingual(
                ru="Одна сторона может отказаться от договора в любой момент без указания "
                "причин; вторая сторона такого права не имеет и остаётся с понесёнными затратами.",
                en="One side may end the contract at any time without a reason; the other side "
                "has no such right and is left with its costs.",
            ),
            Bilingual(
                ru="Сделать право отказа взаимным, установить срок уведомления (не менее 30 "
                "дней) и компенсацию понесённых расходов.",
                en="Make the right mutual, require notice (at least 30 days) and compensation "
                "of costs already incurred.",
            ),
        ),
        "at_will_unclear": Verdict(
            "medium",
            Bilingual(
                ru="Договор допускает односторонний отказ без оснований, но не ясно, какая "
                "сторона им пользуется.",
                en="The contract allows termination without cause, but it is not clear which "
                "side holds the right.",
            ),
            Bilingual(
                ru="Указать, кто и на каких условиях может отказаться от договора, срок "
                "уведомления и порядок расчётов.",
                en="State who may terminate, on what notice, and how accounts are settled.",
            ),
        ),
        "at_will_mutual": Verdict(
            "low",
            Bilingual(
                ru="Каждая сторона может отказаться от договора без оснований, уведомив другую.",
                en="Either side may end the contract without cause by giving notice.",
            ),
            Bilingual(
                ru="Проверить срок уведомления и порядок расчётов за уже исполненное.",
                en="Check the notice period and how work already done is paid for.",
            ),
        ),
        "for_cause_one_side": Verdict(
            "low",
            Bilingual(
                ru="Одна сторона вправе расторгнуть договор в одностороннем порядке при "
                "нарушениях другой стороны.",
                en="One side may terminate the contract for the other side's breach.",
            ),
            Bilingual(
                ru="Проверить, что основания конкретны и существенны и что у другой стороны "
                "есть срок на устранение нарушения.",
                en="Check the grounds are specific and material and that there is a cure "
                "period before termination.",
            ),
        ),
    },
)
