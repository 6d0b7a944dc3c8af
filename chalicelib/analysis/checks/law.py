"""Governing law: whether the contract names the law that governs it, and whether it is foreign."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText, Probe

RUSSIAN_LAW = (
    probe(
        r"законодательств\w{0,3}\s{1,3}(?:Российской\s{1,3}Федерации|РФ\b|России)"
        r"|российск\w{1,3}\s{1,3}(?:\w{1,15}\s{1,3})?законодательств"
        r"|гражданск\w{1,3}\s{1,3}кодекс\w{0,2}\s{1,3}(?:Российской|РФ)|\bГК\s{0,2}РФ"
        r"|прав\w{0,2}\s{1,3}Российской\s{1,3}Федерации",
        "законодательств",
        "кодекс",
        "гк",
        "федерации",
    ),
)
FOREIGN_LAW = (
    probe(
        r"(?:прав\w{0,2}|законодательств\w{0,3})\s{1,3}"
        r"(?:Англии|Великобритании|Соединенного\s{1,3}Королевства|Швейцари\w|Швеци\w|Германи\w"
        r"|Кипра|Республики\s{1,3}(?:Кипр|Казахстан|Беларусь|Узбекистан|Армения)|Франци\w"
        r"|Нидерланд\w{1,3}|США|штата\s{1,3}\w+|Казахстан\w|Беларус\w|Китайской|КНР|Сингапур\w"
        r"|Гонконг\w|ОАЭ|Эстони\w|Латви\w|Литв\w|Финлянди\w|Турци\w|Израил\w)",
        "англии",
        "великобритании",
        "королевства",
        "швейцари",
        "швеци",
        "германи",
        "кипр",
        "франци",
        "нидерланд",
        "сша",
        "штата",
        "казахстан",
        "беларус",
        "армени",
        "узбекистан",
        "китайской",
        "кнр",
        "сингапур",
        "гонконг",
        "оаэ",
        "эстони",
        "латви",
        "литв",
        "финлянди",
        "турци",
        "израил",
    ),
)
ENGLISH_LAW = (
    probe(r"\bgoverned\b(?:[\s,]{1,3}[\w-]{1,15}){0,12}?[\s,]{1,3}laws?\b", "governed"),
    probe(
        r"\b(?:construed|interpreted|enforced|determined)\b"
        r"(?:[\s,]{1,3}[\w-]{1,15}){0,12}?[\s,]{1,3}laws?\s{1,3}of\b"
        r"|\blaws?\s{1,3}of\s{1,3}(?:\w{1,15}\s{1,3}){0,4}?(?:shall|will)\s{1,3}(?:govern|apply)",
        "construed",
        "interpreted",
        "enforced",
        "determined",
        "govern",
        "apply",
    ),
    probe(r"\bgoverning\s{1,3}law\b|\bchoice\s{1,3}of\s{1,3}law\b", "governing", "choice"),
)
UNNAMED_LAW = (
    probe(
        r"действующ\w{1,3}\s{1,3}законодательств|применим\w{1,3}\s{1,3}прав",
        "законодательств",
        "применим",
    ),
)


def _first(doc: ContractText, probes: tuple[Probe, ...]) -> Observation | None:
    """The first sentence of the first probe that matches (probes go from best to worst)."""
    for probe_ in probes:
        hits = doc.hits(probe_, limit=1)
        if hits:
            return Observation("", hits[0].quote, hits[0].start)
    return None


def assess(doc: ContractText) -> list[Observation]:
    """No governing law (medium); foreign law (a note); a Russian contract's unnamed law (low)."""
    foreign = _first(doc, FOREIGN_LAW)
    if foreign:
        return [Observation("foreign_law", foreign.quote, foreign.position)]
    english = _first(doc, ENGLISH_LAW)
    if english and doc.language == "en":
        return [Observation("named_law", english.quote, english.position)]
    if doc.contains(*RUSSIAN_LAW) or english or doc.is_part:
        return []
    unnamed = _first(doc, UNNAMED_LAW)
    if unnamed:
        return [Observation("unnamed_law", unnamed.quote, unnamed.position)]
    return [] if doc.is_part else [Observation("absent", doc.title, 0)]


ITEM = ChecklistItem(
    id="governing_law",
    title=Bilingual(ru="Применимое право", en="Governing law"),
    assess=assess,
    verdicts={
        "absent": Verdict(
            "medium",
            Bilingual(
                ru="Применимое право не указано; цитата — заголовок документа, потому что самого "
                "условия нет.",
                en="The governing law is not stated; the quote is the document's title because "
                "the clause itself is absent.",
            ),
            Bilingual(
                ru="Указать применимое право (например, право Российской Федерации).",
                en="State the governing law expressly.",
            ),
        ),
        "unnamed_law": Verdict(
            "low",
            Bilingual(
                ru="Договор ссылается на «действующее законодательство», не называя страну.",
                en="The contract refers to 'the law in force' without naming the country.",
            ),
            Bilingual(
                ru="Уточнить: «законодательство Российской Федерации».",
                en="Name the country whose law governs the contract.",
            ),
        ),
        "foreign_law": Verdict(
            "info",
            Bilingual(
                ru="Договор подчинён иностранному праву: его толкование и защита прав потребуют "
                "юристов этой страны.",
                en="The contract is governed by a foreign law: interpreting and enforcing it "
                "needs lawyers of that country.",
            ),
            Bilingual(
                ru="Оценить, приемлемо ли иностранное право, или предложить право РФ.",
                en="Decide whether that law is acceptable or propose your own.",
            ),
        ),
        "named_law": Verdict(
            "info",
            Bilingual(
                ru="Договор называет применимое право; для российской стороны оно, скорее всего, "
                "иностранное.",
                en="The contract names its governing law; check whether it is foreign to you.",
            ),
            Bilingual(
                ru="Оценить, приемлемо ли это право и согласуется ли оно с выбранным судом.",
                en="Check the law is acceptable and consistent with the chosen forum.",
            ),
        ),
    },
)
