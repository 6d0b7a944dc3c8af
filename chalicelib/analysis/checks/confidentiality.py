"""Confidentiality: missing where it matters (services, licences), or binding without end."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PRESENCE = (
    probe(
        r"конфиденциальн|коммерческ\w{1,3}\s{1,3}тайн|не\s{1,3}разглаша|неразглашени",
        "конфиденциальн",
        "тайн",
        "разглаш",
    ),
    probe(r"\bconfidential|non-?disclosure", "confidential", "disclosure"),
)
PERPETUAL = (
    probe(
        r"бессрочн\w{0,4}|без\s{1,3}ограничения\s{1,3}срока"
        r"|в\s{1,3}течение\s{1,3}неопредел[её]нн\w{1,4}\s{1,3}срока"
        r"|неограниченн\w{1,4}\s{1,3}(?:срок|времен)"
        r"|срок\w{0,3}\s{1,3}(?:\w{1,12}\s{1,3}){0,3}не\s{1,3}(?:определ|ограничен)",
        "бессрочн",
        "срок",
        "неограниченн",
    ),
    probe(
        r"\bperpetu\w{1,5}|\bin\s{1,3}perpetuity|\bindefinitely\b"
        r"|\bwithout\s{1,3}limit\w{0,5}\s{1,3}(?:in|of)\s{1,3}time",
        "perpetu",
        "indefinite",
        "limit",
    ),
)
# "Confidential Treatment Requested" is an SEC filing legend, not a clause.
_ABOUT_SECRECY = re.compile(
    r"конфиденциальн|тайн|разглаш|confidential(?!\s{1,3}treatment)|non-?disclosure|secre",
    re.IGNORECASE,
)
# A perpetual, irrevocable licence is a grant of rights, not endless secrecy.
_LICENCE_GRANT = re.compile(r"licen[cs]|irrevocabl|royalt|лиценз|безотзывн", re.IGNORECASE)
_NEEDS_CONFIDENTIALITY = frozenset({"services", "licence"})


def assess(doc: ContractText) -> list[Observation]:
    """No confidentiality in a services or licence contract (low); secrecy without end (a note)."""
    if not doc.contains(*PRESENCE):
        if doc.kind in _NEEDS_CONFIDENTIALITY:
            return [Observation("absent", doc.title, 0)]
        return []
    for hit in doc.hits_of(PERPETUAL):
        if doc.kind == "nda" or (
            _ABOUT_SECRECY.search(hit.context) and not _LICENCE_GRANT.search(hit.context)
        ):
            return [Observation("perpetual", hit.quote, hit.start)]
    return []


ITEM = ChecklistItem(
    id="confidentiality",
    title=Bilingual(ru="Конфиденциальность", en="Confidentiality"),
    assess=assess,
    verdicts={
        "absent": Verdict(
            "low",
            Bilingual(
                ru="В договоре услуг или лицензии нет условия о конфиденциальности; цитата — "
                "заголовок документа, потому что самого условия нет.",
                en="A services or licence contract without a confidentiality clause; the quote is "
                "the document's title because the clause itself is absent.",
            ),
            Bilingual(
                ru="Добавить обязательство о неразглашении полученной информации и срок его "
                "действия.",
                en="Add a duty not to disclose information received, and how long it lasts.",
            ),
        ),
        "perpetual": Verdict(
            "info",
            Bilingual(
                ru="Обязательства (в том числе о конфиденциальности) действуют бессрочно или их "
                "срок не определён.",
                en="The obligations (confidentiality included) last indefinitely or have no set "
                "term.",
            ),
            Bilingual(
                ru="Ограничить срок конфиденциальности (обычно 3–5 лет после окончания договора), "
                "кроме коммерческой тайны.",
                en="Limit the confidentiality term (usually 3-5 years after the contract ends), "
                "except for trade secrets.",
            ),
        ),
    },
)
