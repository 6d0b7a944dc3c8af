"""Force majeure: whether the contract excuses performance prevented by events beyond control."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PRESENCE = (
    probe(
        r"непреодолим\w{1,4}\s{1,3}сил|форс-?\s?мажор"
        r"|чрезвычайн\w{1,4}\s{1,3}(?:и\s{1,3}непредотвратим|обстоятельств)",
        "непреодолим",
        "форс",
        "чрезвычайн",
    ),
    probe(
        r"\bforce\s{1,3}majeure|\bacts?\s{1,3}of\s{1,3}god\b"
        r"|beyond\s{1,3}(?:its|their|the)\s{1,3}(?:\w{1,12}\s{1,3})?control",
        "majeure",
        "god",
        "control",
    ),
)


def assess(doc: ContractText) -> list[Observation]:
    """No force-majeure clause: medium."""
    if doc.is_part or doc.contains(*PRESENCE):
        return []
    return [Observation("absent", doc.title, 0)]


ITEM = ChecklistItem(
    id="force_majeure",
    title=Bilingual(ru="Форс-мажор", en="Force majeure"),
    assess=assess,
    verdicts={
        "absent": Verdict(
            "medium",
            Bilingual(
                ru="В договоре нет условия о форс-мажоре; цитата — заголовок документа, потому "
                "что самого условия нет. Остаётся только общее правило п. 3 ст. 401 ГК РФ.",
                en="There is no force-majeure clause; the quote is the document's title because "
                "the clause itself is absent. Only the general law will excuse a side.",
            ),
            Bilingual(
                ru="Добавить условие о форс-мажоре: перечень обстоятельств, срок уведомления, "
                "подтверждающий документ, право расторгнуть при длительном форс-мажоре.",
                en="Add a force-majeure clause: the events, a notice deadline, evidence, and a "
                "right to terminate if it lasts long.",
            ),
        ),
    },
)
