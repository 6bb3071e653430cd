"""Load, validate and evaluate the YAML rules (``rules/*.yaml``).

A rule file is data: it is parsed with a restricted YAML loader (no tags beyond the plain
scalar/list/map ones, no anchors or aliases, no duplicate keys, bounded size), checked against
``rules/schema.json`` (JSON Schema draft 2020-12), and every expression in it is compiled by the
safe evaluator of :mod:`gpuadvisor.rules.expr`. Every error names the file and the line of the
offending YAML node. Evaluation never raises for a rule's own failings: a missing required
value skips the rule with a note, an evaluation error is recorded as an error note.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.paths import rules_dir
from gpuadvisor.rules.expr import (
    EvalError,
    Expr,
    ExprError,
    MissingValue,
    Template,
    compile_expr,
    compile_template,
    has_value,
)
from gpuadvisor.user_cache import cache_dir, read_json, text_file, write_json_exact

MAX_FILE_BYTES = 256 * 1024
SEVERITIES = ("info", "warning", "error")
SCOPES = ("config", "kernel", "sweep")
EFFECTS = ("exclude", "penalize", "prefer", "advice")
ACCESS_PATTERNS = ("coalesced", "reuse", "scattered", "random")
BOUNDS = ("memory", "compute", "latency")
DOC_FIELDS = ("what", "why", "example", "fix")
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class RuleFileError(Exception):
    """A rule file is invalid; ``errors`` are ``path:line: message`` strings."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass(frozen=True)
class Rule:
    """One validated rule, ready to evaluate."""

    id: str
    title: str
    severity: str
    scope: str
    category: str
    when: Expr
    effect: str  # exclude | penalize | prefer | advice
    factor: Expr | None
    advice: Template | None
    explain: Template
    speedup: Expr | None
    source: tuple[str, ...]
    docs: dict[str, str]
    #: arch name -> {"verdict", "text"}: did the guidance hold on that architecture's sweeps
    evidence: dict[str, dict[str, str]] = field(default_factory=dict)
    requires: tuple[str, ...] = ()
    optional: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    param_notes: dict[str, str] = field(default_factory=dict)
    let: tuple[tuple[str, Expr], ...] = ()
    min_cc: tuple[int, int] | None = None
    max_cc: tuple[int, int] | None = None
    access: tuple[str, ...] | None = None
    bound: tuple[str, ...] | None = None
    applies_note: str = ""
    path: str = ""
    line: int = 0
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def source_text(self) -> str:
        return "; ".join(self.source)


@dataclass
class RuleResult:
    """The outcome of one rule on one context.

    status: ``fired`` (condition true), ``quiet`` (false), ``skipped`` (a required value is
    missing), ``not_applicable`` (outside ``applies_to``) or ``error`` (evaluation failed).
    """

    rule: Rule
    status: str
    factor: float = 1.0
    message: str = ""
    advice: str = ""
    speedup: float | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def fired(self) -> bool:
        return self.status == "fired"


# ----------------------------------------------------------------------------- YAML


@functools.cache
def _no_alias_loader() -> Any:
    """SafeLoader that refuses anchors and aliases (no billion-laughs expansion); made on
    first use, so that a process whose rule files were all composed before (kept in the
    user's cache) never imports PyYAML."""
    import yaml

    class NoAliasLoader(yaml.SafeLoader):
        def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D401 - yaml API
            event = self.peek_event()
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise yaml.MarkedYAMLError(
                    None, None, "anchors and aliases are not allowed in rule files",
                    event.start_mark)
            return super().compose_node(parent, index)

    return NoAliasLoader


def _compose(text: str) -> Any:
    """The YAML node tree, refusing anchors and aliases.

    libyaml (when PyYAML has it) composes ~10x faster than the pure-Python loader, which made
    rule loading most of a one-profile analyze. Anchors and aliases are refused from its event
    stream first; on any problem the pure-Python loader runs so that the error message and
    line are exactly those it gives.
    """
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            if not any(isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None)
                       for event in yaml.parse(text, Loader=fast)):
                return yaml.compose(text, Loader=fast)
        except yaml.YAMLError:
            pass
    loader = _no_alias_loader()(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _to_python(node: Any, path: tuple[Any, ...], lines: dict[tuple[Any, ...], int],
               errors: list[tuple[int, str]]) -> Any:
    """Build plain Python values from YAML nodes, recording each node's line by its path."""
    import yaml

    lines[path] = node.start_mark.line + 1
    if node.tag not in _PLAIN_TAGS:
        errors.append((node.start_mark.line + 1, f"YAML tag {node.tag!r} is not allowed"))
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                errors.append((key_node.start_mark.line + 1, "mapping keys must be plain text"))
                continue
            key = key_node.value
            if key in out:
                errors.append((key_node.start_mark.line + 1, f"duplicate key {key!r}"))
            out[key] = _to_python(value_node, (*path, key), lines, errors)
            lines[(*path, key)] = key_node.start_mark.line + 1  # errors point at the key
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_to_python(item, (*path, i), lines, errors) for i, item in enumerate(node.value)]
    return yaml.constructor.SafeConstructor().construct_object(node, deep=True)


def _line_of(lines: Mapping[tuple[Any, ...], int], path: Sequence[Any]) -> int:
    """The line of the deepest known node on ``path`` (1 when nothing matches)."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return lines.get((), 1)


# ----------------------------------------------------------------------------- schema


@functools.lru_cache(maxsize=1)
def _schema_validator() -> Any:
    import jsonschema

    schema_path = rules_dir() / "schema.json"
    if not schema_path.is_file():  # pragma: no cover - the repository ships it
        raise UserError(f"rule schema not found at {schema_path}")
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@functools.lru_cache(maxsize=1)
def _schema_digest() -> bytes:
    return hashlib.sha256(schema_path().read_bytes()).digest()


def _valid_marker(text: str) -> Path | None:
    """Where the fact "this exact text passes this exact schema" is remembered.

    Schema validation (and importing jsonschema) took most of the start-up of a one-profile
    analyze; a file whose content and schema are unchanged needs no second check. The key is
    the SHA-256 of both, so any edit to either validates again. None: no usable cache folder.
    """
    try:
        digest = hashlib.sha256(_schema_digest() + text.encode("utf-8")).hexdigest()
    except OSError:
        return None
    folder = cache_dir("valid-rules")
    return folder / digest if folder is not None else None


def _remember_valid(marker: Path | None) -> None:
    if marker is None:
        return
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # a read-only home only costs the check next time


def _composed_kept(text: str) -> tuple[dict[str, Any], dict[tuple[Any, ...], int]] | None:
    """(data, each node's line by its path) of a rule file composed before, or None.

    Composing the 53 rule files' YAML (libyaml, the alias scan, the line of every node) was
    ~0.03 s of every process that loads the rules; the same text gives the same result, kept
    as JSON under the text's SHA-256 (only mappings without node errors are kept)."""
    kept = read_json(text_file("rule-yaml", text))
    try:
        data = kept["data"]
        lines = {tuple(p): line for p, line in kept["lines"]}
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(data, dict) or not all(type(v) is int for v in lines.values()):
        return None
    return data, lines


def _keep_composed(text: str, data: dict[str, Any], lines: dict[tuple[Any, ...], int]) -> None:
    write_json_exact(text_file("rule-yaml", text),
                     {"data": data, "lines": [[list(p), n] for p, n in lines.items()]})


def schema_path() -> Path:
    return rules_dir() / "schema.json"


def _schema_message(error: Any) -> str:
    where = ".".join(str(p) for p in error.absolute_path)
    message = error.message
    if error.validator in ("oneOf", "anyOf") and error.context:
        best = min(error.context, key=lambda e: len(e.message))
        message = best.message
    if len(message) > 200:
        message = message[:197] + "..."
    return f"{where}: {message}" if where else message


# ----------------------------------------------------------------------------- validation


def _cc(text: Any) -> tuple[int, int]:
    major, _, minor = str(text).partition(".")
    return int(major), int(minor or 0)


def _param_value(value: Any) -> tuple[Any, str]:
    if isinstance(value, dict):
        return value.get("value"), str(value.get("note", ""))
    return value, ""


#: Each rule file's text -> what :func:`_parse_text` made of it. A search's prior analyzes a
#: kernel after every measurement and each analysis loads the rules: parsing, validating and
#: compiling the 52 rule files again each time was ~17 % of a search's CPU time. Keyed by the file's
#: whole text (not its modification time, which a quick rewrite can leave unchanged); a Rule
#: is never changed after it is made (calibration makes new ones with dataclasses.replace).
_PARSED: dict[tuple[str, str], tuple[Rule | None, tuple[str, ...]]] = {}


def _parse(path: Path) -> tuple[Rule | None, list[str]]:
    """Read, validate and compile one rule file: (rule or None, errors)."""
    shown = str(path)
    try:
        size = path.stat().st_size
    except OSError as err:
        return None, [f"{shown}:1: cannot read ({err.strerror})"]
    if size > MAX_FILE_BYTES:
        return None, [f"{shown}:1: file larger than {MAX_FILE_BYTES // 1024} KiB"]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return None, [f"{shown}:1: cannot read as UTF-8 text ({err})"]
    known = _PARSED.get((shown, text))
    if known is None:
        if len(_PARSED) >= 4096:  # e.g. a fuzzer's many texts: keep memory bounded
            _PARSED.clear()
        rule, errors = _parse_text(path, text)
        known = _PARSED[(shown, text)] = (rule, tuple(errors))
    return known[0], list(known[1])


def _parse_text(path: Path, text: str) -> tuple[Rule | None, list[str]]:
    """:func:`_parse` of a file already read (the work its cache saves)."""
    shown = str(path)
    composed = _composed_kept(text)
    if composed is not None:
        data, lines = composed
    else:
        import yaml

        try:
            node = _compose(text)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = mark.line + 1 if mark else 1
            return None, [f"{shown}:{line}: YAML error: {err.problem or err.context}"]
        except yaml.YAMLError as err:
            return None, [f"{shown}:1: YAML error: {err}"]
        if node is None:
            return None, [f"{shown}:1: empty rule file"]
        lines = {}
        node_errors: list[tuple[int, str]] = []
        try:
            data = _to_python(node, (), lines, node_errors)
        except (yaml.YAMLError, ValueError, RecursionError) as err:
            return None, [f"{shown}:{node.start_mark.line + 1}: YAML error: {err}"]
        if node_errors:
            return None, [f"{shown}:{line}: {msg}" for line, msg in node_errors]
        if not isinstance(data, dict):
            return None, [f"{shown}:{lines.get((), 1)}: a rule file holds one mapping (a rule)"]
        _keep_composed(text, data, lines)

    errors: list[tuple[int, str]] = []
    marker = _valid_marker(text)
    if marker is None or not marker.exists():
        for error in sorted(_schema_validator().iter_errors(data),
                            key=lambda e: (_line_of(lines, e.absolute_path), e.message)):
            errors.append((_line_of(lines, error.absolute_path), _schema_message(error)))
        if errors:
            return None, [f"{shown}:{line}: {msg}" for line, msg in errors]
        _remember_valid(marker)

    if data["id"] != path.stem:
        errors.append((_line_of(lines, ("id",)),
                       f"id {data['id']!r} does not match the file name {path.stem!r}"))

    params = {}
    notes = {}
    for name, raw in (data.get("params") or {}).items():
        params[name], notes[name] = _param_value(raw)

    def compiled(key_path: tuple[Any, ...], text: Any, *, template: bool = False) -> Any:
        try:
            return compile_template(text) if template else compile_expr(text)
        except ExprError as err:
            errors.append((_line_of(lines, key_path), f"{'.'.join(map(str, key_path))}: {err}"))
            return None

    let_items: list[tuple[str, Expr]] = []
    defined_let: set[str] = set()
    for name, text in (data.get("let") or {}).items():
        expr = compiled(("let", name), text)
        if expr is not None:
            _check_refs(expr.names, params, defined_let, ("let", name), lines, errors)
            let_items.append((name, expr))
        defined_let.add(name)
    when = compiled(("when",), data["when"])
    effect_kind, effect_value = next(iter(data["effect"].items()))
    factor = None
    advice = None
    if effect_kind in ("penalize", "prefer"):
        factor = compiled(("effect", effect_kind), effect_value)
    elif effect_kind == "advice":
        advice = compiled(("effect", "advice"), effect_value, template=True)
    explain = compiled(("explain",), data["explain"], template=True)
    speedup = compiled(("speedup",), data["speedup"]) if "speedup" in data else None
    for key_path, obj in ((("when",), when), (("effect", effect_kind), factor),
                          (("effect", "advice"), advice), (("explain",), explain),
                          (("speedup",), speedup)):
        if obj is not None:
            _check_refs(obj.names, params, defined_let, key_path, lines, errors)
    for i, name in enumerate(data.get("requires") or []):
        for alt in name.split("|"):
            if alt.split(".")[0] not in _ROOTS:
                errors.append((_line_of(lines, ("requires", i)),
                               f"requires: unknown root in {alt!r}"))
    if errors:
        return None, [f"{shown}:{line}: {msg}" for line, msg in sorted(errors)]

    applies = data.get("applies_to") or {}
    source = data["source"]
    rule = Rule(
        id=data["id"],
        title=data["title"].strip(),
        severity=data["severity"],
        scope=data["scope"],
        category=data.get("category", ""),
        when=when,
        effect=effect_kind,
        factor=factor,
        advice=advice,
        explain=explain,
        speedup=speedup,
        source=tuple([source] if isinstance(source, str) else source),
        docs={k: str(v).strip() for k, v in data["docs"].items()},
        evidence={str(a): {"verdict": str(e["verdict"]), "text": " ".join(str(e["text"]).split())}
                  for a, e in (data.get("evidence") or {}).items()},
        requires=tuple(data.get("requires") or ()),
        optional=dict(data.get("optional") or {}),
        params=params,
        param_notes=notes,
        let=tuple(let_items),
        min_cc=_cc(applies["min_cc"]) if "min_cc" in applies else None,
        max_cc=_cc(applies["max_cc"]) if "max_cc" in applies else None,
        access=tuple(applies["access"]) if "access" in applies else None,
        bound=tuple(applies["bound"]) if "bound" in applies else None,
        applies_note=str(applies.get("note", "")),
        path=shown,
        line=lines.get((), 1),
        raw=data,
    )
    return rule, []


_ROOTS = ("block", "grid", "arch", "board", "kernel", "metrics", "derived", "config", "params",
          "let", "sweep")


def _check_refs(names: Iterable[str], params: Mapping[str, Any], defined_let: set[str],
                key_path: tuple[Any, ...], lines: Mapping[tuple[Any, ...], int],
                errors: list[tuple[int, str]]) -> None:
    """params.X must be declared; let.X must be defined above its use."""
    for name in names:
        root, _, rest = name.partition(".")
        if root == "params" and rest.split(".")[0] not in params:
            errors.append((_line_of(lines, key_path),
                           f"{'.'.join(map(str, key_path))}: params.{rest} is not declared "
                           "under params"))
        if root == "let" and rest.split(".")[0] not in defined_let:
            errors.append((_line_of(lines, key_path),
                           f"{'.'.join(map(str, key_path))}: let.{rest} is not defined before "
                           "this point"))


def validate_rule_file(path: str | Path) -> list[str]:
    """All problems of one rule file as ``path:line: message`` lines (empty when valid)."""
    return _parse(Path(path))[1]


def rule_files(dirs: Iterable[str | Path]) -> list[Path]:
    """The ``*.yaml``/``*.yml`` files of each directory (or the files themselves), sorted."""
    out: list[Path] = []
    for entry in dirs:
        p = Path(entry)
        if p.is_dir():
            out.extend(sorted([*p.glob("*.yaml"), *p.glob("*.yml")]))
        elif p.is_file():
            out.append(p)
        else:
            raise UserError(f"{p}: no such rule file or directory")
    return out


def load_rules(dirs: Iterable[str | Path] = (), *, builtin: bool = True) -> list[Rule]:
    """Load the built-in rules (``rules/``) and the rules of each extra directory.

    Raises :class:`RuleFileError` listing every ``path:line: message`` when any file is
    invalid, and :class:`UserError` for a duplicate id.
    """
    sources: list[str | Path] = [rules_dir()] if builtin else []
    sources.extend(dirs)
    rules: list[Rule] = []
    errors: list[str] = []
    seen: dict[str, str] = {}
    for path in rule_files(sources):
        rule, problems = _parse(path)
        errors.extend(problems)
        if rule is None:
            continue
        if rule.id in seen:
            errors.append(f"{path}:{rule.line}: duplicate rule id {rule.id!r} "
                          f"(also in {seen[rule.id]})")
            continue
        seen[rule.id] = str(path)
        rules.append(rule)
    if errors:
        raise RuleFileError(errors)
    return rules


def load_rules_or_fail(dirs: Iterable[str | Path] = ()) -> list[Rule]:
    """:func:`load_rules` for commands: invalid files become one UserError line."""
    try:
        return load_rules(dirs)
    except RuleFileError as err:
        first = err.errors[0]
        more = f" (and {len(err.errors) - 1} more; run 'gpuadvisor rules validate')" if len(
            err.errors) > 1 else ""
        raise UserError(f"invalid rule file: {first}{more}") from None


# ----------------------------------------------------------------------------- evaluation


def applicable(rule: Rule, context: Mapping[str, Any]) -> str | None:
    """None when the rule applies here, else the reason it does not."""
    arch = context.get("arch") or {}
    cc = tuple(arch.get("compute_capability") or ())
    if rule.min_cc and cc and tuple(cc) < rule.min_cc:
        return f"needs compute capability >= {rule.min_cc[0]}.{rule.min_cc[1]}"
    if rule.max_cc and cc and tuple(cc) > rule.max_cc:
        return f"holds up to compute capability {rule.max_cc[0]}.{rule.max_cc[1]}"
    kernel = context.get("kernel") or {}
    if rule.access is not None and kernel.get("access") not in rule.access:
        return f"access pattern is {kernel.get('access')}, rule is for {'/'.join(rule.access)}"
    if rule.bound is not None and kernel.get("bound") not in rule.bound:
        return f"kernel is {kernel.get('bound')}-bound, rule is for {'/'.join(rule.bound)}"
    return None


def _with(context: Mapping[str, Any], name: str, value: Any) -> dict[str, Any]:
    """A copy of ``context`` with the dotted ``name`` set (copying only the touched dicts)."""
    parts = name.split(".")
    out = dict(context)
    cur = out
    for part in parts[:-1]:
        nxt = cur.get(part)
        nxt = dict(nxt) if isinstance(nxt, Mapping) else {}
        cur[part] = nxt
        cur = nxt
    cur[parts[-1]] = value
    return out


def evaluate(rule: Rule, context: Mapping[str, Any]) -> RuleResult:
    """Evaluate one rule; never raises for the rule's own problems."""
    reason = applicable(rule, context)
    if reason is not None:
        return RuleResult(rule, "not_applicable", notes=[reason])
    missing = [name for name in rule.requires
               if not any(has_value(context, alt) for alt in name.split("|"))]
    if missing:
        needs = ", ".join(m.replace("|", " or ") for m in missing)
        return RuleResult(rule, "skipped", notes=[f"skipped: needs {needs}"])
    notes: list[str] = []
    ctx: dict[str, Any] = dict(context)
    for name, default in rule.optional.items():
        if not has_value(ctx, name):
            ctx = _with(ctx, name, default)
            notes.append(f"{name} missing: default {default!r} used")
    ctx["params"] = dict(rule.params)
    ctx["let"] = {}
    try:
        for name, expr in rule.let:
            ctx["let"][name] = expr.evaluate(ctx)
        fired = bool(rule.when.evaluate(ctx))
    except MissingValue as err:
        return RuleResult(rule, "skipped", notes=[*notes, f"skipped: needs {err.name}"])
    except EvalError as err:
        return RuleResult(rule, "error", notes=[*notes, f"error: {err}"])
    if not fired:
        return RuleResult(rule, "quiet", notes=notes)
    result = RuleResult(rule, "fired", notes=notes)
    if rule.factor is not None:
        try:
            value = rule.factor.evaluate(ctx)
            result.factor = _checked_factor(rule, value, notes)
        except (MissingValue, EvalError) as err:
            notes.append(f"factor not computed ({err}); no effect")
            result.factor = 1.0
    elif rule.effect == "exclude":
        result.factor = 0.0
    result.message = " ".join(rule.explain.render(ctx).split())
    if rule.advice is not None:
        result.advice = " ".join(rule.advice.render(ctx).split())
    result.speedup = _speedup(rule, ctx, result.factor, notes)
    return result


def _checked_factor(rule: Rule, value: Any, notes: list[str]) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        notes.append(f"factor {value!r} is not a number; no effect")
        return 1.0
    value = float(value)
    if rule.effect == "penalize" and not 0.0 < value <= 1.0:
        clamped = min(max(value, 1e-6), 1.0)
        notes.append(f"penalty factor {value:.3g} outside (0, 1]; clamped to {clamped:.3g}")
        return clamped
    if rule.effect == "prefer" and not 1.0 <= value <= 100.0:
        clamped = min(max(value, 1.0), 100.0)
        notes.append(f"preference factor {value:.3g} outside [1, 100]; clamped to {clamped:.3g}")
        return clamped
    return value


def _speedup(rule: Rule, ctx: Mapping[str, Any], factor: float, notes: list[str]) -> float | None:
    if rule.speedup is not None:
        try:
            value = rule.speedup.evaluate(ctx)
        except (MissingValue, EvalError) as err:
            notes.append(f"speedup not computed ({err})")
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        return float(value)
    if rule.effect == "penalize" and 0 < factor < 1:
        return 1.0 / factor - 1.0
    return None


def evaluate_all(rules: Iterable[Rule], context: Mapping[str, Any],
                 scope: str | None = None) -> list[RuleResult]:
    """Evaluate every rule of ``scope`` (all scopes when None) on one context."""
    return [evaluate(rule, context) for rule in rules if scope is None or rule.scope == scope]


def find_rule(rules: Iterable[Rule], rule_id: str) -> Rule:
    for rule in rules:
        if rule.id == rule_id:
            return rule
    raise UserError(f"no rule {rule_id!r}; see 'gpuadvisor rules list'")
