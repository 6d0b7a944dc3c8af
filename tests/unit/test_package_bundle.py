"""Without Lambda layers (LocalStack Community), each function carries its layers' packages:
the functions' folders, and Chalice's zip of the API and its authorizer too."""

from __future__ import annotations

import zipfile
from typing import TYPE_CHECKING

from infra import package

if TYPE_CHECKING:
    from pathlib import Path


def test_bundle_layers_puts_the_core_layer_into_the_apis_zip_and_each_function(
    tmp_path: Path,
) -> None:
    layers = package._sam_template()["Resources"]
    for resource in layers.values():
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            python = tmp_path / resource["Properties"]["ContentUri"] / "python"
            (python / "pydantic").mkdir(parents=True)
            (python / "pydantic" / "__init__.py").write_text("# the layer's\n")
    with zipfile.ZipFile(tmp_path / "deployment.zip", "w") as bundle:
        bundle.writestr("app.py", "# the API\n")
    package.bundle_layers(tmp_path)
    with zipfile.ZipFile(tmp_path / "deployment.zip") as bundle:
        names = set(bundle.namelist())
    assert {"app.py", "pydantic/__init__.py"} <= names
    assert (tmp_path / "functions" / "extract" / "pydantic" / "__init__.py").is_file()
