"""A long scan's OCR, fanned out by the run: one page per Map iteration, then the join.

Extract leaves a scan with many pages to OCR to the run (`ocr-plan.json`): each
iteration of the state machine's Map draws one page from the original upload, OCRs it
with the limits Extract uses, and stores `ocr/page-NNNN.json`; a page that fails is
retried on its own. The join then writes `text.md` and `facts.json` as Extract would
have written them reading the whole scan, sets the document's pipeline and hands the
run on to the pipeline's first step. The wall time of a long scan approaches that of
its slowest page instead of the sum of its pages.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from chalicelib.extract.pages import PageText, join_pages, recognise_page
from chalicelib.keys import ocr_page_artifact
from chalicelib.llm.slots import UnlimitedSlots
from chalicelib.metrics import NoMetrics
from chalicelib.models import PagePlan
from chalicelib.services.extraction import count_pages, write_extraction

if TYPE_CHECKING:
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.keys import DocumentRef
    from chalicelib.llm.slots import CallSlots
    from chalicelib.ports import Documents, Metrics, ObjectStore

logger = logging.getLogger(__name__)


class PageOcrService:
    """The per-page OCR task and the join task of the document pipeline."""

    def __init__(
        self,
        *,
        repo: Documents,
        store: ObjectStore,
        limits: ExtractLimits,
        metrics: Metrics | None = None,
        slots: CallSlots | None = None,
    ) -> None:
        self._repo = repo
        self._store = store
        self._limits = limits
        self._metrics = metrics or NoMetrics()
        # The run's lane's cap on pages OCRed at once (`ocr-{lane}`); none in unit tests.
        self._slots: CallSlots = slots or UnlimitedSlots()

    def recognise_page(self, ref: DocumentRef, number: int) -> dict[str, Any]:
        """OCR one page of the plan from the original upload; `ocr/page-NNNN.json`."""
        plan = self._plan(ref)
        data = self._store.get_bytes(
            plan.source_key, version_id=plan.source_version_id, max_bytes=self._limits.max_bytes
        )
        with self._slots.hold(f"ocr-{ref.execution_name}:page-{number}"):
            page = recognise_page(data, plan, number, self._limits)
        self._store.put_text(
            ref.artifact_key(ocr_page_artifact(number)),
            json.dumps(asdict(page), ensure_ascii=False),
            content_type="application/json",
            expires_with_text=True,
        )
        # Small: the Map keeps every iteration's output in the run's history.
        return {"page": number, "chars": len(page.text), "drawn": page.drawn}

    def join(self, ref: DocumentRef) -> dict[str, Any]:
        """The pages in order into `text.md` and `facts.json`; the document's pipeline."""
        plan = self._plan(ref)
        pages = [
            PageText(**json.loads(self._store.get_text(ref.artifact_key(ocr_page_artifact(n)))))
            for n in plan.ocr_pages
        ]
        extraction = join_pages(plan, pages, self._limits)
        write_extraction(self._store, ref, extraction)
        count_pages(self._metrics, extraction)
        pipeline = extraction.facts.pipeline
        self._repo.record_pipeline(ref.document_id, pipeline)
        logger.info("joined %d OCRed pages of %d", extraction.facts.ocr_pages, plan.pages)
        return {"pipeline": pipeline, "pages": plan.pages, "ocr_pages": extraction.facts.ocr_pages}

    def _plan(self, ref: DocumentRef) -> PagePlan:
        return PagePlan.model_validate_json(self._store.get_text(ref.artifact_key("ocr-plan.json")))
