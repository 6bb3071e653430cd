"""Fitting the rules' constants on measured sweeps, validated leave-one-kernel-out (issue 11).

The constants in ``rules/*.yaml`` (bonuses, weights, thresholds) were calibrated by hand on
every measured sweep, so the validation page's calibration rows are in-sample. This module
makes the calibration a procedure and scores it honestly:

- :data:`KNOBS` names the constants fitted on sweeps (each a rule parameter, or several kept
  equal) and the values the fit may choose from.
- :func:`fit` is coordinate descent over those values from :func:`start_setting` (every knob at
  the lowest value of its ladder, a point chosen without looking at any sweep): it keeps a
  change when more training kernels get a rule-only pick within 3% of their best, or as many
  with a lower geometric-mean regret.
- :func:`leave_one_kernel_out` fits once per kernel family with every fixture of that family
  left out, and scores the family's fixtures with the constants fitted without them.

Evaluating a setting analyzes every fixture rule-only (seconds), so a setting is evaluated once
over all fixtures and remembered; a fold reads the rows it may train on.

    python -m gpuadvisor.calibration [--out docs/loko.json]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuadvisor.claims import claim_error, fit_exponents, raw_error
from gpuadvisor.paths import project_root

GOAL_REGRET = 1.03


@dataclass(frozen=True)
class Knob:
    """One fitted constant: the rule parameters it sets (kept equal) and its ladder."""

    name: str
    targets: tuple[tuple[str, str], ...]  # (rule id, parameter)
    ladder: tuple[float, ...]


#: The constants calibrated on sweeps (their notes in rules/*.yaml name the data). The ladders
#: bracket the hand-calibrated values, which were chosen knowing every kernel: a mild leak,
#: stated on the validation page.
KNOBS: tuple[Knob, ...] = (
    Knob("streaming floor (threads)",
         (("blocks-below-streaming-floor", "min_threads_streaming"),
          ("coalesced-smallest-full-block", "min_threads_streaming")), (64, 128, 192, 256)),
    Knob("below-floor weight", (("blocks-below-streaming-floor", "weight"),), (0.25, 0.5, 1.0)),
    Knob("smallest full block bonus", (("coalesced-smallest-full-block", "bonus"),),
         (0.02, 0.05, 0.1)),
    Knob("L1 bytes per thread that end reuse", (
        ("coalesced-smallest-full-block", "reuse_l1_bytes_per_thread"),
        ("reuse-largest-full-block", "max_l1_bytes_per_thread")), (32, 64, 128, 256)),
    Knob("largest full block bonus", (("reuse-largest-full-block", "bonus"),), (0.02, 0.05, 0.1)),
    Knob("wide rows weight", (("reuse-wide-rows", "wide_weight"),), (0.01, 0.03, 0.06)),
    Knob("scattered small blocks weight", (("scattered-small-blocks", "weight"),),
         (0.02, 0.05, 0.1)),
    Knob("tile intensity weight", (("tile-intensity", "weight"),), (0.5, 0.75, 1.0)),
    Knob("tile intensity balance", (("tile-intensity", "balance"),), (32, 64, 128)),
    Knob("straddle weight (memory)", (("warp-straddles-lines", "memory_weight"),),
         (0.075, 0.15, 0.3)),
    Knob("straddle weight (reuse)", (("warp-straddles-lines", "reuse_weight"),), (0.2, 0.4, 0.6)),
    Knob("uncoalesced rows weight", (("uncoalesced-rows", "memory_weight"),), (0.15, 0.3, 0.5)),
    # Risk of an unmeasured shape (issue 11): the x ladder starts above 0, a prior that a
    # measured shape wins a tie; the y ladder starts at 0 (off).
    Knob("extrapolation shrink per octave of x", (("extrapolated-access", "x_weight"),),
         (0.0025, 0.005, 0.01, 0.02)),
    Knob("extrapolation shrink per octave of y", (("extrapolated-access", "y_weight"),),
         (0.0, 0.005, 0.01)),
    # Round 7: one-line block rows on Hopper; the ladder starts at 0 (the rule off).
    Knob("single-line rows penalty", (("single-line-block-rows", "penalty"),),
         (0.0, 0.01, 0.025, 0.05)),
    # Round 9: the soft maximum of block work and the Hopper block dispatch interval.
    Knob("dispatch sharpness", (("block-dispatch-bound", "sharpness"),), (4, 8, 16)),
    # Round 11: per-block merges at a busy L2 atomic unit, and blocks of half an SM with
    # barriers; both ladders start off.
    Knob("L2 atomic merge model", (("l2-atomic-merge-bound", "weight"),), (0, 1)),
    Knob("two-block barrier penalty", (("barrier-two-blocks", "penalty"),),
         (0.0, 0.05, 0.1, 0.15)),
    # Round 13: fixed grids (a block per row, a grid-stride loop); the ladder starts off.
    Knob("fixed-grid block model", (("fixed-grid-block-work", "weight"),), (0, 1)),
    # Round 20: a store's sectors against a load's in the coalescing efficiency (stores are
    # not cached in L1); the ladder starts at 1, counting them alike.
    Knob("store sectors weight", (("uncoalesced-rows", "store_weight"),), (1, 2, 4)),
)

Setting = tuple[float, ...]  # one value per knob, in KNOBS order
Key = tuple[str, str]  # (fixture, kernel)

#: Kernels that are one family for leaving out: the same code under two names. Every other
#: kernel is its own family (its other sizes and its copy recorded on another GPU included).
FAMILIES = {"random_access": "random_copy", "vector_reduction": "reduction",
            "vector_reduction_adaptive": "reduction"}

#: Groups of fixtures, for the summary: the calibration set (seeds and Hopper sweeps, all
#: their counters; the new kernels on the H100, from one profile) and what is only scored.
GROUPS = {"calibration": "calibration fixtures (seeds, hopper/sweeps)",
          "new-h100": "new kernels on the H100, one profile (hopper/new-kernels/h100)",
          "heldout": "held-out sizes (hopper/heldout)",
          "new-h200": "the new kernels' H200 copies, one profile (hopper/new-kernels/h200)"}


def group(fixture: str) -> str:
    if "/new-kernels/h100/" in fixture:
        return "new-h100"
    if "/new-kernels/h200/" in fixture:
        return "new-h200"
    if "/heldout/" in fixture:
        return "heldout"
    return "calibration"


def family(kernel: str) -> str:
    return FAMILIES.get(kernel, kernel)


def start_setting(knobs: Sequence[Knob] = KNOBS) -> Setting:
    """The descent's start: every knob at the low end of its ladder (chosen without data)."""
    return tuple(k.ladder[0] for k in knobs)


def hand_setting(rules: Sequence[Any], knobs: Sequence[Knob] = KNOBS) -> Setting:
    """The values in rules/*.yaml now."""
    by_id = {r.id: r for r in rules}
    return tuple(by_id[k.targets[0][0]].params[k.targets[0][1]] for k in knobs)


def with_setting(rules: Sequence[Any], setting: Setting,
                 knobs: Sequence[Knob] = KNOBS) -> list[Any]:
    """The rules with the setting's values in place of their parameters."""
    changes: dict[str, dict[str, float]] = {}
    for knob, value in zip(knobs, setting, strict=True):
        for rule_id, param in knob.targets:
            changes.setdefault(rule_id, {})[param] = value
    out = []
    for rule in rules:
        if rule.id in changes:
            rule = dataclasses.replace(rule, params={**rule.params, **changes[rule.id]})
        out.append(rule)
    return out


def score(regrets: Mapping[Key, float], keys: Iterable[Key]) -> tuple[int, float]:
    """(kernels within 3%, -log geomean regret): larger is better."""
    values = [regrets[k] for k in keys if regrets.get(k) is not None]
    within = sum(v <= GOAL_REGRET + 1e-12 for v in values)
    mean_log = sum(math.log(v) for v in values) / len(values) if values else 0.0
    return within, -round(mean_log, 9)


def fit(evaluate: Callable[[Setting], Mapping[Key, float]], train: Sequence[Key],
        start: Setting, knobs: Sequence[Knob] = KNOBS, passes: int = 3) -> Setting:
    """Coordinate descent: for each knob in turn, the ladder value that scores best on
    ``train`` with the others fixed (ties keep the current value); until a pass changes
    nothing."""
    current = tuple(start)
    best = score(evaluate(current), train)
    for _ in range(passes):
        changed = False
        for i, knob in enumerate(knobs):
            for value in knob.ladder:
                if value == current[i]:
                    continue
                trial = current[:i] + (value,) + current[i + 1:]
                s = score(evaluate(trial), train)
                if s > best:
                    current, best, changed = trial, s, True
        if not changed:
            break
    return current


class Evaluator:
    """Rule-only regret of every (fixture, kernel) under a setting, each setting once.

    ``scored_only`` fixtures (other sizes, other GPUs: never trained on) are evaluated only
    where :meth:`full` asks for them, i.e. at the settings a fold ends on."""

    def __init__(self, fixtures: Sequence[Path], rules: Sequence[Any],
                 knobs: Sequence[Knob] = KNOBS,
                 progress: Callable[[int], None] | None = None,
                 one_profile: Sequence[Path] = (),
                 scored_only: Sequence[Path] = ()) -> None:
        from gpuadvisor.sweep import read_sweep
        from gpuadvisor.validation import one_profile_view

        self.fixtures = [*fixtures, *one_profile]
        self.rules = list(rules)
        self.knobs = knobs
        self.tables = {p: read_sweep(p) for p in fixtures}
        # Kernels never used to fit anything before issue 11: read as a new user has them,
        # counters only from the usual default's profile and no manifest.
        self.tables.update({p: (one_profile_view(read_sweep(p)[0]), None) for p in one_profile})
        self.scored_only = {p for p in scored_only if p in self.tables}
        self.memo: dict[Setting, dict[Key, float]] = {}
        # The pick's "faster than 32x8/..." claims per kernel: (score ratio, time ratio,
        # confidence), for fitting and scoring the claim mapping (gpuadvisor/claims.py).
        self.pairs: dict[Setting, dict[Key, list[tuple[float, float, str]]]] = {}
        self.done: dict[Setting, set[Path]] = {}
        self.progress = progress

    def _run(self, setting: Setting, paths: Iterable[Path]) -> None:
        from gpuadvisor.analysis import analyze_sweep
        from gpuadvisor.validation import claim_pairs

        rules = with_setting(self.rules, setting, self.knobs)
        out = self.memo.setdefault(setting, {})
        pairs = self.pairs.setdefault(setting, {})
        done = self.done.setdefault(setting, set())
        for path in paths:
            if path in done:
                continue
            df, provenance = self.tables[path]
            analysis = analyze_sweep(df, rule_only=True, provenance=provenance, rules=rules)
            for k in analysis.kernels:
                if k.regret is not None:
                    out[(_name(path), k.kernel)] = float(k.regret)
                    pairs[(_name(path), k.kernel)] = claim_pairs(k)
            done.add(path)

    def __call__(self, setting: Setting) -> dict[Key, float]:
        if setting not in self.memo:
            self._run(setting, [p for p in self.tables if p not in self.scored_only])
            if self.progress is not None:
                self.progress(len(self.memo))
        return self.memo[setting]

    def full(self, setting: Setting) -> dict[Key, float]:
        """Every fixture, the scored-only ones included."""
        self(setting)
        self._run(setting, self.tables)
        return self.memo[setting]


def _name(path: Path) -> str:
    root = project_root()
    return str(path.relative_to(root)) if path.is_relative_to(root) else str(path)


def leave_one_kernel_out(evaluate: Evaluator, calibration: Sequence[Key],
                         heldout: Sequence[Key], knobs: Sequence[Knob] = KNOBS) -> dict:
    """One fit per kernel family without any of its fixtures; its fixtures (calibration and
    held-out sizes) scored with the constants fitted on the others."""
    start = start_setting(knobs)
    families = sorted({family(k) for _, k in calibration})
    folds = []
    for fam in families:
        train = [key for key in calibration if family(key[1]) != fam]
        test = [key for key in (*calibration, *heldout) if family(key[1]) == fam]
        fitted = fit(evaluate, train, start, knobs)
        regrets = getattr(evaluate, "full", evaluate)(fitted)
        pairs = getattr(evaluate, "pairs", {}).get(fitted, {})
        exponents = fit_exponents(p for key in train for p in pairs.get(key, ()))
        folds.append({
            "family": fam,
            "fitted": dict(zip((k.name for k in knobs), fitted, strict=True)),
            "train_within": score(regrets, train)[0], "train_kernels": len(train),
            "claim_exponents": exponents,
            "test": [{"fixture": f, "kernel": k, "regret": regrets.get((f, k)),
                      "in_calibration_set": (f, k) in set(calibration), "group": group(f),
                      **claim_record(pairs.get((f, k), []), exponents)}
                     for f, k in test],
        })
    full = fit(evaluate, list(calibration), start, knobs)
    full_pairs = getattr(evaluate, "pairs", {}).get(full, {})
    return {"folds": folds, "fitted_on_all": dict(zip((k.name for k in knobs), full,
                                                      strict=True)),
            "claim_exponents_fitted_on_all": fit_exponents(
                p for key in calibration for p in full_pairs.get(key, ())),
            "fitted_on_all_regrets": {f"{f}:{k}": r for (f, k), r in
                                      getattr(evaluate, "full", evaluate)(full).items()}}


def claim_record(pairs: Sequence[tuple[float, float, str]],
                 exponents: Mapping[str, float]) -> dict[str, Any]:
    """A kernel's claims scored with a fold's exponents: the errors of the figures given, how
    many got no figure, and the errors of the unmapped score ratio (every claim)."""
    errors = [claim_error(p, exponents) for p in pairs]
    return {"claim_errors": [round(e, 3) for e in errors if e is not None],
            "claims_withheld": sum(e is None for e in errors),
            "claim_errors_raw": [round(raw_error(p), 3) for p in pairs]}


def rules_digest(root: Path | None = None) -> str:
    """A hash of the rule files, so a stale result can be told from a current one."""
    digest = hashlib.sha256()
    for path in sorted((root or project_root() / "rules").glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def summarize(result: Mapping[str, Any]) -> dict[str, Any]:
    """Headline numbers of a leave-one-kernel-out result: the whole calibration set (every
    family), then each group of fixtures."""
    tests = [t for fold in result["folds"] for t in fold["test"] if t["regret"] is not None]

    def share(rows: list[dict]) -> tuple[int, int]:
        return sum(t["regret"] <= GOAL_REGRET + 1e-12 for t in rows), len(rows)

    def geomean(rows: list[dict]) -> float | None:
        if not rows:
            return None
        return round(math.exp(sum(math.log(t["regret"]) for t in rows) / len(rows)), 4)

    def in_group(t: dict) -> str:
        return t.get("group") or ("calibration" if t["in_calibration_set"] else "heldout")

    def claims(rows: list[dict]) -> dict[str, Any]:
        made = [e for t in rows for e in t.get("claim_errors", ())]
        raw = [e for t in rows for e in t.get("claim_errors_raw", ())]
        return {"claims": len(made), "withheld": sum(t.get("claims_withheld", 0) for t in rows),
                "claim_error": round(sum(made) / len(made), 2) if made else None,
                "raw_claims": len(raw),
                "raw_claim_error": round(sum(raw) / len(raw), 2) if raw else None}

    out: dict[str, Any] = {}
    cal = [t for t in tests if t["in_calibration_set"]]
    out["within_all_families"] = share(cal)
    out["geomean_regret_all_families"] = geomean(cal)
    out["claims_all_families"] = claims(cal)
    for name, key in (("calibration_fixtures", "calibration"), ("heldout_sizes", "heldout"),
                      ("new_kernels_h100", "new-h100"), ("new_kernels_h200", "new-h200")):
        rows = [t for t in tests if in_group(t) == key]
        out[f"within_{name}"] = share(rows)
        out[f"geomean_regret_{name}"] = geomean(rows)
        out[f"claims_{name}"] = claims(rows)
    return out


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console

    from gpuadvisor.rules.engine import load_rules
    from gpuadvisor.validation import fixture_files

    parser = argparse.ArgumentParser(
        prog="python -m gpuadvisor.calibration",
        description="Fit the rules' sweep-calibrated constants leave-one-kernel-out.")
    parser.add_argument("--out", type=Path, default=project_root() / "docs" / "loko.json")
    parser.add_argument(
        "--rescore-hand", action="store_true",
        help="keep the fit in --out; rescore the constants now in rules/*.yaml (after copying "
             "the fitted values into them) and refresh the digest. Refused unless the rules "
             "still reproduce the stored fitted-on-all regrets, i.e. only knob values or "
             "wording changed")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    started = time.time()
    rules = load_rules()
    cal_files, held_files = fixture_files(scored=True), fixture_files(heldout=True)
    new_h100, new_h200 = fixture_files(new_kernels="h100"), fixture_files(new_kernels="h200")
    evaluate = Evaluator([*cal_files, *held_files], rules,
                         progress=lambda n: console.print(f"settings evaluated: {n}",
                                                          highlight=False),
                         one_profile=[*new_h100, *new_h200],
                         scored_only=[*held_files, *new_h200])
    base = evaluate.full(hand_setting(rules))
    if args.rescore_hand:
        return rescore_hand(args.out, evaluate, rules, base, console)
    in_set = {_name(p) for p in (*cal_files, *new_h100)}
    calibration = [k for k in base if k[0] in in_set]
    heldout = [k for k in base if k[0] not in in_set]
    result = leave_one_kernel_out(evaluate, calibration, heldout)
    result.update({
        "rules_digest": rules_digest(), "knobs": [dataclasses.asdict(k) for k in KNOBS],
        "start": list(start_setting()), "hand": list(hand_setting(rules)),
        "hand_regrets": {f"{f}:{k}": r for (f, k), r in base.items()},
        "settings_evaluated": len(evaluate.memo), "seconds": round(time.time() - started),
    })
    result["summary"] = summarize(result)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    console.print(f"wrote {args.out}: {result['summary']}", highlight=False)
    return 0


def rescore_hand(path: Path, evaluate: Evaluator, rules: Sequence[Any],
                 base: Mapping[Key, float], console: Any) -> int:
    """Refresh a fit's record of the shipped constants without refitting (see --rescore-hand)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["knobs"] != [json.loads(json.dumps(dataclasses.asdict(k))) for k in KNOBS]:
        console.print("the knobs or ladders changed since the fit: rerun the fit")
        return 1
    full = tuple(data["fitted_on_all"][k.name] for k in KNOBS)
    again = {f"{f}:{k}": r for (f, k), r in evaluate.full(full).items()}
    stored = data["fitted_on_all_regrets"]
    if set(again) != set(stored) or any(abs(again[k] - stored[k]) > 1e-9 for k in stored):
        console.print("the rules no longer reproduce the fit's regrets: rerun the fit")
        return 1
    data.update({"rules_digest": rules_digest(), "hand": list(hand_setting(rules)),
                 "hand_regrets": {f"{f}:{k}": r for (f, k), r in base.items()}})
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    console.print(f"rescored the shipped constants in {path}", highlight=False)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
