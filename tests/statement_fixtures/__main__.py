"""Regenerate the statement fixtures: `python -m tests.statement_fixtures [out_dir]`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.statement_fixtures import osv

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "fixtures" / "statements"


def main(argv: list[str]) -> None:
    """Write the ОСВ fixtures, and the forms' when their generator is present."""
    out = Path(argv[0]) if argv else DEFAULT_OUT
    osv.build(out)
    if importlib.util.find_spec("tests.statement_fixtures.forms") is not None:
        from tests.statement_fixtures import forms

        forms.build(out)
    for path in sorted(out.iterdir()):
        print(f"{path.stat().st_size:>8}  {path.relative_to(out.parent.parent.parent)}")


if __name__ == "__main__":
    main(sys.argv[1:])
