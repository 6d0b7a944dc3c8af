"""Import aiogram without building all of its models up front: the bot's cold start.

`import aiogram` takes about 3 s here, almost all of it in `aiogram.types`, whose last
lines call `model_rebuild()` on each of some 450 models with one namespace of every type
(pydantic then builds the validators of all of them, nested ones again and again).
aiogram already declares its models `defer_build=True`; only that loop forces the work.

`import_aiogram()` imports aiogram while that loop's calls only collect the namespace,
then puts the names of that namespace that an aiogram module lacks (the ones it imports
for type checking only) into the module. Each model is then built by pydantic itself,
the first time it validates something: an update needs Update, Message, User, Chat and a
few more, not the other 400. The same models, built from the
same annotations with the same names, only later (`tests/unit/test_aiogram_import.py`
builds every one of them this way). Call it before anything imports aiogram; once aiogram
is imported it does nothing.
"""

from __future__ import annotations

import importlib
import sys
import threading
from typing import Any

from pydantic import BaseModel

_PACKAGES = ("aiogram", "aiogram.types", "aiogram.methods")
_lock = threading.Lock()


def import_aiogram() -> None:
    """Import aiogram with its models' validators built on first use, not at import."""
    with _lock:
        if "aiogram" in sys.modules:
            return
        namespace: dict[str, Any] = {}
        original = BaseModel.model_rebuild.__func__  # type: ignore[attr-defined]

        def collect(
            cls: type[BaseModel],
            *,
            force: bool = False,
            raise_errors: bool = True,
            _parent_namespace_depth: int = 2,
            _types_namespace: dict[str, Any] | None = None,
        ) -> bool | None:
            if _types_namespace is not None and cls.__module__.startswith("aiogram."):
                namespace.update(_types_namespace)
                return None
            result: bool | None = original(
                cls,
                force=force,
                raise_errors=raise_errors,
                _parent_namespace_depth=_parent_namespace_depth + 1,  # this frame
                _types_namespace=_types_namespace,
            )
            return result

        BaseModel.model_rebuild = classmethod(collect)  # type: ignore[assignment,method-assign]
        try:
            for package in _PACKAGES:
                importlib.import_module(package)
        finally:
            BaseModel.model_rebuild = classmethod(original)  # type: ignore[assignment,method-assign]
        # pydantic resolves a model's annotations in its module's globals, also when the model
        # is built inside another (Response[Message] builds Message): each aiogram module gets
        # the names it imports for type checking only, the same objects the loop would use.
        for name, module in list(sys.modules.items()):
            if name.startswith("aiogram.") and module is not None:
                for key, value in namespace.items():
                    module.__dict__.setdefault(key, value)


def aiogram_models() -> set[type[BaseModel]]:
    """Every pydantic model aiogram defines."""
    found: set[type[BaseModel]] = set()
    pending: list[type[BaseModel]] = [BaseModel]
    while pending:
        for sub in pending.pop().__subclasses__():
            if sub not in found:
                pending.append(sub)
                if sub.__module__.startswith("aiogram."):
                    found.add(sub)
    return found
