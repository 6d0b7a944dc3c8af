"""Assignment: whether a side may hand its rights to someone else without the other's consent."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

WITHOUT_CONSENT = (
    probe(
        r"\b(?:вправе|может|могут|имеет\s{1,3}право)\s{1,3}(?:(?!не\b)[\w()]{1,15}\s{1,3}){0,3}"
        r"(?:уступ|переда)\w{1,6}\s{1,3}(?:\w{1,15}\s{1,3}){0,5}?"
        r"(?:прав|требовани)\w{0,3}[^.;]{0,160}?без\s{1,3}(?:\w{1,15}\s{1,3}){0,2}согласи",
        "согласи",
    ),
    probe(
        r"\b(?:may|can|shall\s{1,3}be\s{1,3}entitled\s{1,3}to|is\s{1,3}entitled\s{1,3}to"
        r"|has\s{1,3}the\s{1,3}right\s{1,3}to)\s{1,3}(?:(?!not\b)\w{1,15}[\s,]{1,3}){0,4}"
        r"assign\w{0,3}\b[^.;]{0,200}?"
        r"\bwithout\s{1,3}(?:the\s{1,3})?(?:\w{1,15}\s{1,3}){0,3}consent",
        "consent",
    ),
)
_NEGATED = re.compile(
    r"\bне\s{1,3}(?:вправе|может|могут|имеет|допуска)|запрещ|\bneither\b|\bno\s{1,3}party\b"
    r"|\b(?:may|shall|will|can)\s{1,3}not\b|\bcannot\b",
    re.IGNORECASE,
)
# A carve-out for affiliates or a buyer of the business is ordinary; a general right is not.
_CARVE_OUT = re.compile(
    r"affiliat|merger|successor|acquir|sale\s{1,3}of\s{1,3}(?:all|substantially)|аффилир"
    r"|реорганизац",
    re.IGNORECASE,
)
_LEAD_CHARS = 40


def assess(doc: ContractText) -> list[Observation]:
    """A right to assign without the other side's consent: medium, low when only to affiliates."""
    for hit in doc.hits_of(WITHOUT_CONSENT):
        if doc.negated(hit, _NEGATED, _LEAD_CHARS):
            continue
        verdict = "carve_out" if _CARVE_OUT.search(hit.context) else "free_assignment"
        return [Observation(verdict, hit.quote, hit.start)]
    return []


ITEM = ChecklistItem(
    id="assignment",
    title=Bilingual(ru="Уступка прав", en="Assignment of rights"),
    assess=assess,
    verdicts={
        "free_assignment": Verdict(
            "medium",
            Bilingual(
                ru="Сторона вправе уступить права (требования) по договору третьему лицу без "
                "согласия другой стороны: контрагент может смениться.",
                en="A side may assign its rights under the contract without the other side's "
                "consent: your counterparty may change.",
            ),
            Bilingual(
                ru="Требовать предварительного письменного согласия на уступку или хотя бы "
                "уведомления.",
                en="Require prior written consent to any assignment, or at least notice.",
            ),
        ),
        "carve_out": Verdict(
            "low",
            Bilingual(
                ru="Уступка без согласия допускается только в пользу аффилированных лиц или "
                "правопреемника.",
                en="Assignment without consent is allowed only to affiliates or a successor of "
                "the business.",
            ),
            Bilingual(
                ru="Проверить, что новый контрагент будет не менее платёжеспособен, и потребовать "
                "уведомления.",
                en="Check the assignee stays liable or creditworthy and require notice.",
            ),
        ),
    },
)
