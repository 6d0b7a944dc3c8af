"""Acceptance: how goods or work are accepted, and whether silence counts as acceptance."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import last_period_days

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PRESENCE = (
    probe(
        r"при[её]мк|при[её]м\w{0,2}-передач"
        r"|акт\w{0,2}\s{1,3}(?:сдачи|при[её]м|выполненных|оказанных)|\bУПД\b"
        r"|товарн\w{1,4}\s{1,3}накладн|мотивированн\w{1,4}\s{1,3}(?:отказ|возражени)",
        "прием",
        "сдачи",
        "выполненных",
        "оказанных",
        "упд",
        "накладн",
        "мотивированн",
    ),
    probe(
        r"\baccept(?:ance|ed)\b|\binspect(?:ion)?\b|\bacceptance\s{1,3}test", "accept", "inspect"
    ),
)
DEEMED = (
    probe(
        r"\b(?:счита(?:е|ю)тся|считать)\s{1,3}(?:\w{1,15}\s{1,3})?"
        r"(?:принят\w{1,4}|оказанн\w{1,4}|выполненн\w{1,4}|переданн\w{1,4}"
        r"|надлежаще\s{1,3}оформленн\w{1,4})"
        r"|вправе\s{1,3}(?:составить|подписать|оформить)\s{1,3}односторонн\w{1,4}\s{1,3}"
        r"(?:акт|УПД|документ)"
        r"|не\s{1,3}могут\s{1,3}быть\s{1,3}оспорены",
        "счита",
        "односторонн",
        "оспорен",
    ),
    probe(
        r"\bdeemed\s{1,3}(?:to\s{1,3}(?:have\s{1,3}been|be)\s{1,3})?(?:accepted|approved)"
        r"|\bdeemed\s{1,3}acceptance",
        "deemed",
    ),
)
# Deemed acceptance follows silence or a refusal; "считаются выполненными с
# момента подписания" is acceptance by signature and is not a risk.
_ON_SILENCE = re.compile(
    r"\bесли\b|при\s{1,3}отсутствии|в\s{1,3}случае"
    r"|\bне\s{1,3}(?:направ|подпис|поступ|предостав|возвра|заяв|получ)|отказ|уклон"
    r"|по\s{1,3}истечении|по\s{1,3}окончании|\bunless\b|\bif\b|\bfails?\b|\bwithin\b",
    re.IGNORECASE,
)
_CONDITION_CHARS = 160
_SUBJECT = re.compile(r"(?P<subject>\w{1,20})[,\s]{1,4}$")
# "Оферта считается принятой" is how an offer is accepted, not how work is.
_NOT_WORK = re.compile(
    r"оферт|договор|соглашени|услови|заявк|предложени|изменени|обязательств", re.IGNORECASE
)
# Minutes, plans and forecasts are also "deemed approved"; that is not acceptance of work.
_NOT_WORK_EN = re.compile(
    r"\bminutes\b|\bmeetings?\b|\bforecasts?\b|\bbudgets?\b|\bplans?\b", re.IGNORECASE
)
_PRECEDING_CHARS = 300
# Five working days is the shortest window in which a buyer can really inspect.
SHORT_WINDOW_DAYS = 5
_ACCEPTANCE_KINDS = frozenset({"works", "services", "supply"})


def assess(doc: ContractText) -> list[Observation]:
    """Acceptance by silence (medium when the window is short); no acceptance terms (low)."""
    for hit in doc.hits_of(DEEMED):
        subject = _SUBJECT.search(doc.window_before(hit.start, 30))
        if (subject and _NOT_WORK.match(subject.group("subject"))) or _NOT_WORK_EN.search(
            hit.context
        ):
            continue
        if not _ON_SILENCE.search(doc.window_before(hit.start, _CONDITION_CHARS) + hit.context):
            continue
        # The window is in the sentence ("…unless it objects within 30 days") or just before it.
        days = last_period_days(hit.context) or last_period_days(
            doc.window_before(hit.start, _PRECEDING_CHARS)
        )
        if days is None:
            return [Observation("deemed_no_window", hit.quote, hit.start)]
        if days <= SHORT_WINDOW_DAYS:
            return [Observation("deemed_short", hit.quote, hit.start, {"days": str(days)})]
        return [Observation("deemed", hit.quote, hit.start, {"days": str(days)})]
    if doc.kind in _ACCEPTANCE_KINDS and not doc.contains(*PRESENCE):
        return [Observation("absent", doc.title, 0)]
    return []


ITEM = ChecklistItem(
    id="acceptance",
    title=Bilingual(ru="Приёмка", en="Acceptance of goods or work"),
    assess=assess,
    verdicts={
        "deemed_no_window": Verdict(
            "medium",
            Bilingual(
                ru="Результат считается принятым (переданным) без подписанного акта, если "
                "другая сторона промолчала или отказалась без оснований; срок проверки не указан.",
                en="The work is deemed accepted without a signed certificate if the other side "
                "stays silent or refuses without grounds; no inspection period is stated.",
            ),
            Bilingual(
                ru="Установить срок приёмки (не менее 10 рабочих дней) и порядок мотивированного "
                "отказа; сохранить право на претензии по скрытым недостаткам.",
                en="Set an acceptance period (at least 10 business days) and an objection "
                "procedure; keep claims for hidden defects.",
            ),
        ),
        "deemed_short": Verdict(
            "medium",
            Bilingual(
                ru="Результат считается принятым, если в течение {days} дн. не заявлен "
                "мотивированный отказ: проверить качество можно не успеть.",
                en="The work is deemed accepted unless an objection is made within {days} days: "
                "there may be no time to inspect it.",
            ),
            Bilingual(
                ru="Увеличить срок приёмки (не менее 10 рабочих дней) и исключить молчаливую "
                "приёмку для скрытых недостатков.",
                en="Extend the acceptance window (at least 10 business days) and keep claims for "
                "hidden defects after deemed acceptance.",
            ),
        ),
        "deemed": Verdict(
            "low",
            Bilingual(
                ru="Результат считается принятым, если в течение {days} дней не заявлен "
                "мотивированный отказ.",
                en="The work is deemed accepted unless an objection is made within {days} days.",
            ),
            Bilingual(
                ru="Организовать проверку в этот срок; сохранить право на претензии по скрытым "
                "недостаткам.",
                en="Plan the inspection within that window; keep claims for hidden defects.",
            ),
        ),
        "absent": Verdict(
            "low",
            Bilingual(
                ru="Не найден порядок приёмки (акт, сроки, мотивированный отказ); цитата — "
                "заголовок документа, потому что самого условия нет.",
                en="No acceptance procedure (certificate, deadlines, objections) was found; the "
                "quote is the document's title because the clause itself is absent.",
            ),
            Bilingual(
                ru="Добавить порядок приёмки: акт, срок проверки, порядок мотивированного отказа.",
                en="Add an acceptance procedure: certificate, inspection period, how to object.",
            ),
        ),
    },
)
