"""What a checklist item is: its wording, its verdicts and what an assessment observes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from chalicelib.analysis.contract_text import ContractText
    from chalicelib.models import Severity


@dataclass(frozen=True)
class Bilingual:
    """A text in Russian and in English; `{name}` placeholders take an observation's params."""

    ru: str
    en: str

    def render(self, language: str, params: Mapping[str, str]) -> str:
        """The text in the document's language (English unless Russian), placeholders filled."""
        template = self.ru if language == "ru" else self.en
        return template.format_map(params) if params else template


@dataclass(frozen=True)
class Verdict:
    """One outcome of an item: how bad it is, why, and what to do."""

    severity: Severity
    explanation: Bilingual
    recommendation: Bilingual


@dataclass(frozen=True)
class Observation:
    """What an assessment saw: a verdict, the verbatim quote that shows it, where it is."""

    verdict: str
    quote: str
    position: int
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ChecklistItem:
    """A risk a contract lawyer looks for, with the assessment that looks for it."""

    id: str
    title: Bilingual
    verdicts: Mapping[str, Verdict]
    assess: Callable[[ContractText], list[Observation]]

    @property
    def title_en(self) -> str:
        """The item's English title."""
        return self.title.en
