"""Re-analyses: a finished version run again under today's configuration, in the system lane.

A re-analysis (a "rerun") is a new run of the pipeline over what a version's own run
stored: its `text.md` and `facts.json`. No upload, no Extract, no OCR: the run starts at
Prescreen and writes its own findings, report and configuration under `v{n}/r{k}/`
(`chalicelib.keys.RERUN_ARTIFACTS`), so the version's own report and `config.json` are
never written over and an old run is explained as it ran.

What a rerun never does: move its document's status (the document stays done whatever
the rerun comes to), charge or refund a credit (system runs are free), hold for a
reviewer (nobody waits for a system run: its route is recorded, and it is analysed), or
call a partner back. Its state is its own record, `DOC#{id}` / `RERUN#v{n}#r{k}`.

`k` is drawn from an atomic counter on the document's record (one per document, across
its versions), so two re-analyses never share a number and the execution name
`{id}-v{n}-r{k}` starts at most one run.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from chalicelib.keys import DocumentRef
from chalicelib.lanes import SYSTEM_LANE

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.lanes import Lane
    from chalicelib.models import Document, DocumentError
    from chalicelib.ports import ObjectStore
    from chalicelib.run_config import RunConfig

RerunStatus = Literal["running", "done", "failed"]


class RerunError(BaseModel):
    """Why a re-analysis failed (its document is untouched by it)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    code: str
    message: str


class Rerun(BaseModel):
    """One re-analysis of one version: the record `GET .../reruns` lists."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    document_id: str
    version: int = Field(ge=1)
    region: str
    rerun: int = Field(ge=1)
    owner_id: str
    batch_id: str
    created_at: datetime
    status: RerunStatus = "running"
    execution_arn: str | None = None
    finished_at: datetime | None = None
    route: str | None = None
    findings_summary: dict[str, int] | None = None
    # Whether its facts or findings differ from the version's own run's.
    changed: bool | None = None
    config: dict[str, str] | None = None
    error: RerunError | None = None

    @property
    def ref(self) -> DocumentRef:
        """The run's ref: its artifacts are under `v{n}/r{k}/`."""
        return DocumentRef(self.document_id, self.version, self.region, self.rerun)

    @property
    def name(self) -> str:
        """Its execution name, `{id}-v{n}-r{k}`, which a batch keeps."""
        return self.ref.execution_name


class RerunRecords(Protocol):
    """Where re-analyses are kept (`adapters.dynamo.reruns`)."""

    def next_rerun_number(self, document_id: str) -> int:
        """The next re-analysis number of a document (an atomic counter on its record)."""
        ...

    def put_rerun(self, rerun: Rerun) -> bool:
        """Store a new re-analysis; False when one with its number exists."""
        ...

    def done_documents_of(
        self, owner_id: str, since: datetime | None, until: datetime | None, limit: int
    ) -> list[Document]:
        """A user's done documents created in [since, until], oldest first, at most `limit`."""
        ...

    def done_documents_in(
        self, region: str, since: datetime | None, until: datetime | None, limit: int
    ) -> list[Document]:
        """A region's (a province: every city's) done documents created in [since, until],
        oldest first, at most `limit`."""
        ...

    def get_rerun(self, document_id: str, version: int, rerun: int) -> Rerun | None:
        """One re-analysis, if there is one."""
        ...

    def list_reruns(self, document_id: str, version: int) -> list[Rerun]:
        """A version's re-analyses, oldest first."""
        ...

    def reruns_by_name(self, names: Sequence[str]) -> list[Rerun]:
        """Re-analyses by execution name (a batch's), the missing ones left out."""
        ...

    def record_rerun_start(self, ref: DocumentRef, execution_arn: str) -> None:
        """The run that carries it."""
        ...

    def record_rerun_config(self, ref: DocumentRef, summary: dict[str, str]) -> None:
        """The summary of the configuration it runs with."""
        ...

    def finish_rerun(self, ref: DocumentRef, fields: dict[str, Any]) -> None:
        """It is done: its route, findings and whether they changed."""
        ...

    def fail_rerun(self, ref: DocumentRef, error: RerunError, at: datetime) -> bool:
        """It failed (never one already done); False when it was done or failed already."""
        ...


class RerunLedger:
    """What the pipeline's steps record of a re-analysis, instead of moving its document."""

    def __init__(
        self,
        *,
        records: RerunRecords,
        store: ObjectStore,
        snapshot: Callable[[Lane], RunConfig],
        clock: Callable[[], datetime],
    ) -> None:
        self._records = records
        self._store = store
        self._snapshot = snapshot
        self._clock = clock

    def started(self, ref: DocumentRef) -> None:
        """Its first step: the configuration it runs with, stored once (a retried step
        keeps the first snapshot) under `v{n}/r{k}/config.json`."""
        key = ref.artifact_key("config.json")
        if self._store.exists(key):
            return
        config = self._snapshot(SYSTEM_LANE)
        self._store.put_text(
            key,
            config.model_dump_json(indent=2),
            content_type="application/json",
            expires_with_text=False,  # it explains the rerun's report, which stays
        )
        self._records.record_rerun_config(ref, config.summary())

    def finished(
        self, ref: DocumentRef, *, route: str, findings: dict[str, int], changed: bool | None
    ) -> None:
        """Its report is written."""
        self._records.finish_rerun(
            ref,
            {
                "status": "done",
                "finished_at": self._clock().isoformat(),
                "route": route,
                "findings_summary": findings,
                "changed": changed,
            },
        )

    def failed(self, ref: DocumentRef, error: DocumentError) -> bool:
        """It failed: recorded on its own record; its document and credits are untouched."""
        failure = RerunError(code=error.code, message=error.message)
        return self._records.fail_rerun(ref, failure, self._clock())
