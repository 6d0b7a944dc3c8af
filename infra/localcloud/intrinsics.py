"""CloudFormation intrinsic functions, resolved against what the local cloud has created."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

NO_VALUE = object()  # AWS::NoValue: the key or list item disappears

_SUB_VARIABLE = re.compile(r"\$\{([^}]+)\}")


class IntrinsicError(Exception):
    """An intrinsic function cannot be resolved."""


@dataclass
class Created:
    """A resource the local cloud made: what `Ref` and `Fn::GetAtt` return for it."""

    ref: str
    attrs: dict[str, Any] = field(default_factory=dict)


def resolve_parameters(declared: Mapping[str, Any], overrides: Mapping[str, str]) -> dict[str, Any]:
    """Parameter values as `Ref` returns them: defaults, then overrides; lists split."""
    unknown = set(overrides) - set(declared)
    if unknown:
        raise IntrinsicError(f"unknown template parameters: {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name, spec in declared.items():
        if name in overrides:
            raw: Any = overrides[name]
        elif "Default" in spec:
            raw = spec["Default"]
        else:
            raise IntrinsicError(f"parameter {name} has no default: pass it")
        allowed = [str(v) for v in spec.get("AllowedValues", [])]
        if allowed and str(raw) not in allowed:
            raise IntrinsicError(f"parameter {name}={raw!r} is not one of {allowed}")
        is_list = spec.get("Type") == "CommaDelimitedList"
        values[name] = [s.strip() for s in str(raw).split(",")] if is_list else str(raw)
    return values


class Resolver:
    """Resolves Ref, GetAtt, Sub, Join, If, Select, Split, FindInMap and conditions."""

    def __init__(
        self,
        template: Mapping[str, Any],
        parameters: Mapping[str, Any],
        pseudo: Mapping[str, str],
        created: Mapping[str, Created],
    ) -> None:
        self._parameters = {**pseudo, **parameters}
        self._mappings = template.get("Mappings", {})
        self._condition_defs = template.get("Conditions", {})
        self._conditions: dict[str, bool] = {}
        self._created = created

    def condition(self, name: str) -> bool:
        """The value of a named template condition."""
        if name not in self._conditions:
            if name not in self._condition_defs:
                raise IntrinsicError(f"unknown condition {name}")
            self._conditions[name] = bool(self.resolve(self._condition_defs[name]))
        return self._conditions[name]

    def resolve(self, value: Any) -> Any:
        """The value with every intrinsic function replaced by its result."""
        if isinstance(value, list):
            items = [self.resolve(item) for item in value]
            return [item for item in items if item is not NO_VALUE]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            ((key, arg),) = value.items()
            if key == "Ref" or key.startswith("Fn::") or key == "Condition":
                return self._function(key, arg)
        resolved = {k: self.resolve(v) for k, v in value.items()}
        return {k: v for k, v in resolved.items() if v is not NO_VALUE}

    def _function(self, key: str, arg: Any) -> Any:
        functions: dict[str, Callable[[Any], Any]] = {
            "Ref": self._ref,
            "Fn::GetAtt": self._get_att,
            "Fn::Sub": self._sub,
            "Fn::Join": self._join,
            "Fn::If": self._if,
            "Condition": self.condition,
            "Fn::Equals": lambda a: str(self.resolve(a[0])) == str(self.resolve(a[1])),
            "Fn::Not": lambda a: not self.resolve(a)[0],
            "Fn::And": lambda a: all(self.resolve(a)),
            "Fn::Or": lambda a: any(self.resolve(a)),
            "Fn::Select": lambda a: self.resolve(a[1])[int(self.resolve(a[0]))],
            "Fn::Split": lambda a: str(self.resolve(a[1])).split(a[0]),
            "Fn::FindInMap": self._find_in_map,
        }
        if key not in functions:
            raise IntrinsicError(f"{key} is not supported by the local cloud")
        return functions[key](arg)

    def _join(self, arg: Any) -> str:
        delimiter, items = arg
        return str(delimiter).join(str(i) for i in self.resolve(items))

    def _if(self, arg: Any) -> Any:
        name, if_true, if_false = arg
        return self.resolve(if_true if self.condition(name) else if_false)

    def _find_in_map(self, arg: Any) -> Any:
        name, top, second = self.resolve(arg)
        return self._mappings[name][top][second]

    def _ref(self, name: str) -> Any:
        if name == "AWS::NoValue":
            return NO_VALUE
        if name in self._parameters:
            return self._parameters[name]
        if name in self._created:
            return self._created[name].ref
        raise IntrinsicError(f"Ref {name}: not a parameter nor a created resource")

    def _get_att(self, arg: Any) -> Any:
        logical_id, attribute = arg if isinstance(arg, list) else str(arg).split(".", 1)
        created = self._created.get(logical_id)
        if created is None:
            raise IntrinsicError(f"GetAtt {logical_id}.{attribute}: resource not created")
        if attribute not in created.attrs:
            raise IntrinsicError(f"GetAtt {logical_id}.{attribute}: attribute not known locally")
        return created.attrs[attribute]

    def _sub(self, arg: Any) -> str:
        text, variables = (arg, {}) if isinstance(arg, str) else (arg[0], arg[1])
        local = {name: self.resolve(v) for name, v in variables.items()}

        def replace(match: re.Match[str]) -> str:
            name = match.group(1)
            if name.startswith("!"):  # ${!Literal} is the escape for a literal ${Literal}
                return "${" + name[1:] + "}"
            if name in local:
                return str(local[name])
            if "." in name and not name.startswith("AWS::"):
                return str(self._get_att(name.split(".", 1)))
            return str(self._ref(name))

        return _SUB_VARIABLE.sub(replace, text)


def references(value: Any) -> set[str]:
    """Every logical id or parameter a value refers to through Ref, GetAtt or Sub."""
    found: set[str] = set()
    if isinstance(value, list):
        for item in value:
            found |= references(item)
    elif isinstance(value, dict):
        for key, arg in value.items():
            if key == "Ref" and isinstance(arg, str):
                found.add(arg)
            elif key == "Fn::GetAtt":
                found.add(arg[0] if isinstance(arg, list) else str(arg).split(".", 1)[0])
            elif key == "Fn::Sub":
                text = arg if isinstance(arg, str) else arg[0]
                names = {m.group(1).split(".", 1)[0] for m in _SUB_VARIABLE.finditer(text)}
                local = set(arg[1]) if isinstance(arg, list) else set()
                found |= {n for n in names if not n.startswith("!")} - local
                found |= references(arg[1]) if isinstance(arg, list) else set()
            else:
                found |= references(arg)
    return found
