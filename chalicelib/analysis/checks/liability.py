"""Liability: is there a clause at all, and does it cap, exclude or leave liability unlimited."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText, Hit

PRESENCE = (
    probe(
        r"ответственност|неусто[йе]к|\bштраф|\bубытк|\bliab(?:le|ility)|indemnif",
        "ответственност",
        "неусто",
        "штраф",
        "убытк",
        "liab",
        "indemnif",
    ),
)
_EXCLUSION = (
    probe(
        r"\bне\s{1,3}(?:нес[её]т|несут|будет\s{1,3}нести|отвечает)\s{1,3}"
        r"(?:\w{1,12}\s{1,3}){0,2}ответственност"
        r"|\bответственност\w{0,3}\s{1,3}(?:\w{1,12}\s{1,3}){0,2}не\s{1,3}нес[её]т"
        r"|освобожда\w{1,4}\s{1,3}от\s{1,3}(?:\w{1,12}\s{1,3}){0,1}ответственност",
        "ответственност",
    ),
    probe(
        r"\bin\s{1,3}no\s{1,3}event\s{1,3}(?:shall|will)\b"
        r"|\b(?:shall|will)\s{1,3}not\s{1,3}be\s{1,3}(?:liable|responsible)"
        r"|\bdisclaims?\s{1,3}(?:all|any)\s{1,3}liabilit"
        r"|\b(?:shall|will)\s{1,3}have\s{1,3}no\s{1,3}liabilit"
        r"|\b(?:assumes?|bears?)\s{1,3}no\s{1,3}liabilit",
        "event",
        "liab",
        "responsible",
        "disclaim",
    ),
)
# The best sentence first: a stated cap, then a penalty's cap.
_CAP = (
    probe(
        r"ответственност\w{0,3}\s{1,3}(?:\w{1,15}\s{1,3}){0,6}ограничива\w{1,4}"
        r"|\bразмер\w{0,3}\s{1,3}ответственност\w{0,3}\s{1,3}(?:\w{1,15}\s{1,3}){0,4}не\s{1,3}"
        r"(?:может|должен)"
        r"|общ\w{1,3}\s{1,3}сумм\w{1,3}\s{1,3}(?:начисленн\w{1,3}\s{1,3})?"
        r"(?:неусто|штраф|убытк|ответствен)",
        "ответственност",
        "неусто",
        "штраф",
        "убытк",
    ),
    probe(
        r"\b(?:aggregate|total|maximum|cumulative)\s{1,3}(?:\w{1,15}\s{1,3}){0,2}liability\b"
        r"|\bin\s{1,3}the\s{1,3}aggregate\s{1,3}exceeds?\b"
        r"|\bliability\s{1,3}(?:[\w,()]{1,15}\s{1,3}){0,10}?(?:shall|will)\s{1,3}"
        r"(?:not|in\s{1,3}no\s{1,3}event)\s{1,3}exceed"
        r"|\bliability\s{1,3}(?:\w{1,15}\s{1,3}){0,3}limited\s{1,3}to",
        "liabil",
        "aggregate",
    ),
    # A cap written into a penalty clause ("но всего не более 5%") limits liability too.
    probe(
        r"(?:неусто[йе]к|штраф|пен[иья])\w{0,3}(?:[^.;]|\.\d){0,200}?\bне\s{1,3}"
        r"(?:более|может\s{1,3}превышать|превыша)",
        "неусто",
        "штраф",
        "пен",
    ),
)
_UNLIMITED = (
    probe(
        r"ответственност\w{0,3}\s{1,3}(?:\w{1,12}\s{1,3}){0,3}"
        r"(?:не\s{1,3}ограничен|без\s{1,3}ограничени)|\bunlimited\s{1,3}liability"
        r"|\bliability\s{1,3}(?:\w{1,12}\s{1,3}){0,4}(?:shall|will)\s{1,3}not\s{1,3}be\s{1,3}"
        r"(?:limited|capped|subject\s{1,3}to\s{1,3}any\s{1,3}(?:limit|cap))"
        r"|\b(?:shall|will)\s{1,3}not\s{1,3}be\s{1,3}(?:limited|capped)\s{1,3}by\s{1,3}"
        r"(?:any|the)\s{1,3}(?:\w{1,12}\s{1,3}){0,3}limitation",
        "ответственност",
        "liabil",
        "limitation",
    ),
)
_FORCE_MAJEURE = re.compile(
    r"непреодолим|форс-?\s?мажор|force\s{1,3}majeure|act\w{0,2}\s{1,3}of\s{1,3}god", re.IGNORECASE
)
_DAMAGES = re.compile(r"убытк|ущерб|\bdamages|\blosses|\bliabilit", re.IGNORECASE)
_INDIRECT_ONLY = re.compile(
    r"косвенн|упущенн\w{1,4}\s{1,3}выгод|indirect|consequential|incidental|special|punitive"
    r"|exemplary|lost\s{1,3}profits|loss\s{1,3}of\s{1,3}profits",
    re.IGNORECASE,
)
# "прямые либо косвенные": a list that names direct losses is not indirect-only.
_DIRECT = re.compile(
    r"прям\w{1,3}|\bdirect\b|\bany\s{1,3}damages|\bлюб\w{1,3}\s{1,3}убытк", re.IGNORECASE
)
# An exclusion tied to a cause or a subject ("caused by third parties", "if the
# customer's hardware fails") is ordinary allocation of risk, not a waiver.
_SPECIFIC = re.compile(
    r"в\s{1,3}случа(?:е|ях),?\s{1,3}(?:если|когда)|вызван|по\s{1,3}вине|третьих\s{1,3}лиц"
    r"|при\s{1,3}условии|to\s{1,3}the\s{1,3}extent|caused\s{1,3}(?:\w{1,10}\s{1,3})?by|\bunless\b"
    r"|as\s{1,3}a\s{1,3}result\s{1,3}of|third[\s-]{1,3}part|attributable\s{1,3}to"
    r"|with\s{1,3}respect\s{1,3}to"
    r"|resulting\s{1,3}from\s{1,3}(?:the\s{1,3})?use\s{1,3}of\s{1,3}(?:specifications|information)",
    re.IGNORECASE,
)
# "Not liable for any amount that exceeds…" is a cap; the cap check reports it.
_EXCEEDS = re.compile(r"exceed|превыша|не\s{1,3}более", re.IGNORECASE)


def _exclusion(doc: ContractText) -> Observation | None:
    first_indirect: Hit | None = None
    for hit in doc.hits_of(_EXCLUSION):
        context = hit.context
        if (
            _FORCE_MAJEURE.search(context)
            or _EXCEEDS.search(context)
            or not _DAMAGES.search(context)
        ):
            continue
        if _INDIRECT_ONLY.search(context) and not _DIRECT.search(context):
            first_indirect = first_indirect or hit
            continue
        if not _SPECIFIC.search(context):
            return Observation("excluded", hit.quote, hit.start)
    if first_indirect:
        return Observation("indirect_excluded", first_indirect.quote, first_indirect.start)
    return None


def assess(doc: ContractText) -> list[Observation]:
    """No liability clause (medium); liability excluded (high), capped or unlimited (medium)."""
    if not doc.contains(*PRESENCE):
        return [] if doc.is_part else [Observation("absent", doc.title, 0)]
    found: list[Observation] = []
    exclusion = _exclusion(doc)
    if exclusion:
        found.append(exclusion)
    cap = next((hits[0] for pattern in _CAP if (hits := doc.hits(pattern, limit=1))), None)
    if cap:
        found.append(Observation("capped", cap.quote, cap.start))
    unlimited = doc.hits_of(_UNLIMITED)
    if unlimited:
        found.append(Observation("unlimited", unlimited[0].quote, unlimited[0].start))
    return found


ITEM = ChecklistItem(
    id="liability",
    title=Bilingual(
        ru="Ответственность сторон и её пределы",
        en="Liability: missing, capped, excluded or unlimited",
    ),
    assess=assess,
    verdicts={
        "absent": Verdict(
            "medium",
            Bilingual(
                ru="В документе не найден раздел об ответственности сторон; цитата — заголовок "
                "документа, потому что самого условия нет.",
                en="No liability clause was found; the quote is the document's title because the "
                "clause itself is absent.",
            ),
            Bilingual(
                ru="Добавить раздел об ответственности: неустойку за ключевые нарушения, "
                "возмещение убытков и их разумный предел.",
                en="Add a liability clause: remedies for key breaches, recovery of damages and a "
                "reasonable cap.",
            ),
        ),
        "excluded": Verdict(
            "high",
            Bilingual(
                ru="Сторона исключает свою ответственность за убытки в целом, а не только за "
                "косвенные: вторая сторона теряет защиту при нарушениях.",
                en="A side excludes its liability for damages in general, not only for indirect "
                "ones: the other side is left without a remedy.",
            ),
            Bilingual(
                ru="Ограничить исключение косвенными убытками и упущенной выгодой; сохранить "
                "ответственность за прямой ущерб, умысел и грубую неосторожность (ст. 401 ГК РФ).",
                en="Limit the exclusion to indirect loss and lost profits; keep liability for "
                "direct loss, wilful misconduct and gross negligence.",
            ),
        ),
        "indirect_excluded": Verdict(
            "low",
            Bilingual(
                ru="Исключена ответственность за косвенные убытки или упущенную выгоду; прямой "
                "ущерб возмещается.",
                en="Liability for indirect or consequential loss is excluded; direct loss "
                "remains recoverable.",
            ),
            Bilingual(
                ru="Проверить, что исключение взаимно и не распространяется на умысел, грубую "
                "неосторожность и нарушение конфиденциальности.",
                en="Check the exclusion is mutual and does not cover wilful misconduct, gross "
                "negligence or breach of confidentiality.",
            ),
        ),
        "capped": Verdict(
            "medium",
            Bilingual(
                ru="Ответственность (или неустойка) ограничена предельной суммой.",
                en="Liability (or a penalty) is capped at a maximum amount.",
            ),
            Bilingual(
                ru="Проверить, что предел соразмерен рискам и цене договора, действует для обеих "
                "сторон и не распространяется на умышленные нарушения.",
                en="Check the cap matches the risks and the price, applies to both sides and "
                "does not cover wilful breaches.",
            ),
        ),
        "unlimited": Verdict(
            "medium",
            Bilingual(
                ru="Ответственность прямо не ограничена: убытки могут превысить цену договора.",
                en="Liability is expressly unlimited: damages may exceed the contract price.",
            ),
            Bilingual(
                ru="Договориться о пределе ответственности (например, цена договора или сумма "
                "за 12 месяцев) с исключениями для умысла.",
                en="Negotiate a cap (for example the contract price or 12 months of fees) with "
                "carve-outs for wilful misconduct.",
            ),
        ),
    },
)
