"""PTX text -> entry functions as lists of statements (labels and instructions).

Only what the access analysis needs: each ``.entry``'s parameters, its instructions with
their guard predicate, opcode and operands, the labels that branches name, and the source
line (``.loc``, present when nvcc ran with ``-lineinfo`` or ``-G``) each instruction came
from. Module-level variables (``.global``/``.shared``/``.const`` arrays) are kept by name
with their state space, so an address built from one is known to be in that space.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpuadvisor.errors import UserError


@dataclass(frozen=True)
class Instruction:
    """One PTX instruction: ``@guard opcode operand, operand, ...;``."""

    index: int
    opcode: str  # with its modifiers, e.g. "ld.global.nc.f32"
    operands: tuple[str, ...]  # top-level comma-separated operands, braces kept whole
    guard: str | None = None  # "%p1" or "!%p1"
    line: int | None = None  # source line (.loc), when the PTX carries line info
    file: str | None = None

    @property
    def root(self) -> str:
        return self.opcode.split(".", 1)[0]

    @property
    def modifiers(self) -> tuple[str, ...]:
        return tuple(self.opcode.split(".")[1:])


@dataclass(frozen=True)
class Label:
    name: str


@dataclass(frozen=True)
class Entry:
    """A kernel (``.entry``): parameter names in order, and its body."""

    name: str
    params: tuple[str, ...]
    body: tuple[Instruction | Label, ...]
    variables: dict[str, str] = field(default_factory=dict)  # module variables: name -> space


@dataclass(frozen=True)
class Module:
    entries: dict[str, Entry]
    files: dict[int, str]


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_ENTRY = re.compile(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\(", re.S)
_VARIABLE = re.compile(
    r"^\s*(?:\.(?:visible|extern|weak)\s+)*\.(global|shared|const|local)\s+"
    r"(?:\.align\s+\d+\s+)?(?:\.v\d\s+)?\.\w+\s+([A-Za-z_$][\w$]*)", re.M)
_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]*)"', re.M)
_LOC = re.compile(r"^\.loc\s+(\d+)\s+(\d+)(?:.*\binlined_at\s+(\d+)\s+(\d+))?")


def parse_module(text: str) -> Module:
    """Every ``.entry`` of a PTX module. Raises UserError on text that is not PTX."""
    text = _COMMENT.sub("", text)
    if ".version" not in text and ".entry" not in text:
        raise UserError("not PTX: no .version or .entry directive")
    files = {int(n): path for n, path in _FILE.findall(text)}
    variables = {name: space for space, name in _VARIABLE.findall(_top_level(text))}
    entries: dict[str, Entry] = {}
    for match in _ENTRY.finditer(text):
        name = match.group(1)
        params_end = _closing(text, match.end() - 1, "(", ")")
        params = tuple(re.findall(r"\.param\s+(?:\.align\s+\d+\s+)?\.\w+\s+([\w$]+)",
                                  text[match.end():params_end]))
        open_brace = text.find("{", params_end)
        if open_brace < 0:
            continue  # a declaration without a body
        body_end = _closing(text, open_brace, "{", "}")
        body = _statements(text[open_brace + 1:body_end], files)
        entries[name] = Entry(name, params, body, variables)
    return Module(entries, files)


def _top_level(text: str) -> str:
    """The text outside every function body (module-scope declarations)."""
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _closing(text: str, start: int, open_: str, close: str) -> int:
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_:
            depth += 1
        elif text[i] == close:
            depth -= 1
            if depth == 0:
                return i
    raise UserError(f"not PTX: unbalanced {open_!r} at offset {start}")


def _statements(body: str, files: dict[int, str]) -> tuple[Instruction | Label, ...]:
    out: list[Instruction | Label] = []
    line: int | None = None
    file: str | None = None
    pending = ""
    for raw in body.splitlines():
        text = raw.strip()
        if not text:
            continue
        loc = _LOC.match(text)
        if loc:  # an inlined helper's line: the line that called it
            number, at = (loc.group(3), loc.group(4)) if loc.group(3) else loc.group(1, 2)
            file, line = files.get(int(number)), int(at)
            continue
        if not pending and text.endswith(":") and " " not in text:
            out.append(Label(text[:-1]))
            continue
        if not pending and text in ("{", "}"):
            continue
        pending = f"{pending} {text}" if pending else text
        if not pending.endswith(";"):
            continue
        statement, pending = pending[:-1].strip(), ""
        # a scope brace may open a line: "{ .reg .b32 t; ..." is rare but legal
        statement = statement.lstrip("{} ").strip()
        if not statement or statement.startswith("."):
            continue  # .reg, .pragma, .local declarations
        out.append(_instruction(len(out), statement, line, file))
    return tuple(out)


def _instruction(index: int, statement: str, line: int | None, file: str | None
                 ) -> Instruction:
    guard = None
    if statement.startswith("@"):
        guard, statement = statement[1:].split(None, 1)
    parts = statement.split(None, 1)
    opcode = parts[0]
    operands = tuple(split_operands(parts[1])) if len(parts) > 1 else ()
    return Instruction(index, opcode, operands, guard, line, file)


def split_operands(text: str) -> list[str]:
    """Comma-separated operands at the top level (not inside {}, [] or ())."""
    out, depth, current = [], 0, []
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    tail = "".join(current).strip()
    if tail:
        out.append(tail)
    return out
