"""The configuration a run ran with, pinned to its document version as `config.json`.

A report is explained by the settings and models that made it: the provider and model,
the prompts' version, the routing thresholds, the rule set and the clause model. Those
change (a new model, a retrained clause model, a tuned threshold), so every run stores
what it ran with when it starts, and its report shows that snapshot, never what the
settings say today. Re-analysing an old document under the new configuration is a new
run (the `system` lane) with its own snapshot.

The rule set and the clause model have no release numbers of their own: their versions
are digests of what decides their answers (the checklist's source files; the learned
model's and the calibration's JSON), so any change to them shows, with nobody having
to remember to bump a number.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.keys import DocumentRef
    from chalicelib.lanes import Lane
    from chalicelib.models import Document
    from chalicelib.ports import ObjectStore
    from chalicelib.settings import Settings

_CHALICELIB = Path(__file__).resolve().parent
_RULE_SET_SOURCES = ("analysis/checklist.py", "analysis/rules.py", "analysis/checks")
_CLAUSE_MODEL_FILES = ("prescreen/clause_model.json", "prescreen/calibration.json")


class RunConfig(BaseModel):
    """What a run ran with: enough to explain its report after the settings changed."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    recorded_at: datetime
    lane: str
    provider: str
    model: str = Field("", description="The primary model; empty for the offline rules")
    fallback_model: str = ""
    prompt_version: str = ""
    temperature: float = 0.0
    chunk_chars: int = 0
    auto_approve_enabled: bool = False
    auto_approve_min_confidence: float = 0.0
    review_min_confidence: float = 0.0
    high_value_threshold: str = "0"
    prescreen_llm_fallback_enabled: bool = False
    prescreen_llm_fallback_below: float = 0.0
    rule_set_version: str
    clause_model_version: str

    @property
    def digest(self) -> str:
        """A short digest of everything but when and in which lane: equal configurations,
        equal digests (a re-analysis under an unchanged configuration shows it)."""
        body = self.model_dump(mode="json", exclude={"recorded_at", "lane"})
        text = json.dumps(body, sort_keys=True)
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]

    def summary(self) -> dict[str, str]:
        """The few fields a document's record keeps (config.json keeps them all)."""
        return {
            "provider": self.provider,
            "model": self.model or "-",
            "prompt_version": self.prompt_version or "-",
            "rule_set_version": self.rule_set_version,
            "clause_model_version": self.clause_model_version,
            "config_digest": self.digest,
        }


def run_config_of(settings: Settings, *, lane: Lane, model: str, now: datetime) -> RunConfig:
    """The snapshot of `settings` for a run of `lane` starting `now` (`model`: the one
    the provider will be asked, the provider's default when LLM_MODEL is empty)."""
    # Here, not at the top: the report model imports this module, and the prompts
    # import the checklist, which imports the models.
    from chalicelib.llm.prompts import PROMPT_VERSION  # noqa: PLC0415

    uses_model = settings.llm_provider != "rules"
    return RunConfig(
        recorded_at=now,
        lane=lane,
        provider=settings.llm_provider,
        model=model if uses_model else "",
        fallback_model=settings.llm_fallback_model if uses_model else "",
        prompt_version=PROMPT_VERSION if uses_model else "",
        temperature=settings.llm_temperature,
        chunk_chars=settings.llm_chunk_chars,
        auto_approve_enabled=settings.auto_approve_enabled,
        auto_approve_min_confidence=settings.auto_approve_min_confidence,
        review_min_confidence=settings.review_min_confidence,
        high_value_threshold=str(settings.high_value_threshold),
        prescreen_llm_fallback_enabled=settings.prescreen_llm_fallback_enabled and uses_model,
        prescreen_llm_fallback_below=settings.prescreen_llm_fallback_below,
        rule_set_version=rule_set_version(),
        clause_model_version=clause_model_version(),
    )


@cache
def rule_set_version() -> str:
    """A digest of the checklist's source: it changes whenever a rule does."""
    return _digest_of(_RULE_SET_SOURCES)


@cache
def clause_model_version() -> str:
    """A digest of the learned clause model and its calibration."""
    return _digest_of(_CLAUSE_MODEL_FILES)


def _digest_of(relative_paths: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for relative in relative_paths:
        path = _CHALICELIB / relative
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(_CHALICELIB).as_posix().encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


class RunConfigRecords(Protocol):
    """Where a run's configuration summary is kept beside its document."""

    def record_run_config(self, document_id: str, summary: dict[str, str]) -> object:
        """Keep `summary` on the document's record."""
        ...


class RunConfigRecorder:
    """Writes a starting run's `config.json` and keeps its summary on the document."""

    def __init__(
        self,
        *,
        store: ObjectStore,
        records: RunConfigRecords,
        snapshot: Callable[[Lane], RunConfig],
    ) -> None:
        self._store = store
        self._records = records
        self._snapshot = snapshot

    def record(self, document: Document) -> RunConfig:
        """The configuration `document`'s run starts with, stored under its version."""
        config = self._snapshot(document.lane)
        self._store.put_text(
            document.ref.artifact_key("config.json"),
            config.model_dump_json(indent=2),
            content_type="application/json",
            expires_with_text=False,  # it explains the report, which stays
        )
        self._records.record_run_config(document.document_id, config.summary())
        return config


def read_run_config(store: ObjectStore, ref: DocumentRef) -> RunConfig | None:
    """A version's stored configuration; None for a run from before snapshots."""
    key = ref.artifact_key("config.json")
    if not store.exists(key):
        return None
    return RunConfig.model_validate_json(store.get_text(key))
