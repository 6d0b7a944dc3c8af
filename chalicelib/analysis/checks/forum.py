"""Dispute resolution: whether the contract says where disputes go, and whether it names a forum."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PRESENCE = (
    probe(
        r"\bспор\w{0,4}\b[^.]{0,200}?(?:\bсуд|арбитраж|третейск)|подсудност"
        r"|в\s{1,3}судебном\s{1,3}порядке|арбитражн\w{1,4}\s{1,3}суд|третейск\w{1,4}\s{1,3}суд",
        "спор",
        "подсудн",
        "судебном",
        "арбитраж",
        "третейск",
    ),
    probe(
        r"\bjurisdiction\b|\bvenue\s{1,3}(?:shall|will|for\s{1,3}any|of\s{1,3}any)"
        r"|\barbitrat\w{1,6}\b|\bcourts?\s{1,3}(?:of|in|located|sitting)\b"
        r"|\bdisputes?\s{1,3}(?:\w{1,15}\s{1,3}){0,8}(?:resolved|settled|submitted|referred)",
        "jurisdiction",
        "venue",
        "arbitrat",
        "court",
        "dispute",
    ),
)
# A named court, city or institution: the case-insensitive parts are scoped
# with (?i:...) so that "[А-Я]" still means a capital (a place name).
NAMED = (
    probe(
        r"(?i:арбитражн|третейск|районн|городск|мирово|областн|краев)\w{0,4}\s{1,3}"
        r"(?i:суд)\w{0,3}\s{1,3}(?:(?i:города|г\.)\s{0,3})?[А-ЯЁ][\w-]{2,}"
        r"|(?i:по\s{1,3}месту\s{1,3}нахождения)|(?i:третейск\w{1,4}\s{1,3}суд)|МКАС"
        r"|(?i:международн\w{1,3}\s{1,3}коммерческ\w{1,3}\s{1,3}арбитраж)",
        "суд",
        "нахождени",
        "мкас",
        "арбитраж",
        flags=0,
    ),
    probe(
        r"(?i:\bcourts?)\s{1,3}(?:\w{1,15}\s{1,3}){0,3}(?i:of|in)\s{1,3}(?:the\s{1,3})?"
        r"(?:State|Commonwealth|Province|County|City|[A-Z][a-z]{2,})"
        r"|(?i:arbitration)\s{1,3}(?:\w{1,15}\s{1,3}){0,8}"
        r"(?:(?i:rules|administered)|Association|Chamber|ICC|AAA|JAMS|LCIA)"
        r"|(?i:\bexclusive\s{1,3}(?:jurisdiction|venue)"
        r"|\bvenue\s{1,3}(?:shall|will)\s{1,3}(?:be|lie))",
        "court",
        "arbitration",
        "exclusive",
        "venue",
        flags=0,
    ),
)


def assess(doc: ContractText) -> list[Observation]:
    """No dispute clause (medium); a named court, city or arbitration (a note)."""
    if not doc.contains(*PRESENCE):
        return [] if doc.is_part else [Observation("absent", doc.title, 0)]
    named = doc.hits_of(NAMED)
    if named:
        return [Observation("named_forum", named[0].quote, named[0].start)]
    return []


ITEM = ChecklistItem(
    id="dispute_forum",
    title=Bilingual(
        ru="Порядок разрешения споров и подсудность", en="Dispute resolution and forum"
    ),
    assess=assess,
    verdicts={
        "absent": Verdict(
            "medium",
            Bilingual(
                ru="В документе не найдено условие о разрешении споров и подсудности; цитата — "
                "заголовок документа, потому что самого условия нет.",
                en="No dispute-resolution or forum clause was found; the quote is the document's "
                "title because the clause itself is absent.",
            ),
            Bilingual(
                ru="Указать претензионный порядок со сроком ответа и конкретный суд (например, "
                "арбитражный суд по месту нахождения ответчика).",
                en="Add a pre-action (claims) procedure with a reply deadline and name the court "
                "or arbitration that hears disputes.",
            ),
        ),
        "named_forum": Verdict(
            "info",
            Bilingual(
                ru="Споры передаются в названный суд или арбитраж; удалённый или иностранный "
                "суд удорожает защиту прав.",
                en="Disputes go to a named court or arbitration; a distant or foreign forum makes "
                "enforcing your rights costlier.",
            ),
            Bilingual(
                ru="Проверить, что суд удобен для вас (по месту вашего нахождения или ответчика).",
                en="Check the forum is convenient for you (your seat or the defendant's).",
            ),
        ),
    },
)
