"""How often one-profile advice held, by kind of kernel (issue 11: every estimate says how sure
it is).

The blind sets' record splits sharply by two things a profile shows: whether the kernel's
blocks are 1-D or 2-D, and whether it uses shared memory. Out of sample (each set's first
scoring, rules frozen before it was recorded) the rules' pick was within 3 % of the best for
about four 1-D kernels in five and one 2-D shared-memory kernel in four; the novelty test
(:mod:`gpuadvisor.novelty`) and the access model's confidence separate hits from misses far
less. So a rule-only analysis states its class's record, and lists as many shapes to time as
that class needed for the fastest of them to be within 3 % on 90 % of the blind kernels no rule
was fitted on (never fewer than :data:`~gpuadvisor.shortlist.SHORTLIST_SIZE`, at most
:data:`MAX_LISTED`).

``data/pick_reliability.json`` holds the counts; ``python -m gpuadvisor.validation`` writes it
from the blind sets (:func:`document`), and docs/validation.md shows the same table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gpuadvisor import data_json
from gpuadvisor.shortlist import SHORTLIST_SIZE

CLASSES = ("1-D blocks", "1-D blocks, shared memory", "2-D blocks", "2-D blocks, shared memory")
#: The share of blind kernels the listed shapes should cover, and the most shapes listed.
TARGET = 0.9
MAX_LISTED = 8
#: Fewer still-blind kernels of a class than this cannot size its list (two kernels reached
#: with 4 shapes say little of the next): such a class lists MAX_LISTED and is warned.
MIN_KERNELS = 10
REFERENCE = Path(__file__).parent / "data" / "pick_reliability.json"


def kernel_class(blocks: Iterable[tuple[int, int, int]], shared_mem_per_block: Any) -> str:
    """The class of a kernel whose candidate shapes are ``blocks``: 2-D when any has y or z
    above 1; with shared memory when the profile shows some per block."""
    two_d = any(b[1] > 1 or b[2] > 1 for b in blocks)
    shared = bool(shared_mem_per_block) and shared_mem_per_block == shared_mem_per_block
    return ("2-D blocks" if two_d else "1-D blocks") + (", shared memory" if shared else "")


def listed_size(within_at: Sequence[int], kernels: int) -> int:
    """Shapes to list: the fewest whose fastest was within 3 % on :data:`TARGET` of
    ``kernels`` (``within_at[n - 1]``: how many with n listed), at least SHORTLIST_SIZE and
    at most MAX_LISTED; MAX_LISTED for fewer than :data:`MIN_KERNELS` kernels."""
    for n in range(SHORTLIST_SIZE, MAX_LISTED + 1):
        if kernels >= MIN_KERNELS and n <= len(within_at) \
                and within_at[n - 1] >= TARGET * kernels:
            return n
    return MAX_LISTED


def document(first: Iterable[tuple[str, bool]],
             listed: Iterable[tuple[str, Sequence[float | None]]],
             goal_regret: float) -> dict[str, Any]:
    """The reference file's content. ``first``: (class, pick within the goal) of each blind
    kernel's first scoring; ``listed``: (class, regret of the fastest of the first n listed
    shapes for n = 1..MAX_LISTED) of each blind kernel no rule was changed on, scored with
    today's rules."""
    classes: dict[str, dict[str, Any]] = {
        c: {"first_scored": 0, "pick_within": 0, "unseen": 0,
            "within_at": [0] * MAX_LISTED} for c in CLASSES}
    for cls, within in first:
        classes[cls]["first_scored"] += 1
        classes[cls]["pick_within"] += bool(within)
    for cls, regrets in listed:
        entry = classes[cls]
        entry["unseen"] += 1
        for n, regret in enumerate(regrets[:MAX_LISTED]):
            entry["within_at"][n] += regret is not None and regret <= goal_regret + 1e-12
    for entry in classes.values():
        entry["listed"] = listed_size(entry["within_at"], entry["unseen"])
    return {"goal_regret": goal_regret, "target": TARGET, "classes": classes}


def _reference() -> dict[str, Any] | None:
    return data_json.load(REFERENCE)


def record(cls: str) -> dict[str, Any]:
    """What analyze reports for a kernel of class ``cls`` (JSON ``pick_reliability``): the
    class, and where the reference file has it, the first scorings' and today's counts and
    how many shapes to list."""
    out: dict[str, Any] = {"class": cls}
    entry = (_reference() or {}).get("classes", {}).get(cls)
    if not entry:
        return out
    listed = int(entry["listed"])
    out.update({"pick_within": entry["pick_within"], "first_scored": entry["first_scored"],
                "listed": listed, "listed_within": entry["within_at"][listed - 1],
                "unseen": entry["unseen"]})
    return out


def listed_count(rec: dict[str, Any]) -> int:
    """How many shapes the shortlist note lists for a kernel with :func:`record` ``rec`` (the
    usual SHORTLIST_SIZE without the reference file)."""
    return int(rec.get("listed", SHORTLIST_SIZE))


def shapes_to_list(cls: str) -> int:
    """:func:`listed_count` of a kernel of class ``cls``."""
    return listed_count(record(cls))


def note(rec: dict[str, Any]) -> str | None:
    """The sentence a rule-only analysis ends with (None without the reference file)."""
    if "listed" not in rec:
        return None
    cls, n = rec["class"], rec["listed"]
    first, unseen = rec["first_scored"], rec["unseen"]
    text = (f"how often this advice held for its class ({cls}): the one-profile pick was within "
            f"3 % of the best for {rec['pick_within']} of {first} blind kernels when first "
            f"scored ({_pct(rec['pick_within'], first)}), and ")
    few = unseen < MIN_KERNELS
    text += (f"the fastest of the {n} listed shapes for {rec['listed_within']} of {unseen} blind "
             f"kernels no rule was changed on ({_pct(rec['listed_within'], unseen)}"
             + ("; too few to size the list" if few else "") + "; docs/validation.md)"
             if unseen else
             f"no blind kernel of this class is left that no rule was changed on, so the {n} "
             "listed shapes are untested (docs/validation.md)")
    # (a class with too few such kernels has no evidence that its list suffices)
    if few or rec["listed_within"] < TARGET * unseen:
        text += (": for this class one profile is a weak guide; a sweep (gpuadvisor tune) or a "
                 "search (gpuadvisor tune --max-configs 16) is the reliable answer")
    return text


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"
