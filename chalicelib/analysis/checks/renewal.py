"""Automatic renewal: a term that extends itself unless someone objects in time."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.analysis.contract_text import probe
from chalicelib.analysis.items import Bilingual, ChecklistItem, Observation, Verdict
from chalicelib.analysis.lexicon import last_period_days

if TYPE_CHECKING:
    from chalicelib.analysis.contract_text import ContractText

PATTERNS = (
    probe(
        r"пролонгир\w{0,6}|пролонгаци\w{0,3}"
        r"|автоматическ\w{0,4}\s{1,3}(?:\w{1,15}\s{1,3}){0,2}продл\w{0,6}"
        r"|считается\s{1,3}продл[её]нн\w{0,3}"
        r"|продлевается\s{1,3}на\s{1,3}"
        r"(?:тот\s{1,3}же|следующ|кажд|очередн|аналогичн|такой\s{1,3}же)",
        "пролонг",
        "продл",
    ),
    probe(
        r"\bautomatically\s{1,3}(?:be\s{1,3})?(?:renew|extend)\w{0,3}"
        r"|\bautomatic\s{1,3}(?:renewal|extension)|\b(?:renew|extend)\w{0,3}\s{1,3}automatically"
        r"|\bevergreen\b"
        r"|\b(?:successive|consecutive|additional)\s{1,3}(?:\w{1,12}[\s-]{1,3}){0,3}"
        r"(?:renewal\s{1,3})?(?:terms?|periods?)\b[^.]{0,120}?\bunless\b",
        "automatic",
        "evergreen",
        "unless",
    ),
    probe(
        r"\bcontinue\w{0,2}\s{1,3}"
        r"(?:in\s{1,3}(?:full\s{1,3}force\s{1,3}and\s{1,3})?effect\s{1,3})?"
        r"(?:on\s{1,3}a\s{1,3}|from\s{1,3})?(?:year|month)[\s-]{1,3}to[\s-]{1,3}(?:year|month)",
        "to year",
        "to-year",
        "to month",
        "to-month",
    ),
)
_NEGATED = re.compile(
    r"не\s{1,3}(?:подлежит\s{1,3})?(?:пролонг|продлева)"
    r"|не\s{1,3}допускается\s{1,3}(?:автоматическ|пролонг)"
    r"|shall\s{1,3}not\s{1,3}(?:be\s{1,3})?(?:automatically\s{1,3})?(?:renew|extend)"
    r"|no\s{1,3}automatic"
    # A term that continues only if a board approves it each year is not automatic.
    r"|continuance\s{1,3}is\s{1,3}(?:specifically\s{1,3})?approved"
    r"|approved\s{1,3}at\s{1,3}least\s{1,3}annually",
    re.IGNORECASE,
)
_WITHOUT_NOTICE = re.compile(
    r"без\s{1,3}уведомлени|without\s{1,3}(?:any\s{1,3})?notice", re.IGNORECASE
)
# Notice windows this long are easy to miss, and the contract then runs another term.
LONG_NOTICE_DAYS = 60


def assess(doc: ContractText) -> list[Observation]:
    """Automatic renewal: low, or medium when the opt-out window is long or there is no notice."""
    hits = [hit for hit in doc.hits_of(PATTERNS) if not _NEGATED.search(hit.context)]
    if not hits:
        return []
    for hit in hits:
        days = last_period_days(hit.context)
        if _WITHOUT_NOTICE.search(hit.context) or (days and days >= LONG_NOTICE_DAYS):
            return [Observation("hard_to_exit", hit.quote, hit.start)]
    return [Observation("renews", hits[0].quote, hits[0].start)]


ITEM = ChecklistItem(
    id="auto_renewal",
    title=Bilingual(ru="Автоматическая пролонгация", en="Automatic renewal"),
    assess=assess,
    verdicts={
        "hard_to_exit": Verdict(
            "medium",
            Bilingual(
                ru="Договор продлевается автоматически, а выйти можно только заранее (за 60 дней "
                "и более) или продление идёт без уведомления.",
                en="The contract renews automatically and the opt-out window is long (60 days or "
                "more) or renewal happens without notice.",
            ),
            Bilingual(
                ru="Сократить срок уведомления об отказе от пролонгации и предусмотреть "
                "напоминание о предстоящем продлении.",
                en="Shorten the notice period for opting out and require a reminder before each "
                "renewal.",
            ),
        ),
        "renews": Verdict(
            "low",
            Bilingual(
                ru="Договор продлевается автоматически, если ни одна сторона не заявит об отказе.",
                en="The contract renews automatically unless a side objects in time.",
            ),
            Bilingual(
                ru="Внести срок уведомления об отказе от пролонгации в календарь.",
                en="Put the opt-out deadline in your calendar.",
            ),
        ),
    },
)
