"""What every model of a message part shares (the typed dicts of
:mod:`studpoker.server.state`, :mod:`studpoker.server.messages` and the REST answers):
no field it does not name, and each field's docstring as its description in the JSON
Schema and the OpenAPI document.

>>> from pydantic import TypeAdapter
>>> from studpoker.server.state import TurnState
>>> TypeAdapter(TurnState).json_schema()["properties"]["clock"]["description"]
'Seconds left of the clock itself.'
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import sys
from typing import Any

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

__all__ = ["wire"]


@functools.cache
def _module_docs(module: str) -> dict[str, dict[str, str]]:
    """The docstring under each field of each class of ``module``, by class name: its
    source read once (none where the source is not installed)."""
    try:
        tree = ast.parse(inspect.getsource(sys.modules[module]))
    except (OSError, TypeError):
        return {}
    docs: dict[str, dict[str, str]] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        mine = docs.setdefault(cls.name, {})
        for field, after in itertools.pairwise(cls.body):
            if not (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)):
                continue
            said = after.value if isinstance(after, ast.Expr) else None
            if isinstance(said, ast.Constant) and isinstance(said.value, str):
                mine[field.target.id] = inspect.cleandoc(said.value)
    return docs


def _field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of ``cls`` (a ``TypedDict``) and of those it
    extends."""
    docs: dict[str, str] = {}
    for base in getattr(cls, "__orig_bases__", ()):
        if base is not TypedDict and isinstance(base, type):
            docs |= _field_docs(base)
    return docs | _module_docs(cls.__module__).get(cls.__name__, {})


def _describe(schema: dict[str, Any], cls: type) -> None:
    """Each field's docstring as its description in the JSON Schema.  (pydantic's
    ``use_attribute_docstrings`` reads the source at every validator it builds, and
    FastAPI builds a route's for every app: ten times the cost.)"""
    properties = schema.get("properties", {})
    for name, doc in _field_docs(cls).items():
        if name in properties:
            properties[name]["description"] = doc


wire = with_config(ConfigDict(extra="forbid", json_schema_extra=_describe))
"""The configuration of every message part: no field it does not name, and each field's
docstring as its description in the JSON Schema."""
