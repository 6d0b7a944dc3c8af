"""Unilateral amendment: one side's right to change the terms or the price on its own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import MUTUAL

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PATTERNS = (
    probe(
        r"в\s{1,3}одностороннем\s{1,3}порядке\s{1,3}(?:\w{1,15}\s{1,3}){0,2}"
        r"(?:измен|вносить\s{1,3}изменени|пересматр|увеличи|повыша)"
        r"|(?:измен|пересматр|увеличи|повыша)\w{1,6}\s{1,3}"
        r"(?:[\w()]{1,15}\s{1,3}){0,5}в\s{1,3}одностороннем\s{1,3}порядке",
        "одностороннем",
    ),
    probe(
        r"\b(?:may|reserves\s{1,3}the\s{1,3}right\s{1,3}to)\s{1,3}"
        r"(?:(?!not\b)\w{1,15}\s{1,3}){0,2}(?:amend|modify|change|revise|increase)\s{1,3}"
        r"(?:this\s{1,3}agreement|(?:any\s{1,3}of\s{1,3})?the\s{1,3}terms"
        r"|(?:the|its|our)\s{1,3}"
        r"(?:prices?|fees?|rates?|tariffs?|terms))\b[^.;]{0,120}?(?:at\s{1,3}any\s{1,3}time"
        r"|from\s{1,3}time\s{1,3}to\s{1,3}time|sole\s{1,3}discretion|unilaterally"
        r"|without\s{1,3}(?:the\s{1,3})?consent)",
        "amend",
        "modif",
        "change",
        "revise",
        "increase",
    ),
)
_NEGATED = re.compile(
    r"\bне\s{1,3}(?:вправе|может|могут|допуска)|не\s{1,3}допускается|запрещ|\bneither\b"
    r"|\b(?:may|shall|will)\s{1,3}not\b",
    re.IGNORECASE,
)
_LEAD_CHARS = 40


def assess(doc: ContractText) -> list[Observation]:
    """One side may change the terms or prices on its own: high."""
    for hit in doc.hits_of(PATTERNS):
        if doc.negated(hit, _NEGATED, _LEAD_CHARS) or MUTUAL.search(hit.context):
            continue
        return [Observation("one_side", hit.quote, hit.start)]
    return []


ITEM = ChecklistItem(
    id="unilateral_amendment",
    title=Bilingual(ru="Одностороннее изменение условий", en="Unilateral change of terms"),
    assess=assess,
    verdicts={
        "one_side": Verdict(
            "high",
            Bilingual(
                ru="Одна сторона вправе в одностороннем порядке менять условия договора или "
                "цену: согласованные условия могут измениться без вашего согласия.",
                en="One side may change the terms or the price on its own: what you agreed may "
                "change without your consent.",
            ),
            Bilingual(
                ru="Исключить одностороннее изменение или ограничить его (предел роста цены, "
                "уведомление за 30 дней, право отказаться без штрафа).",
                en="Remove the right or limit it (a price-increase cap, 30 days' notice, a "
                "penalty-free right to leave).",
            ),
        ),
    },
)
