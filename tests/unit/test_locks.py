"""The locks hold what pyproject.toml asks for, at versions it allows, and agree with each other."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if TYPE_CHECKING:
    import pytest

ROOT = Path(__file__).parents[2]
_PIN = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;\\]+)", re.MULTILINE)


def _pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return {canonicalize_name(name.split("[")[0]): version for name, version in _PIN.findall(text)}


def _wanted(extras: tuple[str, ...] | None = None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    groups = project["optional-dependencies"]
    names = list(groups) if extras is None else extras
    lines = [*project["dependencies"], *(line for group in names for line in groups[group])]
    return [Requirement(line) for line in lines if not line.startswith("contract-check")]


def test_dev_lock_pins_every_dependency_at_an_allowed_version() -> None:
    pins = _pins("dev.lock")
    for requirement in _wanted():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements/dev.lock: run make lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"{name}=={pins[name]} does not satisfy {requirement}: run make lock"
        )


def test_dev_lock_is_hash_checked() -> None:
    text = (ROOT / "requirements" / "dev.lock").read_text()
    assert "--hash=sha256:" in text
    blocks = [b for b in re.split(r"\n(?=\S)", text) if "==" in b.split("\n")[0]]
    assert all("--hash=sha256:" in block for block in blocks)


def test_lambda_lock_holds_the_layers_at_the_tested_versions() -> None:
    dev, deployed = _pins("dev.lock"), _pins("lambda.lock")
    for requirement in _wanted(("extract", "api", "llm", "telegram")):
        name = canonicalize_name(requirement.name)
        assert deployed.get(name) == dev[name], f"{name}: lambda.lock differs from dev.lock"
    assert {n: v for n, v in deployed.items() if dev.get(n, v) != v} == {}


def test_package_refuses_an_extract_layer_without_tesseract_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from infra import package

    monkeypatch.delenv("TESSERACT_DIR", raising=False)
    monkeypatch.delenv("WITHOUT_TESSERACT", raising=False)
    built: list[str] = []
    monkeypatch.setattr(package, "chalice_package", lambda out: built.append("template"))
    assert package.main(["--out", str(tmp_path)]) == 2
    assert "without Tesseract" in capsys.readouterr().err
    assert built == []  # refused before anything was built
