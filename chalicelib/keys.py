"""Every S3 object key is built and parsed here; nothing builds a key by hand."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Protocol, cast

ArtifactName = Literal[
    "text.md",
    "facts.json",
    "prescreen.json",
    "analysis.json",
    "report.md",
    "report.json",
    # The statements branch: a spreadsheet's cells, then what was recognised in them.
    "sheets.json",
    "recognition.json",
    # A scan OCRed page by page by the run (a Map state): what Extract left to it, then
    # each page's text (`ocr_page_artifact`), joined into text.md.
    "ocr-plan.json",
    # The configuration the run ran with (chalicelib/run_config.py): its report's explanation.
    "config.json",
]
OCR_PAGE_ARTIFACT = "ocr/page-{number:04d}.json"


def ocr_page_artifact(number: int) -> ArtifactName:
    """`ocr/page-0007.json`: one page's OCR in a run that recognises pages one by one."""
    return cast("ArtifactName", OCR_PAGE_ARTIFACT.format(number=number))


RESULTS_PREFIX = "results/"
# Artifacts that expire with the text retention (tagged so a lifecycle rule finds them).
TEXT_ARTIFACTS: frozenset[str] = frozenset(
    {"text.md", "facts.json", "sheets.json", "recognition.json", "ocr-plan.json"}
)
# What a re-analysis of a finished version writes of its own, under `v{n}/r{k}/`: the run's
# findings and how it was configured. Everything else (the text and facts it reads) is the
# version's, so the original run's files are never written over.
RERUN_ARTIFACTS: frozenset[str] = frozenset(
    {"prescreen.json", "analysis.json", "report.md", "report.json", "config.json"}
)

UPLOADS_PREFIX = "uploads/"
ARTIFACTS_PREFIX = "artifacts/"
# Where a document's originals are uploaded, fixed when it is created (`Document.upload_area`):
# `uploads` for people and partners, `batch` for bulk imports (`chalicelib.lanes.upload_area`).
# Each area is a prefix of its own with its own Extract function in the template, so a
# batch's uploads never take the concurrency a person's upload is read with. The two
# prefixes must never be prefixes of each other: S3 refuses overlapping notifications.
UploadArea = Literal["uploads", "batch"]
BATCH_UPLOADS_PREFIX = "batch-uploads/"
UPLOAD_PREFIXES: dict[UploadArea, str] = {"uploads": UPLOADS_PREFIX, "batch": BATCH_UPLOADS_PREFIX}
_AREA_OF_PREFIX: dict[str, UploadArea] = {p.rstrip("/"): a for a, p in UPLOAD_PREFIXES.items()}

_ID = r"[a-z0-9][a-z0-9-]{5,63}"
# A region is `{province}-{city}` (`ru-msk`) or a province alone (`ru`, every key before
# regions had cities). The one region syntax: `chalicelib.access.regions.REGION_PATTERN` is
# this, anchored, for every region check.
REGION_BODY = r"[a-z]{2,3}(?:-[a-z0-9]{2,8})?"
_REGION = REGION_BODY
_UPLOAD_KEY = re.compile(
    rf"^(?P<prefix>{'|'.join(re.escape(a) for a in _AREA_OF_PREFIX)})/"
    rf"(?P<region>{_REGION})/(?P<document_id>{_ID})/v(?P<version>[1-9][0-9]{{0,3}})/"
    r"original\.(?P<ext>[a-z0-9]{1,5})$"
)


@dataclass(frozen=True)
class DocumentRef:
    """One version of one document: what its upload key, its artifacts' keys, its run's
    execution name and its result file are all built from, and parsed back into."""

    document_id: str
    version: int
    region: str
    # 0: the version's own run; k > 0: its k-th re-analysis (`chalicelib.services.reruns`),
    # whose findings, report and configuration live under `v{n}/r{k}/`.
    rerun: int = 0
    # Where its original is, not who it is: left out of equality, so a ref read from a
    # run's input (which does not carry it) still names the same version.
    upload_area: UploadArea = field(default="uploads", compare=False)

    @classmethod
    def of(cls, record: _HasRef) -> DocumentRef:
        """The ref of anything that names a document version (a record, a run's input);
        a document's record also says where its original is (`upload_area`)."""
        area: UploadArea = getattr(record, "upload_area", None) or "uploads"
        return cls(record.document_id, record.version, record.region, upload_area=area)

    @property
    def original(self) -> DocumentRef:
        """The version's own run (itself, for a ref that is no re-analysis)."""
        return DocumentRef(
            self.document_id, self.version, self.region, upload_area=self.upload_area
        )

    def upload_key(self, ext: str) -> str:
        """`uploads/{region}/{document_id}/v{n}/original.{ext}`, or under `batch-uploads/`
        for a bulk import's document."""
        return build_upload_key(
            self.region, self.document_id, self.version, ext, area=self.upload_area
        )

    def artifact_key(self, name: ArtifactName) -> str:
        """`artifacts/{region}/{document_id}/v{n}/{name}`; a re-analysis's own artifacts
        (`RERUN_ARTIFACTS`) at `.../v{n}/r{k}/{name}`, what it reads at the version's."""
        if self.rerun and name in RERUN_ARTIFACTS:
            return build_rerun_artifact_key(
                self.region, self.document_id, self.version, self.rerun, name
            )
        return build_artifact_key(self.region, self.document_id, self.version, name)

    @property
    def execution_name(self) -> str:
        """The run's deterministic execution name: one run per document version (and one
        per re-analysis of it, `{id}-v{n}-r{k}`)."""
        if self.rerun:
            return build_rerun_execution_name(self.document_id, self.version, self.rerun)
        return build_execution_name(self.document_id, self.version)

    @property
    def run_result_key(self) -> str:
        """The result file of this version's run."""
        return build_run_result_key(self.document_id, self.version)


class _HasRef(Protocol):
    @property
    def document_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def region(self) -> str: ...


@dataclass(frozen=True)
class UploadKey:
    """The parts of an upload's object key."""

    region: str
    document_id: str
    version: int
    ext: str
    area: UploadArea = "uploads"

    @property
    def ref(self) -> DocumentRef:
        """The document version the upload is of."""
        return DocumentRef(self.document_id, self.version, self.region, upload_area=self.area)


def build_upload_key(
    region: str, document_id: str, version: int, ext: str, *, area: UploadArea = "uploads"
) -> str:
    """`uploads/{region}/{document_id}/v{n}/original.{ext}`; a bulk import's document's
    under `batch-uploads/` instead."""
    return f"{UPLOAD_PREFIXES[area]}{region}/{document_id}/v{version}/original.{ext}"


def parse_upload_key(key: str) -> UploadKey | None:
    """The parts of an upload key, or None when the key is not one of ours."""
    match = _UPLOAD_KEY.match(key)
    if match is None:
        return None
    return UploadKey(
        region=match["region"],
        document_id=match["document_id"],
        version=int(match["version"]),
        ext=match["ext"],
        area=_AREA_OF_PREFIX[match["prefix"]],
    )


def build_artifact_key(region: str, document_id: str, version: int, name: ArtifactName) -> str:
    """`artifacts/{region}/{document_id}/v{n}/{name}`."""
    return f"{ARTIFACTS_PREFIX}{region}/{document_id}/v{version}/{name}"


def build_rerun_artifact_key(
    region: str, document_id: str, version: int, rerun: int, name: ArtifactName
) -> str:
    """`artifacts/{region}/{document_id}/v{n}/r{k}/{name}`: a re-analysis's own artifact."""
    return f"{ARTIFACTS_PREFIX}{region}/{document_id}/v{version}/r{rerun}/{name}"


def build_artifact_prefix(region: str, document_id: str) -> str:
    """The prefix under which all versions' artifacts of a document live."""
    return f"{ARTIFACTS_PREFIX}{region}/{document_id}/"


def build_upload_prefix(region: str, document_id: str, area: UploadArea = "uploads") -> str:
    """The prefix under which all versions' originals of a document live (in its area)."""
    return f"{UPLOAD_PREFIXES[area]}{region}/{document_id}/"


def build_execution_name(document_id: str, version: int) -> str:
    """The deterministic execution name: one run per document version."""
    return f"{document_id}-v{version}"


def build_rerun_execution_name(document_id: str, version: int, rerun: int) -> str:
    """`{document_id}-v{n}-r{k}`: the k-th re-analysis of a version."""
    return f"{build_execution_name(document_id, version)}-r{rerun}"


_EXECUTION_NAME = re.compile(
    rf"^(?P<document_id>{_ID})-v(?P<version>[1-9][0-9]{{0,3}})(?:-r(?P<rerun>[1-9][0-9]{{0,5}}))?$"
)


def parse_execution_name(name: str) -> tuple[str, int] | None:
    """(document id, version) of a run's execution name, a re-analysis's too; None for a
    name not ours."""
    match = _EXECUTION_NAME.match(name)
    return (match["document_id"], int(match["version"])) if match else None


def parse_run_name(name: str) -> tuple[str, int, int] | None:
    """(document id, version, re-analysis number: 0 for the version's own run) of a run's
    execution name; None for a name not ours."""
    match = _EXECUTION_NAME.match(name)
    if match is None:
        return None
    return match["document_id"], int(match["version"]), int(match["rerun"] or 0)


def build_result_key(file_id: str, job_id: str) -> str:
    """`results/{file_id}/{job_id}/result.json`: a recognition's result file (contract v1.2)."""
    return f"{RESULTS_PREFIX}{file_id}/{job_id}/result.json"


def build_result_prefix(file_id: str) -> str:
    """`results/{file_id}/`: every result file of one document."""
    return f"{RESULTS_PREFIX}{file_id}/"


def build_run_result_key(document_id: str, version: int) -> str:
    """The result file of one version's run: its job is the run, named as the run is."""
    return build_result_key(document_id, build_execution_name(document_id, version))


# --- bulk imports: a zip of documents, opened by the batch import function ---------------

IMPORTS_PREFIX = "imports/"
_IMPORT_KEY = re.compile(rf"^imports/(?P<region>{_REGION})/(?P<batch_id>{_ID})/archive\.zip$")


def build_import_key(region: str, batch_id: str) -> str:
    """`imports/{region}/{batch_id}/archive.zip`: a bulk import's zip, as it was sent."""
    return f"{IMPORTS_PREFIX}{region}/{batch_id}/archive.zip"


def parse_import_key(key: str) -> tuple[str, str] | None:
    """(region, batch id) of an import's key; None for a key that is not one."""
    match = _IMPORT_KEY.match(key)
    return (match["region"], match["batch_id"]) if match else None


# --- the hand-off to an external recognizer (chalicelib/recognizer) ----------------------
# Paths on the share are relative to its root (the S3 share's prefix, the SMB share's root).

SHARE_INPUT_FOLDER = "Input/"
SHARE_OUTPUT_FOLDER = "Output/"


def build_share_input_path(task_id: str, ext: str) -> str:
    """`Input/<task_id>.<ext>`: the file handed to the recognizer (no dot without an ext)."""
    return f"{SHARE_INPUT_FOLDER}{task_id}.{ext}" if ext else f"{SHARE_INPUT_FOLDER}{task_id}"


def build_share_output_folder(task_id: str) -> str:
    """`Output/<task_id>/`: where the recognizer writes the task's pages."""
    return f"{SHARE_OUTPUT_FOLDER}{task_id}/"


def build_recognizer_result_key(result_prefix: str, task_id: str) -> str:
    """`<RESULT_PREFIX><task_id>.json` in our bucket: a hand-off's merged pages."""
    prefix = result_prefix if result_prefix.endswith("/") else f"{result_prefix}/"
    return f"{prefix}{task_id}.json"


# --- recognition as a service: a request's file copied for the external recognizer ---------

RECOGNITION_PREFIX = "recognition/"


def build_recognition_source_key(file_id: str, job_id: str, ext: str) -> str:
    """`recognition/{file_id}/{job_id}/source.{ext}`: a request's file, copied into our bucket
    for the external recognizer's hand-off (its `source_s3_key`)."""
    return f"{RECOGNITION_PREFIX}{file_id}/{job_id}/source.{ext}"


def build_recognition_submission_key(file_id: str, ext: str) -> str:
    """`recognition/{file_id}/original.{ext}`: a file our recognition client sends to the
    recognition service (its request's `s3.key`; the service reads our bucket only under
    `recognition/`)."""
    return f"{RECOGNITION_PREFIX}{file_id}/original.{ext.lower().lstrip('.')}"
