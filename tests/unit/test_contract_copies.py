"""The copies of the recognition contract that other packages keep are the source's bytes.

The schemas and examples live once, in `chalicelib/contracts/`. The one other place that
keeps copies is what `make package` (`python -m infra.package`) builds: the core layer's
`python/chalicelib` (every function and the API read the contract from there on AWS), and,
without layers (LocalStack Community), each function's bundle of that layer. No web page or
other package keeps its own copy (the web page and other systems fetch them from
`GET /v1/contracts/{name}`). A copy step that dropped or changed a file (an ignore pattern,
a text-mode rewrite of line endings) would make a deployed contract differ from the tested one.
"""

from __future__ import annotations

from pathlib import Path

from infra import package

CONTRACTS = Path(package.ROOT) / "chalicelib" / "contracts"


def _files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*.json"))
        if path.is_file()
    }


def test_the_core_layer_keeps_every_schema_and_example_byte_for_byte(tmp_path: Path) -> None:
    python = tmp_path / "layers" / "core" / "python"

    package.copy_chalicelib(python)

    source = _files(CONTRACTS)
    copied = _files(python / "chalicelib" / "contracts")
    assert any(name.startswith("schemas/recognitionRequest-v1.0") for name in source)
    assert any(name.startswith("schemas/recognitionResult-v1.0") for name in source)
    assert copied.keys() == source.keys()  # nothing dropped, nothing added
    changed = [name for name in source if copied[name] != source[name]]
    assert changed == []


def test_a_function_bundled_with_its_layers_keeps_them_byte_for_byte(tmp_path: Path) -> None:
    python = tmp_path / "layers" / "core" / "python"
    package.copy_chalicelib(python)
    for resource in package._sam_template()["Resources"].values():
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            (tmp_path / resource["Properties"]["ContentUri"] / "python").mkdir(
                parents=True, exist_ok=True
            )

    package.bundle_layers(tmp_path)

    bundled = tmp_path / "functions" / "recognition" / "chalicelib" / "contracts"
    assert _files(bundled) == _files(CONTRACTS)
