"""Recognition speed: rows per second of a 5,000-row 1C trial balance (ОСВ) workbook.

The baseline is the raw reader on the same file in the same run: python-calamine opening
the workbook and reading every sheet's cells, nothing else. Ours is `recognize_file`, the
`recognize` command's path: the safety checks before calamine, reading into sheets, the ОСВ
parser, the forms parser on whatever is left, and the schema check of the result. Our
reader alone (`read_workbook`) and the schema check alone are timed too, so a slowdown
points at its stage.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

OSV_ROWS = 5000
REPEATS = 5


def _median_s(run: Callable[[], object], repeats: int = REPEATS) -> float:
    run()  # warm up: imports, caches, the file in the page cache
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def bench_recognition(rows: int = OSV_ROWS) -> dict[str, Any]:
    """Rows per second of the raw reader, our reader, and the whole recognition."""
    import python_calamine

    from chalicelib.contracts import validate_result
    from chalicelib.statements.result import recognize_file
    from chalicelib.statements.workbook import read_workbook
    from tests.statement_fixtures.osv import large_osv
    from tests.statement_fixtures.writers import write_workbook

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "osv_large.xlsx"
        write_workbook(path, large_osv(rows), "xlsx")
        data = path.read_bytes()

        def raw() -> None:
            workbook = python_calamine.CalamineWorkbook.from_path(str(path))
            for name in workbook.sheet_names:
                workbook.get_sheet_by_name(name).to_python()

        result = recognize_file(path)
        recognized = sum(len(d.get("rows", [])) for d in result["documents"])
        raw_s = _median_s(raw)
        reader_s = _median_s(lambda: read_workbook(data, "xlsx"))
        recognize_s = _median_s(lambda: recognize_file(path))
        validate_s = _median_s(lambda: validate_result(result))
    return {
        "rows": rows,
        "rows_recognised": recognized,
        "status": result["job"]["status"],
        "file_kb": len(data) / 1024,
        "raw_calamine_rows_per_s": rows / raw_s,
        "read_workbook_rows_per_s": rows / reader_s,
        "recognize_rows_per_s": rows / recognize_s,
        "read_workbook_vs_raw": raw_s / reader_s,
        "recognize_vs_raw": raw_s / recognize_s,
        "schema_check_share": validate_s / recognize_s,
    }


def summary(figures: dict[str, Any]) -> str:
    """One line for `make bench`."""
    return (
        f"recognition, ОСВ of {figures['rows']} rows ({figures['file_kb']:.0f} KB xlsx,"
        f" {figures['rows_recognised']} recognised, {figures['status']}):"
        f" raw calamine {figures['raw_calamine_rows_per_s']:.0f} rows/s;"
        f" our reader {figures['read_workbook_rows_per_s']:.0f} rows/s"
        f" ({figures['read_workbook_vs_raw']:.2f}x raw);"
        f" recognize {figures['recognize_rows_per_s']:.0f} rows/s"
        f" ({figures['recognize_vs_raw']:.2f}x raw,"
        f" schema check {figures['schema_check_share']:.0%} of it)"
    )


if __name__ == "__main__":
    print(summary(bench_recognition()))
